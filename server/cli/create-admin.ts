/**
 * `npm run create-admin -- --username NAME [--email ADDRESS]`: creates an administrator. The
 * password is asked at a prompt, or read from standard input when it is not a terminal.
 */
import '../load-env';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { NewPasswordSchema } from '../../src/contract/auth';
import { loadConfig } from '../config';
import { openDatabase } from '../db/open-database';
import { hashPassword } from '../features/auth/password-hasher';
import { syncRolesAndPermissions } from '../features/users/role-repository';
import { createUser, findUserByUsername } from '../features/users/user-repository';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function readPassword(): Promise<string> {
  const rl = createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal: process.stdin.isTTY,
  });
  try {
    if (!process.stdin.isTTY) {
      for await (const line of rl) return line;
      return '';
    }
    return await rl.question('Password for the new administrator: ');
  } finally {
    rl.close();
  }
}

const { values } = parseArgs({
  options: { username: { type: 'string' }, email: { type: 'string' } },
});
const username = values.username?.trim();
if (!username) fail('Usage: npm run create-admin -- --username NAME [--email ADDRESS]');

const password = await readPassword();
const checked = NewPasswordSchema.safeParse(password);
if (!checked.success) fail(checked.error.issues[0]?.message ?? 'The password is not acceptable');

const db = await openDatabase(loadConfig());
try {
  await syncRolesAndPermissions(db);
  if (await findUserByUsername(db, username)) fail(`A user named '${username}' exists already.`);
  const id = await createUser(db, {
    username,
    email: values.email ?? null,
    role: 'admin',
    password_hash: await hashPassword(password),
  });
  process.stdout.write(`Created administrator '${username}' (id ${id}).\n`);
} finally {
  await db.close();
}
