import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ATTENTION_STORE,
  LOCAL_DB_NAME,
  LOCAL_DB_VERSION,
  OUTBOX_STORE,
  getLocalDb,
  openLocalDb,
} from '../../../src/lib/local-db';
import { resetIndexedDb } from '../features/outbox/outbox-harness';

beforeEach(() => resetIndexedDb());

describe('local-db', () => {
  it('creates the outbox stores and indexes', async () => {
    const db = await openLocalDb();
    expect(db.name).toBe(LOCAL_DB_NAME);
    expect(db.version).toBe(LOCAL_DB_VERSION);
    expect([...db.objectStoreNames].sort()).toEqual([OUTBOX_STORE, ATTENTION_STORE].sort());
    const tx = db.transaction([OUTBOX_STORE, ATTENTION_STORE]);
    expect([...tx.objectStore(OUTBOX_STORE).indexNames].sort()).toEqual([
      'by-idempotency-key',
      'by-kind',
      'by-user',
      'by-user-kind',
    ]);
    expect([...tx.objectStore(ATTENTION_STORE).indexNames]).toEqual(['by-user']);
    db.close();
  });

  it('keeps data across connections', async () => {
    const first = await openLocalDb();
    await first.add(OUTBOX_STORE, {
      idempotencyKey: 'key-00000001',
      kind: 'moderated-time',
      payload: { user_id: 1, content_id: 2 },
      userId: 1,
      createdAt: 1,
      attempts: 0,
      lastError: null,
    } as never);
    first.close();
    const second = await openLocalDb();
    expect(await second.countFromIndex(OUTBOX_STORE, 'by-kind', 'moderated-time')).toBe(1);
    second.close();
  });

  it('shares one connection and lets another tab upgrade instead of blocking it', async () => {
    const shared = await getLocalDb();
    expect(await getLocalDb()).toBe(shared);
    // A newer version opened elsewhere succeeds only if our connection closes itself.
    const newer = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(LOCAL_DB_NAME, LOCAL_DB_VERSION + 1);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    expect(newer.version).toBe(LOCAL_DB_VERSION + 1);
    newer.close();
  });

  it('uses the names that public/maintenance.html reads', () => {
    const page = readFileSync('public/maintenance.html', 'utf8');
    expect(page).toContain(`DB_NAME = '${LOCAL_DB_NAME}'`);
    expect(page).toContain(`STORE = '${OUTBOX_STORE}'`);
    expect(page).toContain(`INDEX = 'by-kind'`);
  });
});
