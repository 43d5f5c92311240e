import { describe, expect, it } from 'vitest';
import { ingestEndpoints, type IngestItem } from '../../../../src/contract/content';
import {
  IDEMPOTENCY_TEXTS,
  sweepIdempotencyKeys,
} from '../../../../server/features/ingest/idempotency';
import { createTestService } from '../../../support/moderation-fixtures';
import { serviceClient, textItem } from '../../../support/protocol';
import { useTestServer } from '../../../support/test-server';

describe('POST /api/v1/contents with an Idempotency-Key', () => {
  const server = useTestServer();

  const send = (token: string, key: string | undefined, body: IngestItem | IngestItem[]) =>
    serviceClient(server.baseUrl, token).call(
      ingestEndpoints.submit,
      { body: Array.isArray(body) ? body : [body] },
      {
        csrf: false,
        requestedWith: false,
        ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
        // The body as the service sends it: one item stays one item.
        rawBody: JSON.stringify(body),
        contentType: 'application/json',
      },
    );

  const countItems = async (serviceId: number) => {
    const rows = await server.db.query<{ count: number }>(
      'select count(*)::int as count from contents where service_id = $1',
      [serviceId],
    );
    return rows[0]?.count ?? 0;
  };

  it('answers a retry with the first answer again and queues the items once', async () => {
    const { service, token } = await createTestService(server.db);
    const body = [textItem(1), textItem(2)];
    const first = await send(token, 'retry-key-0001', body);
    expect(first.status).toBe(202);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await send(token, 'retry-key-0001', body);
    expect(again.status).toBe(202);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await countItems(service.id)).toBe(2);

    // Another key, or no key, is another request.
    expect((await send(token, 'retry-key-0002', body)).status).toBe(202);
    expect((await send(token, undefined, body)).status).toBe(202);
    expect(await countItems(service.id)).toBe(6);
  });

  it('refuses the same key with another body with 422 idempotency_key_reused', async () => {
    const { service, token } = await createTestService(server.db);
    expect((await send(token, 'reused-key-01', textItem(1))).status).toBe(202);
    const other = await send(token, 'reused-key-01', textItem(2));
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({
      ok: false,
      code: 'idempotency_key_reused',
      message: IDEMPOTENCY_TEXTS.reused,
    });
    expect(await countItems(service.id)).toBe(1);
  });

  it('keeps keys apart per service', async () => {
    const first = await createTestService(server.db);
    const second = await createTestService(server.db);
    const a = await send(first.token, 'shared-key-01', textItem(1));
    const b = await send(second.token, 'shared-key-01', textItem(2));
    expect(a.status).toBe(202);
    expect(b.status).toBe(202);
    expect(b.body.data?.ids).not.toEqual(a.body.data?.ids);
    expect(await countItems(second.service.id)).toBe(1);
  });

  it('creates once when requests with the same key arrive together', async () => {
    const { service, token } = await createTestService(server.db);
    const body = [textItem(7), textItem(8), textItem(9)];
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => send(token, 'concurrent-key-1', body)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(202));
    const ids = answers[0]?.body.data?.ids;
    for (const answer of answers) expect(answer.body.data?.ids).toEqual(ids);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    expect(await countItems(service.id)).toBe(3);
  });

  it('refuses a malformed key with 422 naming the header, and queues nothing', async () => {
    const { service, token } = await createTestService(server.db);
    for (const key of ['short', 'has spaces in it', 'x'.repeat(256), 'clé-clé-clé-clé']) {
      const answer = await send(token, key, textItem(1));
      expect(answer.status, key).toBe(422);
      expect(answer.body.code).toBe('validation');
      expect(Object.keys(answer.body.fields ?? {})).toEqual(['Idempotency-Key']);
      expect(answer.body.message).toMatch(/Idempotency-Key/);
    }
    expect(await countItems(service.id)).toBe(0);
  });

  it('forgets a key after its time: the key is free again and the sweep deletes it', async () => {
    const { service, token } = await createTestService(server.db);
    expect((await send(token, 'old-key-0001', textItem(1))).status).toBe(202);
    await server.db.query(
      `update ingest_idempotency_keys set created_at = now() - interval '25 hours'
        where service_id = $1`,
      [service.id],
    );
    const fresh = await send(token, 'old-key-0001', textItem(2));
    expect(fresh.status).toBe(202);
    expect(fresh.headers.get('idempotent-replayed')).toBeNull();
    expect(await countItems(service.id)).toBe(2);

    expect((await send(token, 'old-key-0002', textItem(3))).status).toBe(202);
    await server.db.query(
      `update ingest_idempotency_keys set created_at = now() - interval '25 hours'
        where service_id = $1 and key = 'old-key-0002'`,
      [service.id],
    );
    expect(await sweepIdempotencyKeys(server.db)).toBeGreaterThanOrEqual(1);
    const left = await server.db.query<{ key: string }>(
      'select key from ingest_idempotency_keys where service_id = $1',
      [service.id],
    );
    expect(left.map((row) => row.key)).toEqual(['old-key-0001']);
  });

  it('keeps nothing for a refused request: its retry is judged again', async () => {
    const { service, token } = await createTestService(server.db);
    const bad = await send(token, 'refused-key-1', {
      ...textItem(1),
      message_type: 'audio' as never,
    });
    expect(bad.status).toBe(422);
    const keys = await server.db.query(
      'select 1 from ingest_idempotency_keys where service_id = $1',
      [service.id],
    );
    expect(keys).toHaveLength(0);
  });
});
