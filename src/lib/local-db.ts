/**
 * The one IndexedDB database of the console, opened through idb. Rules:
 *
 * - Everything the console keeps in IndexedDB lives here: one database, its stores, its indexes
 *   and the shapes stored in them. Features import this module, never `idb` or `indexedDB`.
 * - The schema only grows through `upgrade`: bump LOCAL_DB_VERSION and add a `case` for the new
 *   version. Never change or drop a store that a released version wrote to without migrating its
 *   data: entries in the outbox are submissions an operator trusts us to deliver.
 * - public/maintenance.html reads the outbox count straight from IndexedDB without a build step.
 *   It hard-codes LOCAL_DB_NAME, OUTBOX_STORE and the `by-kind` index: keep them in sync.
 * - A connection closes itself when another tab opens a newer version (`blocking`), so an
 *   update in one tab is never blocked by an old tab; the next call opens a fresh connection.
 * - The browser may keep the data forever; nothing here holds secrets beyond what the operator
 *   submitted, and entries carry the user id so one user never sends another user's entries.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { z } from 'zod';
import type {
  MediaLogRequest,
  ModeratedResult,
  ModeratedTimeRequestSchema,
} from '../contract/content';

/** Kept in sync with public/maintenance.html. */
export const LOCAL_DB_NAME = 'moderation-console';
export const LOCAL_DB_VERSION = 1;
/** Kept in sync with public/maintenance.html. */
export const OUTBOX_STORE = 'outbox';
export const ATTENTION_STORE = 'outbox-attention';

export type ModeratedTimeRequest = z.infer<typeof ModeratedTimeRequestSchema>;

/** What the outbox carries, by kind. `result` is a submission (SPEC §3 moderated result). */
export interface OutboxPayloads {
  result: ModeratedResult;
  'media-log': MediaLogRequest;
  'moderated-time': ModeratedTimeRequest;
}
export type OutboxKind = keyof OutboxPayloads;
export const OUTBOX_KINDS: readonly OutboxKind[] = ['result', 'moderated-time', 'media-log'];

interface EntryOf<K extends OutboxKind> {
  /** Insertion order, assigned by IndexedDB: the replay order within a kind. */
  seq: number;
  /** Made on the device at enqueue; sent with every attempt so the server stores it once. */
  idempotencyKey: string;
  kind: K;
  payload: OutboxPayloads[K];
  userId: number;
  /** Epoch milliseconds. */
  createdAt: number;
  attempts: number;
  lastError: string | null;
}

export type OutboxEntry = { [K in OutboxKind]: EntryOf<K> }[OutboxKind];
export type NewOutboxEntry = { [K in OutboxKind]: Omit<EntryOf<K>, 'seq'> }[OutboxKind];

/** An entry the server refused for good, kept until the operator retries or dismisses it. */
export type AttentionEntry = OutboxEntry & {
  /** A person-readable reason, usually the server's message. */
  reason: string;
  /** Machine-readable: a submit outcome such as `lease_moved`, or `http_<status>`. */
  code: string;
  movedAt: number;
};

export interface LocalDbSchema extends DBSchema {
  [OUTBOX_STORE]: {
    key: number;
    value: OutboxEntry;
    indexes: {
      /** Replay: one user's entries of one kind in insertion order. */
      'by-user-kind': [number, OutboxKind];
      'by-user': number;
      /** The maintenance page counts waiting results with it. */
      'by-kind': OutboxKind;
      'by-idempotency-key': string;
    };
  };
  [ATTENTION_STORE]: {
    key: string;
    value: AttentionEntry;
    indexes: { 'by-user': number };
  };
}

export type LocalDb = IDBPDatabase<LocalDbSchema>;

/** Opens a new connection. Most code wants `getLocalDb`; tests use this to reopen. */
export function openLocalDb(): Promise<LocalDb> {
  let db: LocalDb | undefined;
  const opening = openDB<LocalDbSchema>(LOCAL_DB_NAME, LOCAL_DB_VERSION, {
    upgrade(database, oldVersion) {
      // Falls through on purpose: a new database runs every step in order.
      switch (oldVersion) {
        case 0: {
          const outbox = database.createObjectStore(OUTBOX_STORE, {
            keyPath: 'seq',
            autoIncrement: true,
          });
          outbox.createIndex('by-user-kind', ['userId', 'kind']);
          outbox.createIndex('by-user', 'userId');
          outbox.createIndex('by-kind', 'kind');
          outbox.createIndex('by-idempotency-key', 'idempotencyKey', { unique: true });
          const attention = database.createObjectStore(ATTENTION_STORE, {
            keyPath: 'idempotencyKey',
          });
          attention.createIndex('by-user', 'userId');
        }
      }
    },
    blocking() {
      // Another tab wants a newer version: let it, and reopen on the next call.
      db?.close();
      if (shared === opening) shared = null;
    },
    terminated() {
      if (shared === opening) shared = null;
    },
  });
  void opening.then((opened) => (db = opened)).catch(() => undefined);
  return opening;
}

let shared: Promise<LocalDb> | null = null;

/** The app's shared connection, opened on first use. */
export function getLocalDb(): Promise<LocalDb> {
  if (!shared) {
    shared = openLocalDb();
    shared.catch(() => (shared = null));
  }
  return shared;
}
