import type { DomainLifecycle, ServerContext } from '../../server-context';
import type { Mailer } from '../mail/mailer';
import { authRoutes } from './auth-routes';
import { deleteExpiredSessions, type SessionPolicy } from './session-repository';

/** How often ended sessions are deleted; a session's end is also checked on every request. */
const SESSION_SWEEP_MS = 10 * 60_000;

/** Sign-in, sign-out and the password flows, and the sweep of ended sessions. */
export async function registerAuth(
  context: ServerContext,
  deps: { mailer: Mailer; sessionPolicy: SessionPolicy },
): Promise<DomainLifecycle> {
  const { http, db, config, log } = context;
  await authRoutes(http, {
    db,
    mailer: deps.mailer,
    sessionPolicy: deps.sessionPolicy,
    publicUrl: config.publicUrl,
  });
  let sweep: NodeJS.Timeout | undefined;
  return {
    start() {
      sweep = setInterval(() => {
        deleteExpiredSessions(db, deps.sessionPolicy).catch((error: unknown) =>
          log.error({ err: error }, 'session sweep failed'),
        );
      }, SESSION_SWEEP_MS);
      sweep.unref();
    },
    close() {
      clearInterval(sweep);
    },
  };
}
