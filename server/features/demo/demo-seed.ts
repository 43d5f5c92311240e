import type { Database } from '../../db/database';
import { hashPassword } from '../auth/password-hasher';
import { keepDemoOnPasswords } from '../two-factor/two-factor-policy';
import { countUsers, createUser, type NewUser } from '../users/user-repository';

/** One user per role, as SPEC §6 describes them. */
export const DEMO_USERS: Omit<NewUser, 'password_hash'>[] = [
  {
    username: 'admin',
    role: 'admin',
    first_name: 'Ada',
    last_name: 'Admin',
    email: 'admin@example.com',
  },
  {
    username: 'developer',
    role: 'developer',
    first_name: 'Dev',
    last_name: 'Eloper',
    email: 'developer@example.com',
  },
  {
    username: 'operator',
    role: 'operator',
    first_name: 'Olive',
    last_name: 'Operator',
    email: 'operator@example.com',
  },
  {
    username: 'batch',
    role: 'operator',
    first_name: 'Bart',
    last_name: 'Batch',
    email: 'batch@example.com',
    is_batch_moderator: true,
  },
  {
    username: 'customer',
    role: 'customer',
    first_name: 'Cus',
    last_name: 'Tomer',
    email: 'customer@example.com',
  },
  {
    username: 'demo',
    role: 'demo',
    first_name: 'Demo',
    last_name: 'User',
    email: 'demo@example.com',
  },
];

/** Creates the demo users when the database has no users; answers whether it did. */
export async function seedDemoUsers(db: Database, password: string): Promise<boolean> {
  if ((await countUsers(db)) > 0) return false;
  const hashes = await Promise.all(DEMO_USERS.map(() => hashPassword(password)));
  await db.transaction(async (tx) => {
    for (const [index, user] of DEMO_USERS.entries()) {
      await createUser(tx, { ...user, password_hash: hashes[index] ?? '' });
    }
    await keepDemoOnPasswords(tx);
  });
  return true;
}
