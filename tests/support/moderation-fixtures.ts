/**
 * Data for the live-moderation tests and benchmarks, made straight in the database through the
 * server's own repositories: client services with an API token, and users with ready sessions
 * (no sign-in, so no scrypt). What they then do goes through tests/support/protocol.ts.
 */
import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../../server/db/database';
import { hashSecret } from '../../server/features/auth/tokens';
import {
  createService,
  type NewService,
  type ServiceRecord,
} from '../../server/features/services/service-repository';
import { issueServiceToken } from '../../server/features/services/service-token-repository';
import { createUser } from '../../server/features/users/user-repository';
import { sessionClient, type Moderator } from './protocol';

export const TEST_TAGS = ['nudity', 'violence', 'spam', 'drugs'];

export async function createTestService(
  db: Queryable,
  overrides: Partial<NewService> = {},
): Promise<{ service: ServiceRecord; token: string }> {
  const service = await createService(db, {
    code: `svc-${randomBytes(4).toString('hex')}`,
    name: 'Test Service',
    tags: TEST_TAGS,
    submitWithoutTags: false,
    enableDynamicTags: true,
    aiWordLists: { spam: ['free money', 'click here'], drugs: ['pills'] },
    ...overrides,
  });
  const { token } = await issueServiceToken(db, { serviceId: service.id });
  return { service, token };
}

/** Ready sessions for existing users, one each, valid for a day; answers the session ids. */
export async function createSessions(db: Queryable, userIds: number[]): Promise<string[]> {
  const sessions = userIds.map(() => randomBytes(32).toString('base64url'));
  await db.query(
    `insert into sessions (id_hash, user_id, expires_at)
     select h, u, now() + interval '1 day' from unnest($1::text[], $2::int[]) as t(h, u)`,
    [sessions.map(hashSecret), userIds],
  );
  return sessions;
}

export interface TestOperator extends Moderator {
  maxContent: number;
}

/** A user with a live session, made directly in the database. */
export async function createOperator(
  db: Database,
  baseUrl: string,
  options: { role?: string; maxContent?: number; username?: string } = {},
): Promise<TestOperator> {
  const username = options.username ?? `op_${randomBytes(5).toString('hex')}`;
  const maxContent = options.maxContent ?? 6;
  const id = await createUser(db, {
    username,
    role: options.role ?? 'operator',
    password_hash: 'no-password',
    max_content: maxContent,
  });
  const [sessionId = ''] = await createSessions(db, [id]);
  const client = sessionClient(baseUrl, sessionId);
  return { id, username, maxContent, cookie: client.cookieHeader(), client };
}
