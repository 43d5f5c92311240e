/**
 * The embedded database in a thread of its own (server/db/pglite-thread.ts, PGLITE_THREAD=1),
 * as the server opens it: rows arrive as in one thread (dates, JSON, arrays), prepared
 * statements and the deferred lane answer, a database error keeps the fields callers read
 * (code, detail), a transaction commits or rolls back as its callback ends, nothing else runs
 * while one is open, and a closed database says it is unavailable. Then the real server on it:
 * items ingested, claimed over the socket, submitted and stored. Embedded engine only.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DatabaseUnavailableError, type Database } from '../../../server/db/database';
import { openPgliteThreadDatabase } from '../../../server/db/pglite-thread';
import { createOperator, createTestService } from '../../support/moderation-fixtures';
import { claimItems, ingestTexts, moderatedResult, submitResults } from '../../support/protocol';
import { startTestServer, type TestServer } from '../../support/test-server';

const setup = inject('testDatabase');

describe.runIf(setup.kind === 'pglite')('the embedded database in its own thread', () => {
  let root: string;
  let db: Database;

  beforeAll(async () => {
    if (setup.kind !== 'pglite') return;
    root = mkdtempSync(path.join(os.tmpdir(), 'mc-thread-db-'));
    cpSync(setup.templates.blank, root, { recursive: true });
    db = await openPgliteThreadDatabase({ dataDir: root });
    await db.exec(`create table notes (id int primary key, body text not null,
                                       tags text[], extra jsonb, at timestamptz)`);
  });
  afterAll(async () => {
    await db?.close().catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  });

  it('answers queries, prepared statements and the deferred lane with rows as they are', async () => {
    const at = new Date('2026-11-28T10:00:00.000Z');
    const inserted = await db.query(
      'insert into notes (id, body, tags, extra, at) values ($1, $2, $3, $4, $5) returning *',
      [1, `it's`, ['a', 'b'], { nested: [1, null] }, at],
    );
    const expected = [{ id: 1, body: `it's`, tags: ['a', 'b'], extra: { nested: [1, null] }, at }];
    expect(inserted).toEqual(expected);
    const byId = 'select * from notes where id = any($1::int[])';
    expect(await db.queryPrepared('thread_notes_by_id', byId, [[1, 2]])).toEqual(expected);
    expect(await db.deferred.queryPrepared('thread_notes_by_id', byId, [[1]])).toEqual(expected);
    expect(await db.deferred.query('select count(*)::int as n from notes')).toEqual([{ n: 1 }]);
  });

  it('keeps the code and detail of a database error', async () => {
    await expect(
      db.query(`insert into notes (id, body) values (1, 'again')`),
    ).rejects.toMatchObject({
      code: '23505',
      detail: 'Key (id)=(1) already exists.',
    });
  });

  it('commits a transaction whose callback returns, and rolls back one whose callback throws', async () => {
    const returned = await db.transaction(async (tx) => {
      await tx.query(`insert into notes (id, body) values (2, 'kept')`);
      return (await tx.queryPrepared('thread_count', 'select count(*)::int as n from notes'))[0];
    });
    expect(returned).toEqual({ n: 2 });
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into notes (id, body) values (3, 'dropped')`);
        throw new Error('the caller changed its mind');
      }),
    ).rejects.toThrow('the caller changed its mind');
    await expect(
      db.transaction((tx) => tx.query(`insert into notes (id, body) values (2, 'duplicate')`)),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await db.query('select id, body from notes order by id')).toEqual([
      { id: 1, body: `it's` },
      { id: 2, body: 'kept' },
    ]);
  });

  it('runs a statement sent during a transaction after the transaction ends', async () => {
    const seen: string[] = [];
    let inside!: () => void;
    const transactionStarted = new Promise<void>((resolve) => (inside = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query(`insert into notes (id, body) values (4, 'late')`);
      inside();
      await released;
      seen.push('transaction');
    });
    await transactionStarted;
    const count = db.query<{ n: number }>('select count(*)::int as n from notes').then((rows) => {
      seen.push(`count ${rows[0]?.n}`);
    });
    release();
    await Promise.all([transaction, count]);
    expect(seen).toEqual(['transaction', 'count 3']);
  });

  it('says the database is unavailable once it is closed', async () => {
    await db.close();
    await expect(db.query('select 1')).rejects.toBeInstanceOf(DatabaseUnavailableError);
  });
});

describe.runIf(setup.kind === 'pglite')('the server on the database in its own thread', () => {
  let root: string;
  let server: TestServer;

  beforeAll(async () => {
    if (setup.kind !== 'pglite') return;
    root = mkdtempSync(path.join(os.tmpdir(), 'mc-thread-server-'));
    cpSync(setup.templates.demo, root, { recursive: true });
    const db = await openPgliteThreadDatabase({ dataDir: root });
    server = await startTestServer(db, { DEMO_FEEDER: '0' }).catch(async (error: unknown) => {
      await db.close();
      throw error;
    });
  });
  afterAll(async () => {
    await server?.close();
    await server?.db.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('hands ingested items to an operator over the socket and stores the submits', async () => {
    const { token } = await createTestService(server.db);
    const ids = await ingestTexts(server.baseUrl, token, 3);
    const operator = await createOperator(server.db, server.baseUrl, { maxContent: 3 });
    const { socket, ids: claimed } = await claimItems(server.baseUrl, operator, 3);
    try {
      expect(claimed).toEqual(ids);
      const answer = await submitResults(
        operator.client,
        claimed.map((id) => moderatedResult(operator, id)),
      );
      expect(answer.status).toBe(200);
    } finally {
      socket.close();
    }
    const rows = await server.db.query<{ status: string }>(
      'select status from contents where id = any($1::bigint[]) order by id',
      [ids],
    );
    expect(rows).toEqual(ids.map(() => ({ status: 'decided' })));
  });
});
