import { describe, expect, it } from 'vitest';
import {
  CSRF_HEADER,
  ERROR_CODES,
  REQUESTED_WITH_HEADER,
  REQUESTED_WITH_VALUE,
} from '../../../../src/contract/api';
import {
  CONTENT_SENDER_TEXTS,
  contentSenderEndpoints,
  type SendContentInput,
} from '../../../../src/contract/content-sender';
import { settingsEndpoints } from '../../../../src/contract/settings';
import { MEDIA_TEXTS } from '../../../../server/features/media/media-store';
import {
  createOperator,
  createTestService,
  type TestOperator,
} from '../../../support/moderation-fixtures';
import { claimItems, fetchContents } from '../../../support/protocol';
import { useTestServer } from '../../../support/test-server';

/** The smallest valid PNG: one transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

describe('content sender', () => {
  const server = useTestServer({ env: { DEMO_FEEDER: '0' } });

  async function upload(
    sender: TestOperator,
    bytes: Uint8Array,
    contentType = 'application/octet-stream',
  ) {
    // The token first: fetching it sets the cookie it is checked against.
    const csrf = await sender.client.csrf();
    const response = await fetch(new URL(contentSenderEndpoints.upload.path, server.baseUrl), {
      method: 'POST',
      headers: {
        cookie: sender.client.cookieHeader(),
        [CSRF_HEADER]: csrf,
        [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE,
        'content-type': contentType,
      },
      body: new Blob([new Uint8Array(bytes)]),
    });
    return {
      status: response.status,
      body: (await response.json()) as {
        ok: boolean;
        code?: string;
        message?: string;
        data?: { key: string; kind: string; mime: string; size: number; path: string };
      },
    };
  }

  async function admin() {
    return createOperator(server.db, server.baseUrl, { role: 'admin' });
  }

  function sendBody(serviceId: number, overrides: Partial<SendContentInput>): SendContentInput {
    return {
      service_id: serviceId,
      subscriber_id: 'sender-sub',
      user_id: 'u-1',
      username: 'Sam',
      source: 'text',
      ...overrides,
    };
  }

  it('stores an upload by its bytes, whatever it was called, and serves it inert', async () => {
    const sender = await admin();
    // A PNG the browser called a video is a PNG.
    const stored = await upload(sender, PNG, 'video/mp4');
    expect(stored.status).toBe(200);
    expect(stored.body.data).toMatchObject({ kind: 'image', mime: 'image/png', size: PNG.length });
    expect(stored.body.data?.key).toMatch(/^[0-9a-f]{64}\.png$/);

    const served = await fetch(new URL(stored.body.data?.path ?? '', server.baseUrl));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(served.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    // The same bytes again: the same address.
    expect((await upload(sender, PNG)).body.data?.key).toBe(stored.body.data?.key);

    // An SVG may hold script; it is served under a policy that runs none.
    const svg = await upload(sender, SVG_WITH_SCRIPT);
    expect(svg.body.data).toMatchObject({ kind: 'image', mime: 'image/svg+xml' });
    const servedSvg = await fetch(new URL(svg.body.data?.path ?? '', server.baseUrl));
    expect(servedSvg.headers.get('content-type')).toBe('image/svg+xml');
    expect(servedSvg.headers.get('content-security-policy')).toMatch(
      /script-src|default-src 'none'/,
    );
    expect(servedSvg.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('refuses HTML, empty and oversized uploads with a message saying why', async () => {
    const sender = await admin();
    const html = await upload(sender, HTML, 'image/png');
    expect(html.status).toBe(415);
    expect(html.body).toMatchObject({
      code: 'unsupported_media_type',
      message: MEDIA_TEXTS.unsupported,
    });
    expect(ERROR_CODES).toContain('unsupported_media_type');

    const empty = await upload(sender, new Uint8Array());
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe(MEDIA_TEXTS.empty);

    await sender.client.callOk(settingsEndpoints.save, { body: { media_max_megabytes: 1 } });
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 10)]);
    const tooLarge = await upload(sender, big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe(MEDIA_TEXTS.tooLarge(1024 * 1024));
    const options = await sender.client.callOk(contentSenderEndpoints.options, {});
    expect(options.data.max_upload_bytes).toBe(1024 * 1024);
    await sender.client.callOk(settingsEndpoints.save, { body: { media_max_megabytes: 50 } });
  });

  it('sends text, an address or an upload through ingest, and an operator gets it', async () => {
    const { service } = await createTestService(server.db);
    const sender = await admin();
    const options = await sender.client.callOk(contentSenderEndpoints.options, {});
    expect(options.data.services.map((entry) => entry.id)).toContain(service.id);

    const text = await sender.client.callOk(contentSenderEndpoints.send, {
      body: sendBody(service.id, { text: 'Buy pills here' }),
    });
    expect(text.data.message_type).toBe('text');

    const url = await sender.client.callOk(contentSenderEndpoints.send, {
      body: sendBody(service.id, {
        source: 'url',
        url: 'https://example.com/clip.mp3',
        url_type: 'audio',
      }),
    });
    expect(url.data.message_type).toBe('audio');

    const stored = await upload(sender, PNG);
    const file = await sender.client.callOk(contentSenderEndpoints.send, {
      body: sendBody(service.id, { source: 'file', media_key: stored.body.data?.key ?? '' }),
    });
    expect(file.data.message_type).toBe('image');

    const rows = await server.db.query<{
      id: number;
      message_type: string;
      content: string;
      ai_moderated_status: string[] | null;
      status: string;
    }>(
      `select id, message_type, content, ai_moderated_status, status from contents
        where id = any($1::bigint[]) order by id`,
      [[text.data.id, url.data.id, file.data.id]],
    );
    expect(rows.map((row) => row.status)).toEqual(['pending', 'pending', 'pending']);
    // The service's AI answered the text, as for an item from the API.
    expect(rows[0]?.ai_moderated_status).toEqual(['drugs']);
    expect(rows[2]?.content).toBe(`${server.baseUrl}${stored.body.data?.path ?? ''}`);

    const audit = await server.db.query<{
      action: string;
      target_id: string;
      actor_username: string;
    }>(
      `select action, target_id, actor_username from audit_log where action = 'content.send' order by id`,
    );
    expect(audit.map((row) => row.target_id)).toEqual(
      expect.arrayContaining([String(text.data.id), String(file.data.id)]),
    );

    const operator = await createOperator(server.db, server.baseUrl);
    const { socket, ids } = await claimItems(server.baseUrl, operator, 6);
    try {
      expect(ids).toEqual(expect.arrayContaining([text.data.id, url.data.id, file.data.id]));
      const items = await fetchContents(operator.client, [file.data.id]);
      expect(items[0]?.message_type).toBe('image');
    } finally {
      socket.close();
    }
  });

  it('refuses a send that lacks what its source needs, names an unknown service or upload', async () => {
    const { service } = await createTestService(server.db);
    const sender = await admin();
    const missing = await sender.client.call(contentSenderEndpoints.send, {
      body: sendBody(service.id, { source: 'url', subscriber_id: ' ', url: 'javascript:alert(1)' }),
    });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({
      fields: {
        subscriber_id: CONTENT_SENDER_TEXTS.subscriberRequired,
        url: CONTENT_SENDER_TEXTS.urlRequired,
      },
    });

    const unknownService = await sender.client.call(contentSenderEndpoints.send, {
      body: sendBody(1_999_999_999, { text: 'hello' }),
    });
    expect(unknownService.status).toBe(422);
    expect(unknownService.body).toMatchObject({
      fields: { service_id: CONTENT_SENDER_TEXTS.unknownService },
    });

    const unknownMedia = await sender.client.call(contentSenderEndpoints.send, {
      body: sendBody(service.id, { source: 'file', media_key: `${'ab'.repeat(32)}.png` }),
    });
    expect(unknownMedia.status).toBe(422);
    expect(unknownMedia.body).toMatchObject({
      fields: { media_key: CONTENT_SENDER_TEXTS.unknownMedia },
    });

    // An inactive service refuses it as the API would, and nothing is stored.
    await server.db.query('update services set active = false where id = $1', [service.id]);
    const before = await server.db.query<{ count: number }>(
      'select count(*)::int as count from contents where service_id = $1',
      [service.id],
    );
    const inactive = await sender.client.call(contentSenderEndpoints.send, {
      body: sendBody(service.id, { text: 'hello' }),
    });
    expect(inactive.status).toBe(403);
    const after = await server.db.query<{ count: number }>(
      'select count(*)::int as count from contents where service_id = $1',
      [service.id],
    );
    expect(after).toEqual(before);
  });
});
