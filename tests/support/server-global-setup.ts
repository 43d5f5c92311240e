/**
 * Global setup of the `server` project: builds the template databases that
 * tests/support/test-database.ts copies for every test file, and removes them after the run.
 * The templates are made by the server's own code (migrate, role sync, demo seed), so the tests
 * start from exactly what a fresh server would create.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { openPgliteDatabase } from '../../server/db/pglite-database';
import { openPostgresDatabase } from '../../server/db/postgres-database';
import { setPasswordHashCost } from '../../server/features/auth/password-hasher';
import { seedDemoUsers } from '../../server/features/demo/demo-seed';
import { syncRolesAndPermissions } from '../../server/features/users/role-repository';
import {
  DEMO_PASSWORD,
  TEST_PASSWORD_HASH_LOG_N,
  adminQuery,
  databaseUrl,
  quoteIdentifier,
  uniqueDatabaseName,
  type TestDatabaseSetup,
} from './database-admin';

async function seed(db: Database): Promise<void> {
  setPasswordHashCost(Number(TEST_PASSWORD_HASH_LOG_N));
  await syncRolesAndPermissions(db);
  await seedDemoUsers(db, DEMO_PASSWORD);
}

async function setupPglite(): Promise<{ setup: TestDatabaseSetup; teardown: () => void }> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'mc-test-templates-'));
  const templates = {
    blank: path.join(root, 'blank'),
    migrated: path.join(root, 'migrated'),
    demo: path.join(root, 'demo'),
  };
  try {
    // Each step closes its instance before the next copies the directory.
    await (await openPgliteDatabase({ dataDir: templates.blank })).close();
    cpSync(templates.blank, templates.migrated, { recursive: true });
    const migrated = await openPgliteDatabase({ dataDir: templates.migrated });
    await migrate(migrated).finally(() => migrated.close());
    cpSync(templates.migrated, templates.demo, { recursive: true });
    const demo = await openPgliteDatabase({ dataDir: templates.demo });
    await seed(demo).finally(() => demo.close());
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return {
    setup: { kind: 'pglite', templates },
    teardown: () => rmSync(root, { recursive: true, force: true }),
  };
}

async function setupPostgres(
  adminUrl: string,
): Promise<{ setup: TestDatabaseSetup; teardown: () => Promise<void> }> {
  const demoTemplate = uniqueDatabaseName('test_template');
  const drop = () =>
    adminQuery(adminUrl, `drop database if exists ${quoteIdentifier(demoTemplate)} with (force)`);
  await adminQuery(adminUrl, `create database ${quoteIdentifier(demoTemplate)}`);
  // A database used as a template must have no open connections, so this pool closes first.
  const db = openPostgresDatabase(databaseUrl(adminUrl, demoTemplate), { poolSize: 2 });
  try {
    await migrate(db);
    await seed(db);
  } catch (error) {
    await db.close();
    await drop();
    throw error;
  }
  await db.close();
  return { setup: { kind: 'postgres', adminUrl, demoTemplate }, teardown: drop };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const engine = process.env.TEST_DB ?? 'pglite';
  if (engine !== 'pglite' && engine !== 'postgres') {
    throw new Error(`TEST_DB must be 'pglite' or 'postgres', not '${engine}'.`);
  }
  let prepared: { setup: TestDatabaseSetup; teardown: () => void | Promise<void> };
  if (engine === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) {
      throw new Error(
        'TEST_DB=postgres needs TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test',
      );
    }
    prepared = await setupPostgres(adminUrl);
  } else {
    prepared = await setupPglite();
  }
  project.provide('testDatabase', prepared.setup);
  return async () => {
    await prepared.teardown();
  };
}
