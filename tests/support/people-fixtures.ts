/**
 * Fixtures of the people-and-access tests: signed-in clients for existing users without a
 * password round (a session made in the database, no scrypt), and audit-log readers.
 */
import type { Database, Queryable } from '../../server/db/database';
import { createSession } from '../../server/features/auth/session-repository';
import { SESSION_COOKIE } from '../../server/http/session';
import { TestClient } from './test-client';

export interface SignedInUser {
  id: number;
  username: string;
  client: TestClient;
  /** The Cookie header, for socket handshakes. */
  cookie: string;
}

/** A client signed in as an existing user, with a session made straight in the database. */
export async function sessionFor(
  db: Database,
  baseUrl: string,
  username: string,
): Promise<SignedInUser> {
  const [user] = await db.query<{ id: number; username: string }>(
    'select id, username from users where lower(username) = lower($1)',
    [username],
  );
  if (!user) throw new Error(`no user ${username}`);
  const sessionId = await createSession(
    db,
    user.id,
    { idleMs: 3_600_000, absoluteMs: 3_600_000 },
    { ip: '127.0.0.1', userAgent: 'test' },
  );
  const client = new TestClient(baseUrl);
  client.setCookie(SESSION_COOKIE, sessionId);
  return { id: user.id, username: user.username, client, cookie: client.cookieHeader() };
}

export interface AuditRow {
  actor_username: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: Record<string, unknown>;
}

export async function auditRows(db: Queryable, action?: string): Promise<AuditRow[]> {
  return db.query<AuditRow>(
    `select actor_username, action, target_type, target_id, details from audit_log
      where ($1::text is null or action = $1) order by id`,
    [action ?? null],
  );
}

export async function auditCount(db: Queryable): Promise<number> {
  const [row] = await db.query<{ count: number }>('select count(*)::int as count from audit_log');
  return row?.count ?? 0;
}

export async function roleIdOf(db: Queryable, name: string): Promise<number> {
  const [row] = await db.query<{ id: number }>('select id from roles where name = $1', [name]);
  if (!row) throw new Error(`no role ${name}`);
  return row.id;
}

/** A valid create-user body; override what a test is about. */
export function newUserBody(roleId: number, overrides: Record<string, unknown> = {}) {
  const suffix = Math.random().toString(36).slice(2, 8);
  return {
    username: `user_${suffix}`,
    first_name: 'New',
    last_name: 'Person',
    email: `user_${suffix}@example.com`,
    role_id: roleId,
    max_content: 6,
    is_batch_moderator: false,
    active: true,
    ...overrides,
  };
}
