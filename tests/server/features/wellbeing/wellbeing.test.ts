import { afterEach, describe, expect, it } from 'vitest';
import { authEndpoints } from '../../../../src/contract/auth';
import { reportEndpoints, type ProductivityRow } from '../../../../src/contract/reports';
import { clientEvents, type EventRefusal } from '../../../../src/contract/socket-events';
import { wellbeingEndpoints } from '../../../../src/contract/wellbeing';
import { createOperator, createTestService } from '../../../support/moderation-fixtures';
import { sessionFor } from '../../../support/people-fixtures';
import {
  claimItems,
  fetchContents,
  ingestItems,
  ingestTexts,
  moderatedResult,
  openModerationSocket,
  submitResults,
  takeModeration,
  textItem,
  waitFor,
  type SocketRecorder,
} from '../../../support/protocol';
import { useTestServer } from '../../../support/test-server';

/**
 * Operator wellbeing over HTTP and the moderation socket: the user's own choices, the treatments
 * forced per service and per AI tag delivered with each item, the server's count of sensitive
 * items (a reload does not reset it), take-break returning held items and recording wellness
 * time, and that time in the productivity report.
 */
describe('operator wellbeing', () => {
  const server = useTestServer({
    env: {
      DEMO_FEEDER: '0',
      WELLBEING_TAG_TREATMENTS: 'self_harm:blur, gore:both',
      WELLBEING_TAG_WORDS: 'harassment: idiot, Loser',
      WELLBEING_SENSITIVE_CAP_PER_HOUR: '2',
      WELLBEING_BREAK_AFTER_SECONDS: '5',
    },
  });
  const sockets: SocketRecorder[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await server.db.query('delete from contents');
    await server.db.query('delete from moderation_presence');
  });

  const setAiTags = (id: number, tags: string[]) =>
    server.db.query('update contents set ai_moderated_status = $2::jsonb where id = $1', [
      id,
      JSON.stringify(tags),
    ]);

  it('stores the choices per user, answers them with the session, and names a bad field', async () => {
    const operator = await createOperator(server.db, server.baseUrl);
    const before = await operator.client.callOk(wellbeingEndpoints.status, {});
    expect(before.data.prefs).toEqual({ media: 'none', sound: false });
    expect(before.data.policy).toEqual({
      break_after_seconds: 5,
      break_seconds: 300,
      sensitive_cap_per_hour: 2,
      break_mode: 'offer',
    });

    await operator.client.callOk(wellbeingEndpoints.save, { body: { media: 'both', sound: true } });
    const me = await operator.client.callOk(authEndpoints.currentUser, {});
    expect(me.data.wellbeing).toEqual({ media: 'both', sound: true });

    const bad = await operator.client.call(wellbeingEndpoints.save, {
      body: { media: 'sepia', sound: false } as never,
    });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('media');
    const extra = await operator.client.call(wellbeingEndpoints.save, {
      body: { media: 'blur', sound: 'loud' } as never,
    });
    expect(extra.status).toBe(422);
    expect(JSON.stringify(extra.body)).toContain('sound');
    // Another user's choices are untouched.
    const other = await createOperator(server.db, server.baseUrl);
    const theirs = await other.client.callOk(authEndpoints.currentUser, {});
    expect(theirs.data.wellbeing).toEqual({ media: 'none', sound: false });
  });

  it('sends the forced treatment per service and AI tag, and masked words, with each item', async () => {
    const { service, token } = await createTestService(server.db);
    await server.db.query("update services set protect_operators = 'grayscale' where id = $1", [
      service.id,
    ]);
    const plain = await createTestService(server.db);
    await ingestTexts(server.baseUrl, token, 1);
    await ingestItems(server.baseUrl, plain.token, [
      textItem(2, { content: 'you idiot' }),
      textItem(3, { content: 'fine' }),
    ]);
    const operator = await createOperator(server.db, server.baseUrl);
    const claimed = await claimItems(server.baseUrl, operator, 3);
    sockets.push(claimed.socket);
    expect(claimed.ids).toHaveLength(3);
    const [first = 0, second = 0, third = 0] = claimed.ids;
    await setAiTags(first, ['self_harm']);
    await setAiTags(second, ['Harassment']);
    await setAiTags(third, ['SAFE']);

    const items = await fetchContents(operator.client, claimed.ids);
    const byId = new Map(items.map((item) => [item.id, item.protection]));
    // Service grayscale and tag blur combine.
    expect(byId.get(first)).toEqual({ forced: 'both', mask_words: [] });
    expect(byId.get(second)).toEqual({ forced: 'none', mask_words: ['idiot', 'Loser'] });
    expect(byId.get(third)).toEqual({ forced: 'none', mask_words: [] });

    // One sensitive item shown, counted once however often the screen loads it.
    await fetchContents(operator.client, claimed.ids);
    const status = await operator.client.callOk(wellbeingEndpoints.status, {});
    expect(status.data.sensitive_last_hour).toBe(1);
  });

  it('take-break returns held items at once, records wellness time, and reports it', async () => {
    const { token } = await createTestService(server.db, { submitWithoutTags: true });
    await ingestTexts(server.baseUrl, token, 3);
    const operator = await createOperator(server.db, server.baseUrl);
    const claimed = await claimItems(server.baseUrl, operator, 3);
    sockets.push(claimed.socket);
    const [decided = 0, ...held] = claimed.ids;
    const answer = await submitResults(operator.client, [
      moderatedResult(operator, decided, { moderated_status: { spam: 0 } }),
    ]);
    expect(answer.status, answer.text).toBe(200);

    claimed.socket.socket.emit(clientEvents.takeBreak.name, { reason: 'reminder' });
    await waitFor(async () => {
      const rows = await server.db.query<{ status: string }>(
        'select status from contents where id = any($1::bigint[])',
        [held],
      );
      return rows.every((row) => row.status === 'pending');
    }, 'the held items back in the queue');
    const breaks = await server.db.query<{ reason: string; ended_at: Date | null }>(
      'select reason, ended_at from wellness_breaks where user_id = $1',
      [operator.id],
    );
    expect(breaks).toEqual([{ reason: 'reminder', ended_at: null }]);

    // Resuming ends the break.
    await server.db.query(
      "update wellness_breaks set started_at = now() - interval '90 seconds' where user_id = $1",
      [operator.id],
    );
    expect(await takeModeration(claimed.socket, operator.id)).toBe(true);
    await waitFor(async () => {
      const [row] = await server.db.query<{ ended_at: Date | null }>(
        'select ended_at from wellness_breaks where user_id = $1',
        [operator.id],
      );
      return Boolean(row?.ended_at);
    }, 'the break ended');

    const admin = await sessionFor(server.db, server.baseUrl, 'admin');
    const now = Date.now();
    const day = 86_400_000;
    const report = await admin.client.callOk(reportEndpoints.report, {
      query: {
        report: 'productivity',
        group: 'day',
        from: new Date(now - (now % day)).toISOString(),
        to: new Date(now - (now % day) + day - 1).toISOString(),
        operator_id: operator.id,
      },
    });
    const rows = report.data.rows as ProductivityRow[];
    expect(rows).toHaveLength(1);
    expect(rows[0]?.wellness_break_seconds).toBeGreaterThanOrEqual(89);
    expect(rows[0]?.wellness_break_seconds).toBeLessThan(200);
  });

  it('reports the break of an operator who decided nothing, in a row of its own', async () => {
    const operator = await createOperator(server.db, server.baseUrl);
    await server.db.query(
      `insert into wellness_breaks (user_id, reason, started_at, ended_at)
       values ($1, 'cap', now() - interval '2 minutes', now() - interval '1 minute')`,
      [operator.id],
    );
    const admin = await sessionFor(server.db, server.baseUrl, 'admin');
    const now = Date.now();
    const report = await admin.client.callOk(reportEndpoints.report, {
      query: {
        report: 'productivity',
        group: 'day',
        from: new Date(now - 86_400_000).toISOString(),
        to: new Date(now).toISOString(),
      },
    });
    const rows = (report.data.rows as ProductivityRow[]).filter(
      (row) => row.operator_id === operator.id,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      operator: operator.username,
      decided: 0,
      handling_p50: null,
      wellness_break_seconds: 60,
    });
  });

  it('refuses malformed take-break payloads with a validation answer and stays up', async () => {
    const operator = await createOperator(server.db, server.baseUrl);
    const socket = await openModerationSocket(server.baseUrl, operator);
    sockets.push(socket);
    const claimed = { socket };
    const hostile: unknown[] = [
      undefined,
      null,
      'x',
      42,
      [],
      { reason: 'nap' },
      { reason: '\u0000' },
    ];
    for (const payload of hostile) {
      const mark = claimed.socket.mark();
      claimed.socket.socket.emit(clientEvents.takeBreak.name, payload);
      const refusal = await claimed.socket.next(
        'refused',
        (args) => (args[0] as EventRefusal).event === 'take-break',
        { since: mark },
      );
      expect((refusal[0] as EventRefusal).code).toBe('validation');
    }
    const rows = await server.db.query('select 1 from wellness_breaks where user_id = $1', [
      operator.id,
    ]);
    expect(rows).toHaveLength(0);
  });
});
