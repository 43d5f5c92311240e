import type { Database } from '../../db/database';
import { recordAudit } from '../audit/audit-repository';
import { createSession, deleteSession, type SessionPolicy } from './session-repository';

/**
 * Sign-in and sign-out with their audit rows ('auth.sign_in', 'auth.sign_out'), each written in
 * the transaction that creates or ends the session. Failed attempts are not audit rows: the
 * login history records every attempt (login-throttle.ts, recordLoginAttempt).
 */
export async function startAuditedSession(
  db: Database,
  user: { id: number; username: string },
  policy: SessionPolicy,
  client: { ip: string; userAgent: string | undefined },
): Promise<string> {
  return db.transaction(async (tx) => {
    const sessionId = await createSession(tx, user.id, policy, client);
    await recordAudit(tx, {
      actor: { id: user.id, username: user.username },
      action: 'auth.sign_in',
      target: { type: 'user', id: user.id },
      details: { user_agent: client.userAgent ?? null },
      ip: client.ip,
    });
    return sessionId;
  });
}

/**
 * Ends a session. `user` is who the session belonged to while it was live; a cookie of a session
 * that already ended (expired, kicked) is only cleared, with no audit row.
 */
export async function endAuditedSession(
  db: Database,
  sessionId: string,
  user: { id: number; username: string } | null,
  ip: string,
): Promise<void> {
  if (!user) {
    await deleteSession(db, sessionId);
    return;
  }
  await db.transaction(async (tx) => {
    await deleteSession(tx, sessionId);
    await recordAudit(tx, {
      actor: { id: user.id, username: user.username },
      action: 'auth.sign_out',
      target: { type: 'user', id: user.id },
      ip,
    });
  });
}
