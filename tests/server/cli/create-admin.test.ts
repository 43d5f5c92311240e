import { afterEach, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '../../../src/contract/permissions';
import { runCli } from '../../support/run-cli';
import { prepareTestDatabase, type PreparedTestDatabase } from '../../support/test-database';
import { startTestServer, type TestServer } from '../../support/test-server';

const SCRIPT = 'server/cli/create-admin.ts';

describe('npm run create-admin', () => {
  let prepared: PreparedTestDatabase | undefined;
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    await prepared?.dispose();
    server = undefined;
    prepared = undefined;
  });

  const countUsers = async (database: PreparedTestDatabase) => {
    const db = await database.open();
    const [row] = await db.query<{ count: number }>('select count(*)::int as count from users');
    return { db, count: row?.count ?? 0 };
  };

  it('creates an administrator from the password on stdin, who can then sign in', async () => {
    prepared = await prepareTestDatabase('migrated');
    const result = await runCli(SCRIPT, ['--username', 'chief', '--email', 'chief@example.com'], {
      env: prepared.env,
      stdin: 'a long enough passphrase\n',
    });
    expect(result.stderr).not.toMatch(/Error/);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Created administrator 'chief'");

    const { db, count } = await countUsers(prepared);
    expect(count).toBe(1);
    server = await startTestServer(db);
    const client = await server.signIn('chief', 'a long enough passphrase');
    const me = await client.get<{ data: { role: string; email: string; permissions: string[] } }>(
      '/api/auth',
    );
    expect(me.body.data.role).toBe('admin');
    expect(me.body.data.email).toBe('chief@example.com');
    expect([...me.body.data.permissions].sort()).toEqual([...ALL_PERMISSIONS].sort());
  });

  it('refuses a short password with a clear message and creates nobody', async () => {
    prepared = await prepareTestDatabase('migrated');
    const result = await runCli(SCRIPT, ['--username', 'chief'], {
      env: prepared.env,
      stdin: 'short\n',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('The new password needs at least 8 characters');
    expect((await countUsers(prepared)).count).toBe(0);
  });

  it('refuses a username that is taken', async () => {
    prepared = await prepareTestDatabase('demo');
    const result = await runCli(SCRIPT, ['--username', 'Admin'], {
      env: prepared.env,
      stdin: 'a long enough passphrase\n',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("A user named 'Admin' exists already.");
  });

  it('explains its usage without --username', async () => {
    prepared = await prepareTestDatabase('migrated');
    const result = await runCli(SCRIPT, [], { env: prepared.env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Usage: npm run create-admin -- --username NAME');
  });
});
