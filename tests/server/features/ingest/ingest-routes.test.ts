import { describe, expect, it } from 'vitest';
import {
  issueServiceToken,
  revokeServiceToken,
} from '../../../../server/features/services/service-token-repository';
import { INGEST_TEXTS } from '../../../../server/features/ingest/ingest-routes';
import { createTestService } from '../../../support/moderation-fixtures';
import { useTestServer } from '../../../support/test-server';
import { ingest, textItem } from '../../../support/protocol';

describe('POST /api/v1/contents', () => {
  const server = useTestServer({ env: { DEMO_FEEDER: '0' } });

  it('takes one item or an array, answers 202 with the ids and applies the AI words', async () => {
    const { service, token } = await createTestService(server.db);
    const one = await ingest(server.baseUrl, token, textItem(1, { content: 'Free money here!' }));
    expect(one.status).toBe(202);
    expect(one.body.data?.ids).toHaveLength(1);

    const many = await ingest(server.baseUrl, token, [
      textItem(2),
      {
        ...textItem(3),
        message_type: 'image',
        content: 'https://example.com/a.png',
        content_additional_details: { reports: 2 },
      },
    ]);
    expect(many.status).toBe(202);
    const ids = many.body.data?.ids ?? [];
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBeLessThan(ids[1] ?? 0);

    const rows = await server.db.query<{
      id: number;
      service_id: number;
      status: string;
      ai_moderated_status: string[] | null;
      ai_state: string;
      message_type: string;
    }>(
      'select id, service_id, status, ai_moderated_status, ai_state, message_type from contents where id = any($1::bigint[]) order by id',
      [[...(one.body.data?.ids ?? []), ...ids]],
    );
    expect(rows.map((row) => row.status)).toEqual(['pending', 'pending', 'pending']);
    expect(rows.every((row) => row.service_id === service.id)).toBe(true);
    expect(rows[0]?.ai_moderated_status).toEqual(['spam']);
    expect(rows[1]?.ai_moderated_status).toEqual(['SAFE']);
    // Media get no answer from the local provider: the UI shows 'No AI Response'.
    expect(rows[2]?.ai_moderated_status).toBeNull();
    expect(rows[2]?.ai_state).toBe('none');

    const subscribers = await server.db.query<{ external_id: string }>(
      'select external_id from subscribers where service_id = $1 order by external_id',
      [service.id],
    );
    expect(subscribers.map((row) => row.external_id)).toEqual(['sub-0', 'sub-1', 'sub-2']);
  });

  it('refuses a missing or unknown token with 401', async () => {
    const missing = await fetch(new URL('/api/v1/contents', server.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(textItem(1)),
    });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ ok: false, message: INGEST_TEXTS.invalidToken });
    const unknown = await ingest(server.baseUrl, 'not-a-token', textItem(1));
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe('Invalid API token');
  });

  it('refuses a revoked or expired token with 401 saying so, and records it for the dashboard', async () => {
    const { service } = await createTestService(server.db);
    const revoked = await issueServiceToken(server.db, { serviceId: service.id });
    await revokeServiceToken(server.db, revoked.id);
    const answer = await ingest(server.baseUrl, revoked.token, textItem(1));
    expect(answer.status).toBe(401);
    expect(answer.body.message).toMatch(/revoked/);

    const expired = await issueServiceToken(server.db, {
      serviceId: service.id,
      expiresAt: new Date(Date.now() - 1000),
    });
    const late = await ingest(server.baseUrl, expired.token, textItem(1));
    expect(late.status).toBe(401);
    expect(late.body.message).toMatch(/expired/);

    const failed = await server.db.query<{ type: string; request: string; response: string }>(
      'select type, request, response from failed_content_requests where service_code = $1 order by id',
      [service.code],
    );
    expect(failed.map((row) => row.type)).toEqual(['token_revoked', 'token_expired']);
    expect(failed[0]?.request).toContain('subscriber_id');
    expect(failed[0]?.response).toContain(answer.body.message ?? 'revoked');
  });

  it('answers 422 naming each bad field and records the failed request', async () => {
    const { service, token } = await createTestService(server.db);
    const answer = await ingest(server.baseUrl, token, [
      textItem(1),
      { ...textItem(2), message_type: 'image', content: 'ftp://example.com/a.png' },
      { ...textItem(3), subscriber_id: '', file_url: 'javascript:alert(1)' },
    ]);
    expect(answer.status).toBe(422);
    expect(answer.body.fields).toMatchObject({
      '1.content': expect.stringMatching(/http\(s\)/),
      '2.subscriber_id': expect.any(String),
      '2.file_url': expect.stringMatching(/http\(s\)/),
    });
    expect(answer.body.message).toContain('1.content');

    const single = await ingest(server.baseUrl, token, { ...textItem(1), message_type: 'sticker' });
    expect(single.status).toBe(422);
    expect(Object.keys(single.body.fields ?? {})).toEqual(['message_type']);

    const failed = await server.db.query<{ service_code: string; type: string; response: string }>(
      'select service_code, type, response from failed_content_requests where service_code = $1 order by id',
      [service.code],
    );
    expect(failed).toHaveLength(2);
    expect(failed[0]?.type).toBe('validation');
    expect(failed[0]?.response).toContain('1.content');
    const stored = await server.db.query('select 1 from contents where service_id = $1', [
      service.id,
    ]);
    expect(stored).toHaveLength(0);
  });

  it('takes at most 100 items per request', async () => {
    const { token } = await createTestService(server.db);
    const tooMany = await ingest(
      server.baseUrl,
      token,
      Array.from({ length: 101 }, (_, n) => textItem(n)),
    );
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.message).toMatch(/at most 100/);
    const empty = await ingest(server.baseUrl, token, []);
    expect(empty.status).toBe(422);
    const hundred = await ingest(
      server.baseUrl,
      token,
      Array.from({ length: 100 }, (_, n) => textItem(n)),
    );
    expect(hundred.status).toBe(202);
    expect(hundred.body.data?.ids).toHaveLength(100);
  });
});
