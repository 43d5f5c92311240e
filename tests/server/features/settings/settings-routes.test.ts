import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsEndpoints, type SettingRow } from '../../../../src/contract/settings';
import { NAMESPACES } from '../../../../src/contract/socket-events';
import type { Database } from '../../../../server/db/database';
import { readDeliverySettings } from '../../../../server/features/delivery/delivery-settings';
import { putSetting } from '../../../../server/features/settings/settings-repository';
import { SocketRecorder, waitFor } from '../../../support/protocol';
import { prepareTestDatabase, type PreparedTestDatabase } from '../../../support/test-database';
import { startTestServer, useTestServer, type TestServer } from '../../../support/test-server';

const SECRET = 'sk-test-never-shown-9f3a';
const redisUrl = process.env.TEST_REDIS_URL;

const rowOf = (rows: SettingRow[], key: string): SettingRow => {
  const row = rows.find((candidate) => candidate.key === key);
  if (!row) throw new Error(`no setting ${key}`);
  return row;
};

async function auditRows(db: Database) {
  return db.query<{ actor_username: string | null; details: { changed: Record<string, unknown> } }>(
    `select actor_username, details from audit_log where action = 'settings.save' order by id`,
  );
}

describe('settings: list and save', () => {
  const server = useTestServer({ env: { DEMO_FEEDER: '0', DELIVERY_WORKER: '0' } });

  it('lists every setting with its metadata, value, source and default', async () => {
    const admin = await server.signIn('admin');
    const { data } = await admin.callOk(settingsEndpoints.list, {});
    expect(data.map((row) => row.key)).toContain('lease_grace_seconds');
    const grace = rowOf(data, 'lease_grace_seconds');
    expect(grace).toMatchObject({
      group: 'moderation',
      type: 'number',
      value: 60,
      default: 60,
      min: 1,
      max: 86_400,
      env: 'LEASE_GRACE_SECONDS',
      source: 'default',
      pinned: false,
      updated_by: null,
      updated_at: null,
    });
    expect(rowOf(data, 'delivery_timeout_ms').value).toBe(15_000);
    expect(rowOf(data, 'ai_api_key')).toMatchObject({ value: null, default: null, is_set: false });
  });

  it('saves, applies without a restart, records who and when, and audits the change', async () => {
    const admin = await server.signIn('admin');
    const saved = await admin.callOk(settingsEndpoints.save, {
      body: { lease_grace_seconds: 45, delivery_timeout_ms: 3_000, ai_wait_seconds: 30 },
    });
    const grace = rowOf(saved.data, 'lease_grace_seconds');
    expect(grace).toMatchObject({ value: 45, source: 'table', updated_by: 'admin' });
    expect(Date.now() - Date.parse(grace.updated_at ?? '')).toBeLessThan(60_000);
    // Equal to the value in force: nothing stored, nothing audited.
    expect(rowOf(saved.data, 'ai_wait_seconds')).toMatchObject({ source: 'default' });

    // The running server uses them: the next lease, and the delivery worker's next round.
    expect(server.app.moderation.leases.graceSeconds).toBe(45);
    expect((await readDeliverySettings(server.db, server.app.config.settingPins)).timeoutMs).toBe(
      3_000,
    );

    const audits = await auditRows(server.db);
    expect(audits).toHaveLength(1);
    expect(audits[0]?.actor_username).toBe('admin');
    expect(audits[0]?.details.changed).toEqual({
      lease_grace_seconds: { from: 60, to: 45 },
      delivery_timeout_ms: { from: 15_000, to: 3_000 },
    });
  });

  it('refuses an unknown key and a value out of range, naming the range, and changes nothing', async () => {
    const admin = await server.signIn('admin');
    const before = await auditRows(server.db);
    const answer = await admin.call(settingsEndpoints.save, {
      body: { delivery_max_attempts: 4, lease_grace_seconds: 0, colour: 'gold' },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.fields).toEqual({
      lease_grace_seconds: 'Lease grace must be between 1 and 86400 seconds',
      colour: 'There is no setting colour',
    });
    const schedule = await admin.call(settingsEndpoints.save, {
      body: { delivery_retry_schedule_seconds: [5, -1] },
    });
    expect(schedule.status).toBe(422);
    expect(schedule.body.fields?.delivery_retry_schedule_seconds).toBe('A wait cannot be negative');
    const wrongType = await admin.call(settingsEndpoints.save, { body: { maintenance: 'yes' } });
    expect(wrongType.status).toBe(422);

    // The valid key of the refused save was not written either: one transaction.
    const { data } = await admin.callOk(settingsEndpoints.list, {});
    expect(rowOf(data, 'delivery_max_attempts')).toMatchObject({ value: 10, source: 'default' });
    expect(await auditRows(server.db)).toHaveLength(before.length);
  });

  it('keeps the API key write-only: never answered, never audited, only "set"', async () => {
    const admin = await server.signIn('admin');
    const saved = await admin.call(settingsEndpoints.save, { body: { ai_api_key: SECRET } });
    expect(saved.status).toBe(200);
    expect(saved.text).not.toContain(SECRET);
    const list = await admin.call(settingsEndpoints.list, {});
    expect(list.text).not.toContain(SECRET);
    expect(rowOf((list.body as { data: SettingRow[] }).data, 'ai_api_key')).toMatchObject({
      value: null,
      is_set: true,
      source: 'table',
    });
    const audits = await auditRows(server.db);
    expect(JSON.stringify(audits)).not.toContain(SECRET);
    expect(audits.at(-1)?.details.changed).toEqual({ ai_api_key: { from: 'not set', to: 'set' } });
    expect(server.app.settings.get('ai_api_key')).toBe(SECRET);
  });

  it('pushes a save to open consoles on /settings, keys only', async () => {
    const developer = await server.signIn('developer');
    const socket = await SocketRecorder.connect(
      server.baseUrl,
      NAMESPACES.settings,
      developer.cookieHeader(),
    );
    try {
      const admin = await server.signIn('admin');
      await admin.callOk(settingsEndpoints.save, { body: { stuck_pending_minutes: 90 } });
      const [payload] = await socket.next('settings-changed');
      expect(payload).toEqual({ keys: ['stuck_pending_minutes'] });
    } finally {
      socket.close();
    }
  });

  it('refuses the calls without section_settings', async () => {
    const operator = await server.signIn('operator');
    expect((await operator.call(settingsEndpoints.list, {})).status).toBe(403);
    expect(
      (await operator.call(settingsEndpoints.save, { body: { maintenance: true } })).status,
    ).toBe(403);
    expect(server.app.settings.get('maintenance')).toBe(false);
  });
});

describe('settings pinned by the environment', () => {
  const server = useTestServer({
    env: { DEMO_FEEDER: '0', DELIVERY_WORKER: '0', DELIVERY_TIMEOUT_MS: '5000' },
  });

  it('shows the pin and refuses a save of it, naming the variable', async () => {
    // A table value loses to the environment.
    await putSetting(server.db, 'delivery_timeout_ms', 9_000);
    const admin = await server.signIn('admin');
    await waitFor(
      async () =>
        rowOf((await admin.callOk(settingsEndpoints.list, {})).data, 'delivery_timeout_ms')
          .updated_at !== null,
      'the table value is seen',
    );
    const { data } = await admin.callOk(settingsEndpoints.list, {});
    expect(rowOf(data, 'delivery_timeout_ms')).toMatchObject({
      value: 5_000,
      source: 'env',
      pinned: true,
    });
    const refused = await admin.call(settingsEndpoints.save, {
      body: { delivery_timeout_ms: 7_000 },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.fields?.delivery_timeout_ms).toContain('DELIVERY_TIMEOUT_MS');
    expect((await readDeliverySettings(server.db, server.app.config.settingPins)).timeoutMs).toBe(
      5_000,
    );
  });
});

describe('settings across two server processes on one database', () => {
  let prepared: PreparedTestDatabase;
  let db: Database;
  let servers: TestServer[] = [];
  const sockets: SocketRecorder[] = [];

  const start = async (env: Record<string, string>) => {
    prepared = await prepareTestDatabase('demo');
    db = await prepared.open();
    servers = [await startTestServer(db, env), await startTestServer(db, env)];
  };
  const stop = async () => {
    for (const socket of sockets.splice(0)) socket.close();
    try {
      await Promise.all(servers.map((server) => server.close()));
    } finally {
      await prepared?.dispose();
    }
  };

  const saveOnFirstSeeOnSecond = async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const developer = await b.signIn('developer');
    const socket = await SocketRecorder.connect(
      b.baseUrl,
      NAMESPACES.settings,
      developer.cookieHeader(),
    );
    sockets.push(socket);
    const admin = await a.signIn('admin');
    await admin.callOk(settingsEndpoints.save, { body: { lease_grace_seconds: 20 } });
    await socket.next('settings-changed', () => true, { timeoutMs: 10_000 });
    expect(b.app.settings.get('lease_grace_seconds')).toBe(20);
    expect(b.app.moderation.leases.graceSeconds).toBe(20);
    // Exactly one notice per console, whichever way the news came.
    expect(socket.all('settings-changed')).toHaveLength(1);
  };

  describe('without Redis: the version check', () => {
    beforeAll(() => start({ DEMO_FEEDER: '0', DELIVERY_WORKER: '0' }));
    afterAll(stop);

    it('reaches the other process and its consoles within seconds', saveOnFirstSeeOnSecond);
  });

  describe.skipIf(!redisUrl)('with the Redis adapter', () => {
    beforeAll(() =>
      start({
        DEMO_FEEDER: '0',
        DELIVERY_WORKER: '0',
        REDIS_URL: redisUrl ?? '',
        REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}`,
      }),
    );
    afterAll(stop);

    it('reaches the other process and its consoles through the push alone', async () => {
      // The second process stops checking the table's version: only serverSideEmit can tell it.
      (servers[1] as TestServer).app.settings.stopWatching();
      await saveOnFirstSeeOnSecond();
    });
  });
});
