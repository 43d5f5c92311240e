import type { DomainLifecycle, ServerContext } from '../../server-context';
import type { CookiePolicy } from '../../http/session';
import type { SessionPolicy } from '../auth/session-repository';
import { endSocketSessions, type SocketServer } from '../../sockets/socket-server';
import { deleteExpiredChallenges } from './two-factor-repository';
import { twoFactorRoutes } from './two-factor-routes';

/** How often expired sign-in challenges are deleted; each is checked for expiry when used. */
const CHALLENGE_SWEEP_MS = 10 * 60_000;

/**
 * Two-factor sign-in (src/contract/two-factor.ts): setup, the second sign-in step, recovery
 * codes, the administrator's reset and the per-role requirement. The password step itself is in
 * the auth domain, which hands a challenge instead of a session to users who have set it up;
 * the gate for users who must set it up is in the access check (server/http/endpoint.ts).
 */
export function registerTwoFactor(
  context: ServerContext,
  deps: {
    sessionPolicy: SessionPolicy;
    cookies: CookiePolicy;
    sockets: Pick<SocketServer, 'refreshUsers'>;
  },
): DomainLifecycle {
  const { http, db, log } = context;
  twoFactorRoutes(http, {
    db,
    ...deps,
    endSocketSessions: (hashes) => endSocketSessions(context.io, hashes),
  });
  let sweep: NodeJS.Timeout | undefined;
  return {
    start() {
      sweep = setInterval(() => {
        deleteExpiredChallenges(db).catch((error: unknown) =>
          log.error({ err: error }, 'two-factor challenge sweep failed'),
        );
      }, CHALLENGE_SWEEP_MS);
      sweep.unref();
    },
    close() {
      clearInterval(sweep);
    },
  };
}
