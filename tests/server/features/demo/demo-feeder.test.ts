import { describe, expect, it } from 'vitest';
import { DEMO_SERVICES } from '../../../../server/features/demo/demo-services';
import { useTestServer } from '../../../support/test-server';
import { waitFor } from '../../../support/protocol';

describe('demo mode', () => {
  const server = useTestServer({
    env: {
      SEED_DEMO: '1',
      DEMO_FEEDER: '1',
      DEMO_QUEUE_TARGET: '12',
      DEMO_FEED_INTERVAL_MS: '200',
    },
  });

  it('seeds the demo services, each with a token', async () => {
    const read = () =>
      server.db.query<{
        code: string;
        submit_without_tags: boolean;
        enable_dynamic_tags: boolean;
        tokens: number;
      }>(
        `select s.code, s.submit_without_tags, s.enable_dynamic_tags,
              (select count(*)::int from service_api_tokens t where t.service_id = s.id) as tokens
         from services s order by s.id`,
      );
    // The feeder makes its own token once the server listens.
    await waitFor(
      async () => (await read()).every((service) => service.tokens >= 2),
      'feeder tokens',
    );
    const services = await read();
    expect(services.map((service) => service.code)).toEqual(DEMO_SERVICES.map((s) => s.code));
    expect(services.map((service) => service.submit_without_tags)).toEqual([false, true]);
    expect(services.some((service) => service.enable_dynamic_tags)).toBe(true);
    expect(server.app.demo.seededServices?.tokens['demo-social']).toEqual(expect.any(String));
  });

  it('keeps the queue topped up to its target through the ingest API, with every kind', async () => {
    const counts = async () =>
      server.db.query<{ message_type: string; n: number }>(
        "select message_type, count(*)::int as n from contents where status = 'pending' group by 1",
      );
    await waitFor(
      async () => (await counts()).reduce((sum, row) => sum + row.n, 0) >= 12,
      'queue filled to its target',
    );
    const kinds = (await counts()).map((row) => row.message_type).sort();
    expect(kinds).toEqual(['audio', 'image', 'text', 'video']);
    const channels = await server.db.query<{ channel: string }>(
      'select distinct channel from contents where channel is not null order by channel',
    );
    expect(channels.map((row) => row.channel)).toEqual([
      'calls',
      'chat',
      'inbox',
      'social',
      'voice',
    ]);
    // Bounded: a few more rounds do not grow it past the target.
    const rounds = Date.now();
    await waitFor(() => Date.now() - rounds > 1_000, 'a few feeder rounds', { timeoutMs: 3_000 });
    expect((await counts()).reduce((sum, row) => sum + row.n, 0)).toBe(12);
  });

  it('serves the sample media without network: SVG pictures and clips with ranges', async () => {
    const item = await server.db.query<{ content: string }>(
      "select content from contents where message_type = 'video' limit 1",
    );
    const videoUrl = new URL(item[0]?.content ?? '');
    const local = new URL(videoUrl.pathname, server.baseUrl);
    const whole = await fetch(local);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toMatch(/^video\/(webm|mp4)/);
    const part = await fetch(local, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(100);

    const svg = await fetch(new URL('/demo-media/images/3.svg', server.baseUrl));
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    expect(await svg.text()).toContain('<svg');
    expect((await fetch(new URL('/demo-media/images/999.svg', server.baseUrl))).status).toBe(422);
    expect((await fetch(new URL('/demo-media/nothing.webm', server.baseUrl))).status).toBe(404);
  });
});
