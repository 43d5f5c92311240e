import { afterEach, describe, expect, it } from 'vitest';
import type { ModeratedResult } from '../../../../src/contract/content';
import { NAMESPACES } from '../../../../src/contract/socket-events';
import {
  createOperator,
  createTestService,
  type TestOperator,
} from '../../../support/moderation-fixtures';
import { leasedContentItems } from '../../../../server/features/moderation/content-repository';
import { countModeratedToday } from '../../../../server/features/statistics/statistics-repository';
import { useTestServer } from '../../../support/test-server';
import {
  claimItems,
  ingestTexts,
  moderatedResult,
  submitResults,
  SocketRecorder,
  waitFor,
} from '../../../support/protocol';

/** The contract's type checks 'additional' against the 0/1 index signature too; the wire does not. */
const withCustomTag = (tags: Record<string, 0 | 1>, custom: string) =>
  ({ ...tags, additional: custom }) as unknown as ModeratedResult['moderated_status'];

describe('content calls of the moderation screen', () => {
  const server = useTestServer({ env: { DEMO_FEEDER: '0', LEASE_GRACE_SECONDS: '30' } });
  const sockets: SocketRecorder[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await server.db.query('delete from contents');
    await server.db.query('delete from moderation_presence');
  });

  /** Connects, takes moderation and claims `count` items; answers their ids. */
  const claim = async (operator: TestOperator, count: number) => {
    const claimed = await claimItems(server.baseUrl, operator, count);
    sockets.push(claimed.socket);
    return claimed;
  };

  const result = moderatedResult;

  const submit = (operator: TestOperator, results: ModeratedResult[]) =>
    submitResults(operator.client, results);

  it('content/update returns full items, only those leased to the caller', async () => {
    const { service, token } = await createTestService(server.db);
    const ids = await ingestTexts(server.baseUrl, token, 3);
    const alice = await createOperator(server.db, server.baseUrl);
    const bob = await createOperator(server.db, server.baseUrl);
    const mine = await claim(alice, 2);
    expect(mine.ids).toEqual(ids.slice(0, 2));

    const answer = await alice.client.post<{ ok: boolean; data: Record<string, unknown>[] }>(
      '/api/content/update',
      ids.map((id) => ({ id })),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((item) => item.id)).toEqual(ids.slice(0, 2));
    const item = answer.body.data[0];
    expect(item).toMatchObject({
      service: service.name,
      subscriber_id: 'sub-0',
      message_type: 'text',
      customTag: null,
      submit_without_tags: 'no',
      enable_dynamic_tags: 'yes',
      tags: service.tags.map((name) => ({ name, selected: false })),
      ai_moderated_status: ['SAFE'],
    });
    expect(item?.bound_time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const theirs = await bob.client.post<{ data: unknown[] }>(
      '/api/content/update',
      ids.map((id) => ({ id })),
    );
    expect(theirs.body.data).toEqual([]);

    // Asked for together (one read for both), each gets only the items leased to them.
    const bobs = await claim(bob, 1);
    expect(bobs.ids).toEqual([ids[2]]);
    const both = await Promise.all(
      [alice, bob, alice].map((operator) =>
        operator.client.post<{ data: { id: number }[] }>(
          '/api/content/update',
          [...ids].reverse().map((id) => ({ id })),
        ),
      ),
    );
    expect(both.map((answer) => answer.body.data.map((row) => row.id))).toEqual([
      ids.slice(0, 2),
      [ids[2]],
      ids.slice(0, 2),
    ]);
    const keys = (ids as number[]).flatMap((id) => [
      { userId: alice.id, id },
      { userId: bob.id, id },
    ]);
    expect((await leasedContentItems(server.db, keys)).map((row) => row?.id ?? null)).toEqual([
      ids[0],
      null,
      ids[1],
      null,
      null,
      ids[2],
    ]);

    const bad = await alice.client.post('/api/content/update', [{ id: 'x' }]);
    expect(bad.status).toBe(422);
    expect(bad.body.fields?.['0.id']).toBeDefined();
    const customer = await createOperator(server.db, server.baseUrl, { role: 'customer' });
    expect((await customer.client.post('/api/content/update', [])).status).toBe(403);
  });

  it('stores a submission once: a replay is acknowledged as duplicate, one decision', async () => {
    const { token } = await createTestService(server.db);
    await ingestTexts(server.baseUrl, token, 1);
    const operator = await createOperator(server.db, server.baseUrl);
    const { socket, ids } = await claim(operator, 1);
    const id = ids[0] ?? 0;
    const stats = await SocketRecorder.connect(
      server.baseUrl,
      NAMESPACES.userStats,
      operator.cookie,
    );
    sockets.push(stats);

    const entry = result(operator, id, { idempotency_key: 'key-00000001' });
    const first = await submit(operator, [entry]);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual([
      expect.objectContaining({
        content_id: id,
        idempotency_key: 'key-00000001',
        status: 'stored',
      }),
    ]);
    const replay = await submit(operator, [entry]);
    expect(replay.body.data[0]?.status).toBe('duplicate');
    // Same item again without a key: acknowledged, recorded, not decided twice.
    const again = await submit(operator, [result(operator, id)]);
    expect(again.body.data[0]?.status).toBe('duplicate');

    const rows = await server.db.query<{ outcome: string; idempotency_key: string | null }>(
      'select outcome, idempotency_key from moderation_results where content_id = $1 order by id',
      [id],
    );
    expect(rows).toEqual([
      { outcome: 'stored', idempotency_key: 'key-00000001' },
      { outcome: 'duplicate', idempotency_key: null },
    ]);
    const item = await server.db.query<{
      status: string;
      decided_by: number;
      moderated_status: unknown;
    }>('select status, decided_by, moderated_status from contents where id = $1', [id]);
    expect(item[0]).toMatchObject({ status: 'decided', decided_by: operator.id });
    expect(item[0]?.moderated_status).toEqual({ spam: 1, nudity: 0 });
    // The top bar's moderated count follows the decision.
    const moderated = await stats.next(`user-moderated-${operator.id}`);
    expect(moderated[0]).toEqual({ moderated: 1 });
    void socket;

    const count = await operator.client.get<{ data: { moderated: number } }>(
      `/api/statistics/moderated/${operator.id}?start_date=2000-01-01 00:00:00&end_date=2999-12-31 23:59:59`,
    );
    expect(count.body.data.moderated).toBe(1);
    // Counts asked for together are read in one statement, each user's own.
    const counts = await countModeratedToday(server.db, [operator.id, operator.id + 1000]);
    expect([...counts.entries()]).toEqual([
      [operator.id, 1],
      [operator.id + 1000, 0],
    ]);
  });

  it('answers late and foreign submissions per item, recording each', async () => {
    const { token } = await createTestService(server.db);
    await ingestTexts(server.baseUrl, token, 3);
    const alice = await createOperator(server.db, server.baseUrl);
    const bob = await createOperator(server.db, server.baseUrl);
    const aliceClaim = await claim(alice, 3);
    const [released, moved, decided] = aliceClaim.ids as [number, number, number];

    // Alice drops two items back to the queue; Bob takes both and drops one again.
    aliceClaim.socket.socket.emit('unmap-content', { content: { id: released }, reason: 'test' });
    await waitFor(
      async () =>
        (
          await server.db.query<{ status: string }>('select status from contents where id = $1', [
            released,
          ])
        )[0]?.status === 'pending',
      'released',
    );
    // Another item moves to Bob.
    aliceClaim.socket.socket.emit('unmap-content', { content: { id: moved }, reason: 'test' });
    await waitFor(
      async () =>
        (
          await server.db.query<{ status: string }>('select status from contents where id = $1', [
            moved,
          ])
        )[0]?.status === 'pending',
      'moved',
    );
    const bobClaim = await claim(bob, 2);
    expect(bobClaim.ids).toEqual([released, moved].sort((a, b) => a - b));
    aliceClaim.socket.socket.emit('unmap-content', { content: { id: released }, reason: 'x' });
    bobClaim.socket.socket.emit('unmap-content', { content: { id: released }, reason: 'back' });
    await waitFor(
      async () =>
        (
          await server.db.query<{ status: string }>('select status from contents where id = $1', [
            released,
          ])
        )[0]?.status === 'pending',
      'released by bob',
    );

    const bobDecides = await submit(bob, [result(bob, decided)]);
    expect(bobDecides.body.data[0]?.status).toBe('lease_moved');

    // Bob held the last lease on `released`: Alice's late result is refused, it is not hers.
    const answer = await submit(alice, [
      result(alice, released),
      result(alice, moved),
      result(alice, decided),
      result(alice, 987654321),
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((item) => item.status)).toEqual([
      'not_assigned',
      'lease_moved',
      'stored',
      'unknown_content',
    ]);
    // Bob's late result for the item he released is taken: his was the last lease.
    const bobLate = await submit(bob, [result(bob, released), result(bob, decided)]);
    expect(bobLate.body.data.map((item) => item.status)).toEqual(['stored', 'already_decided']);
    expect(bobLate.body.data[1]?.message).toMatch(/recorded/);

    const outcomes = await server.db.query<{ outcome: string }>(
      'select outcome from moderation_results where user_id = any($1::int[]) order by id',
      [[alice.id, bob.id]],
    );
    expect(outcomes.map((row) => row.outcome)).toEqual([
      'lease_moved',
      'not_assigned',
      'lease_moved',
      'stored',
      'unknown_content',
      'stored',
      'already_decided',
    ]);
  });

  const statusOf = async (id: number) =>
    (
      await server.db.query<{ status: string; decided_by: number | null }>(
        'select status, decided_by from contents where id = $1',
        [id],
      )
    )[0];

  it('refuses a result for a pending item never assigned to the caller', async () => {
    const { token } = await createTestService(server.db);
    const [id = 0] = await ingestTexts(server.baseUrl, token, 1);
    const stranger = await createOperator(server.db, server.baseUrl);
    const answer = await submit(stranger, [
      result(stranger, id, { idempotency_key: 'never-mine' }),
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.data[0]).toMatchObject({ status: 'not_assigned', content_id: id });
    expect(answer.body.data[0]?.message).toMatch(/not assigned to you/);
    expect(await statusOf(id)).toEqual({ status: 'pending', decided_by: null });
    const [row] = await server.db.query<{ outcome: string; user_id: number }>(
      `select outcome, user_id from moderation_results where idempotency_key = 'never-mine'`,
    );
    expect(row).toEqual({ outcome: 'not_assigned', user_id: stranger.id });
  });

  it('takes a late result from the last lease holder after the lease lapsed', async () => {
    const { token } = await createTestService(server.db);
    await ingestTexts(server.baseUrl, token, 1);
    const operator = await createOperator(server.db, server.baseUrl);
    const { ids } = await claim(operator, 1);
    const id = ids[0] ?? 0;
    // The lease ran out and the sweeper put the item back into the queue.
    await server.db.query(
      `update contents set status = 'pending', assigned_to = null, lease_expires_at = null
        where id = $1`,
      [id],
    );
    const answer = await submit(operator, [result(operator, id)]);
    expect(answer.body.data[0]?.status).toBe('stored');
    expect(await statusOf(id)).toEqual({ status: 'decided', decided_by: operator.id });
  });

  it('answers a replayed key with its first outcome, a refusal included', async () => {
    const { token } = await createTestService(server.db);
    await ingestTexts(server.baseUrl, token, 1);
    const alice = await createOperator(server.db, server.baseUrl);
    const bob = await createOperator(server.db, server.baseUrl);
    const { ids } = await claim(alice, 1);
    const id = ids[0] ?? 0;
    const refused = result(bob, id, { idempotency_key: 'bob-late-0001' });
    expect((await submit(bob, [refused])).body.data[0]?.status).toBe('lease_moved');
    // The item is decided meanwhile; the lost answer is asked for again with the same key.
    expect((await submit(alice, [result(alice, id)])).body.data[0]?.status).toBe('stored');
    const replay = await submit(bob, [refused, refused]);
    expect(replay.body.data.map((item) => item.status)).toEqual(['lease_moved', 'lease_moved']);
    const rows = await server.db.query<{ outcome: string }>(
      `select outcome from moderation_results where idempotency_key = 'bob-late-0001'`,
    );
    expect(rows).toEqual([{ outcome: 'lease_moved' }]);
  });

  it('refuses a key used before for another item or by another user', async () => {
    const { token } = await createTestService(server.db);
    await ingestTexts(server.baseUrl, token, 3);
    const alice = await createOperator(server.db, server.baseUrl);
    const bob = await createOperator(server.db, server.baseUrl);
    const { ids } = await claim(alice, 2);
    const [first, second] = ids as [number, number];
    const { ids: bobIds } = await claim(bob, 1);
    const bobs = bobIds[0] ?? 0;

    const key = 'shared-key-0001';
    const answer = await submit(alice, [
      result(alice, first, { idempotency_key: key }),
      result(alice, second, { idempotency_key: key }),
    ]);
    expect(answer.body.data.map((item) => item.status)).toEqual(['stored', 'key_reused']);
    const later = await submit(alice, [result(alice, second, { idempotency_key: key })]);
    expect(later.body.data[0]?.status).toBe('key_reused');
    expect(await statusOf(second)).toEqual({ status: 'assigned', decided_by: null });
    const foreign = await submit(bob, [result(bob, bobs, { idempotency_key: key })]);
    expect(foreign.body.data[0]?.status).toBe('key_reused');
    expect(await statusOf(bobs)).toMatchObject({ status: 'assigned' });

    // Each refused submission is recorded (without the key), the key keeps its first owner.
    const rows = await server.db.query<{ content_id: number; key: string | null; outcome: string }>(
      `select content_id::int as content_id, idempotency_key as key, outcome
         from moderation_results where content_id = any($1::bigint[]) order by id`,
      [[first, second, bobs]],
    );
    expect(rows).toEqual([
      { content_id: first, key, outcome: 'stored' },
      { content_id: second, key: null, outcome: 'key_reused' },
      { content_id: second, key: null, outcome: 'key_reused' },
      { content_id: bobs, key: null, outcome: 'key_reused' },
    ]);
  });

  it('acknowledges parallel sends of one key and stores them once', async () => {
    const { token } = await createTestService(server.db);
    await ingestTexts(server.baseUrl, token, 1);
    const operator = await createOperator(server.db, server.baseUrl);
    const { ids } = await claim(operator, 1);
    const id = ids[0] ?? 0;
    const entry = result(operator, id, { idempotency_key: 'parallel-0001' });
    await operator.client.csrf();
    const answers = await Promise.all(Array.from({ length: 6 }, () => submit(operator, [entry])));
    // The first to reserve the key stores it; the others wait for it and are its replays.
    expect(answers.map((answer) => answer.body.data[0]?.status).sort()).toEqual([
      ...Array.from({ length: 5 }, () => 'duplicate'),
      'stored',
    ]);
    const rows = await server.db.query('select 1 from moderation_results where content_id = $1', [
      id,
    ]);
    expect(rows).toHaveLength(1);
  });

  it('validates tags against the item and the service rules with 422 naming the item', async () => {
    const { token } = await createTestService(server.db);
    const relaxed = await createTestService(server.db, {
      submitWithoutTags: true,
      enableDynamicTags: false,
    });
    await ingestTexts(server.baseUrl, token, 1);
    await ingestTexts(server.baseUrl, relaxed.token, 1);
    const operator = await createOperator(server.db, server.baseUrl);
    const { ids } = await claim(operator, 2);
    const [strict, loose] = ids as [number, number];

    const untagged = await submit(operator, [
      result(operator, strict, { moderated_status: { spam: 0 } }),
    ]);
    expect(untagged.status).toBe(422);
    expect(untagged.body.fields?.['0.moderated_status']).toMatch(
      new RegExp(`content ${strict}: .*at least one tag`),
    );
    const unknownTag = await submit(operator, [
      result(operator, strict, { moderated_status: { weapons: 1 } }),
    ]);
    expect(unknownTag.status).toBe(422);
    expect(unknownTag.body.message).toMatch(/'weapons' is not a tag/);
    const custom = await submit(operator, [
      result(operator, loose, { moderated_status: withCustomTag({}, 'scam') }),
    ]);
    expect(custom.status).toBe(422);
    expect(custom.body.fields?.['0.moderated_status']).toMatch(/custom tag/);
    const foreignUser = await submit(operator, [result(operator, strict, { user_id: 1 })]);
    expect(foreignUser.status).toBe(422);
    expect(foreignUser.body.fields?.['0.user_id']).toBeDefined();
    const malformed = await submit(operator, [{ content_id: 'x' } as never]);
    expect(malformed.status).toBe(422);

    const ok = await submit(operator, [
      result(operator, strict, { moderated_status: withCustomTag({ spam: 0 }, 'scam') }),
      result(operator, loose, { moderated_status: {} }),
    ]);
    expect(ok.status).toBe(200);
    expect(ok.body.data.map((item) => item.status)).toEqual(['stored', 'stored']);
  });

  it('stores moderated time and media logs, once per idempotency key', async () => {
    const operator = await createOperator(server.db, server.baseUrl);
    const loaded = { user_id: operator.id, content_id: 42, idempotency_key: 'loaded-0001' };
    for (let n = 0; n < 2; n += 1) {
      const answer = await operator.client.post(
        '/api/v2/content-duration/update-user-moderated-time',
        loaded,
      );
      expect(answer.status).toBe(200);
    }
    const log = {
      action: 'play',
      user_id: operator.id,
      onEnlargedContent: false,
      content: { content_id: 42, currentTime: 1.5, duration: 3 },
      idempotency_key: 'media-log-0001',
    };
    for (let n = 0; n < 2; n += 1) {
      expect((await operator.client.post('/api/content/log-content', log)).status).toBe(200);
    }
    const durations = await server.db.query('select 1 from content_durations where user_id = $1', [
      operator.id,
    ]);
    const logs = await server.db.query<{ action: string; media_time: number }>(
      'select action, media_time from media_logs where user_id = $1',
      [operator.id],
    );
    expect(durations).toHaveLength(1);
    expect(logs).toEqual([{ action: 'play', media_time: 1.5 }]);
    const bad = await operator.client.post('/api/content/log-content', {
      ...log,
      action: 'rewind',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.fields?.action).toBeDefined();
  });

  it('answers user-pending-stat for the own user and guards the moderated count', async () => {
    const { token } = await createTestService(server.db);
    await ingestTexts(server.baseUrl, token, 5);
    const operator = await createOperator(server.db, server.baseUrl);
    await claim(operator, 2);
    const stats = await SocketRecorder.connect(
      server.baseUrl,
      NAMESPACES.userStats,
      operator.cookie,
    );
    sockets.push(stats);
    stats.socket.emit('user-pending-stat', operator.id);
    const [stat] = await stats.next('user-pending-stat');
    expect(stat).toEqual({ total_pending: 5, pending: 3, assigned: 2 });

    const other = await createOperator(server.db, server.baseUrl);
    const forbidden = await other.client.get(
      `/api/statistics/moderated/${operator.id}?start_date=2000-01-01 00:00:00&end_date=2999-12-31 23:59:59`,
    );
    expect(forbidden.status).toBe(403);
    const badDate = await operator.client.get(
      `/api/statistics/moderated/${operator.id}?start_date=yesterday&end_date=2999-12-31 23:59:59`,
    );
    expect(badDate.status).toBe(422);
    expect(badDate.body.fields?.start_date).toBeDefined();
  });
});
