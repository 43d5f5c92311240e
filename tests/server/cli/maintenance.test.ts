import { afterEach, describe, expect, it } from 'vitest';
import { getSetting } from '../../../server/features/settings/settings-repository';
import { MAINTENANCE_SETTING } from '../../../server/http/maintenance';
import { runCli } from '../../support/run-cli';
import { prepareTestDatabase, type PreparedTestDatabase } from '../../support/test-database';
import { startTestServer } from '../../support/test-server';

const SCRIPT = 'server/cli/maintenance.ts';

describe('npm run maintenance', () => {
  let prepared: PreparedTestDatabase | undefined;
  afterEach(async () => {
    await prepared?.dispose();
    prepared = undefined;
  });

  it('switches maintenance on for a server on that database', async () => {
    prepared = await prepareTestDatabase('demo');
    const result = await runCli(SCRIPT, ['on'], { env: prepared.env });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Maintenance mode is on');

    // PGlite allows one process per data directory, so the server starts after the tool ends.
    const db = await prepared.open();
    expect(await getSetting(db, MAINTENANCE_SETTING)).toBe(true);
    const server = await startTestServer(db);
    try {
      expect((await server.client().get('/api/auth')).status).toBe(503);
    } finally {
      await server.close();
    }
  });

  it('refuses anything but on or off', async () => {
    prepared = await prepareTestDatabase('migrated');
    const result = await runCli(SCRIPT, ['maybe'], { env: prepared.env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Usage: npm run maintenance -- on|off');
  });
});
