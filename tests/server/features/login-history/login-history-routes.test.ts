import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_CAP } from '../../../../src/contract/list';
import type { Permission } from '../../../../src/contract/permissions';
import {
  LoginHistoryCsvRowSchema,
  LoginHistoryRowSchema,
  type LoginHistoryRow,
} from '../../../../src/contract/login-history';
import { listResponseSchema } from '../../../../src/contract/list';
import { csvRecords } from '../../../support/csv';
import {
  allPermissionsExcept,
  createUserWithPermissions,
} from '../../../support/delivery-fixtures';
import { createOperator, type TestOperator } from '../../../support/moderation-fixtures';
import { DEMO_PASSWORD } from '../../../support/test-database';
import { useTestServer } from '../../../support/test-server';

const ListSchema = listResponseSchema(LoginHistoryRowSchema);

/** A username no other test uses, so each test reads only its own rows. */
const uniqueName = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex')}`;

describe('/user-login-history', () => {
  const server = useTestServer();
  let admin: TestOperator;

  beforeAll(async () => {
    admin = await createOperator(server.db, server.baseUrl, { role: 'admin' });
  });

  const list = async (query: string) => {
    const response = await admin.client.get(`/api/login-history?${query}`);
    expect(response.status, response.text).toBe(200);
    return ListSchema.parse(response.body);
  };

  /** Attempts written straight into the table, one per second going back from `newest`. */
  const seed = async (
    username: string,
    count: number,
    options: { newest?: Date; success?: (i: number) => boolean; ip?: string } = {},
  ) => {
    const newest = options.newest ?? new Date('2025-06-15T12:00:00Z');
    for (let i = 0; i < count; i += 1) {
      const success = options.success ? options.success(i) : i % 2 === 0;
      await server.db.query(
        `insert into login_history (username, attempted_at, ip, user_agent, success, reason)
         values ($1, $2, $3, 'seed-agent', $4, $5)`,
        [
          username,
          new Date(newest.getTime() - i * 1000),
          options.ip ?? '10.0.0.1',
          success,
          success ? null : 'wrong password',
        ],
      );
    }
  };

  it('records every attempt: success, wrong password, unknown user, with address and browser', async () => {
    const client = server.client({ 'user-agent': 'LoginHistoryTest/1.0' });
    expect((await client.post('/auth/login', { username: 'batch', password: 'nope' })).status).toBe(
      401,
    );
    const ghost = uniqueName('ghost');
    expect((await client.post('/auth/login', { username: ghost, password: 'x' })).status).toBe(401);
    await server.signIn('batch', DEMO_PASSWORD, client);

    const batchRows = (await list('user=BATCH&per_page=10')).data;
    expect(batchRows.slice(0, 2)).toMatchObject([
      { username: 'batch', success: true, reason: null, user_agent: 'LoginHistoryTest/1.0' },
      { username: 'batch', success: false, reason: 'wrong password' },
    ]);
    expect(batchRows[0]?.user_id).toEqual(expect.any(Number));
    expect(batchRows[0]?.ip).toBe('127.0.0.1');

    const ghostRows = (await list(`user=${ghost}`)).data;
    expect(ghostRows).toEqual([
      expect.objectContaining({
        username: ghost,
        user_id: null,
        success: false,
        reason: 'unknown user',
      }),
    ]);
  });

  it('writes auth.sign_in and auth.sign_out audit rows; a dead session signs out without one', async () => {
    const client = await server.signIn('demo');
    const userId = (
      await server.db.query<{ id: number }>("select id from users where username = 'demo'")
    )[0]?.id;
    const audit = (action: string) =>
      server.db.query<{ actor_id: number; target_id: string; ip: string; details: unknown }>(
        'select actor_id, target_id, ip, details from audit_log where action = $1 and actor_id = $2',
        [action, userId],
      );
    expect(await audit('auth.sign_in')).toEqual([
      {
        actor_id: userId,
        target_id: String(userId),
        ip: '127.0.0.1',
        details: { user_agent: expect.anything() },
      },
    ]);
    expect((await client.post('/auth/logout')).status).toBe(200);
    expect(await audit('auth.sign_out')).toHaveLength(1);
    // The cookie is gone; a second sign-out changes nothing and records nothing.
    expect((await client.post('/auth/logout')).status).toBe(200);
    expect(await audit('auth.sign_out')).toHaveLength(1);
  });

  it('filters by user, result, address and an inclusive UTC range, newest first, in pages', async () => {
    const name = uniqueName('filter');
    await seed(name, 30, { newest: new Date('2025-06-15T12:00:29Z') });
    await seed(name, 5, { newest: new Date('2025-06-16T08:00:00Z'), ip: '10.9.9.9' });

    const all = await list(`user=${name}&per_page=25`);
    expect(all.total).toBe(35);
    expect(all.total_capped).toBeUndefined();
    expect(all.data).toHaveLength(25);
    const times = all.data.map((row) => row.attempted_at);
    expect(times).toEqual([...times].sort().reverse());
    const second = await list(`user=${name}&per_page=25&page=2`);
    expect(second.data).toHaveLength(10);
    expect(new Set([...all.data, ...second.data].map((row) => row.id)).size).toBe(35);

    const oldestFirst = await list(`user=${name}&per_page=10&order=asc`);
    expect(oldestFirst.data[0]?.attempted_at).toBe('2025-06-15T12:00:00.000Z');

    const failures = await list(`user=${name}&result=failure&per_page=100`);
    expect(failures.total).toBe(17);
    expect(failures.data.every((row) => !row.success && row.reason === 'wrong password')).toBe(
      true,
    );
    expect((await list(`user=${name}&result=success`)).total).toBe(18);

    expect((await list(`user=${name}&address=10.9.9.9`)).total).toBe(5);

    const range = await list(
      `user=${name}&from=2025-06-15T12:00:10.000Z&to=2025-06-15T12:00:19.999Z&per_page=100`,
    );
    expect(range.total).toBe(10);
    expect(range.data.map((row) => row.attempted_at).at(-1)).toBe('2025-06-15T12:00:10.000Z');
    const day = await list(
      `user=${name}&from=2025-06-16T00:00:00.000Z&to=2025-06-16T23:59:59.999Z`,
    );
    expect(day.total).toBe(5);
  });

  it('counts up to the cap and says when there are more', async () => {
    const name = uniqueName('many');
    await server.db.query(
      `insert into login_history (username, attempted_at, ip, success, reason)
       select $1, now() - g * interval '1 second', '10.1.1.1', false, 'wrong password'
         from generate_series(1, $2::int) as g`,
      [name, TOTAL_CAP + 50],
    );
    const page = await list(`user=${name}&per_page=10`);
    expect(page.total).toBe(TOTAL_CAP);
    expect(page.total_capped).toBe(true);
    const last = await list(`user=${name}&per_page=100&page=100`);
    expect(last.data).toHaveLength(100);
    const beyond = await admin.client.get(`/api/login-history?user=${name}&per_page=100&page=101`);
    expect(beyond.status).toBe(422);
    expect(beyond.body).toMatchObject({ code: 'validation', fields: { page: expect.any(String) } });
  });

  it('exports the filtered rows as CSV in the list order, every row once across batches', async () => {
    const name = uniqueName('csv');
    // 2,500 attempts in the same microsecond: the keyset must use the id to split batches.
    await server.db.query(
      `insert into login_history (username, attempted_at, ip, user_agent, success, reason)
       select $1, timestamptz '2025-07-01 10:00:00.123456+00', '10.2.2.2', '=HYPERLINK("x")',
              g % 3 <> 0, case when g % 3 = 0 then 'throttled' end
         from generate_series(1, 2500) as g`,
      [name],
    );
    const response = await admin.client.get(`/api/login-history/export?user=${name}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="login-history-\d{8}-\d{6}\.csv"$/,
    );
    const records = csvRecords(response.text);
    expect(records).toHaveLength(2500);
    for (const record of records.slice(0, 5))
      LoginHistoryCsvRowSchema.shape.result.parse(record.result);
    expect(Object.keys(records[0] ?? {})).toEqual(Object.keys(LoginHistoryCsvRowSchema.shape));
    expect(records[0]).toMatchObject({
      time_utc: '2025-07-01T10:00:00.123Z',
      username: name,
      address: '10.2.2.2',
      // A cell a spreadsheet would run as a formula is written as text.
      user_agent: `'=HYPERLINK("x")`,
    });
    expect(records.filter((record) => record.result === 'failure')).toHaveLength(833);
    expect(records.find((record) => record.result === 'failure')?.reason).toBe(
      'Locked: too many failed attempts',
    );

    // The first page of the list shows the first rows of the file.
    const page = await list(`user=${name}&per_page=25`);
    const ids = (rows: LoginHistoryRow[]) => rows.map((row) => row.username + row.attempted_at);
    expect(ids(page.data)).toEqual(
      records.slice(0, 25).map((record) => `${record.username}2025-07-01T10:00:00.123Z`),
    );

    const failuresOnly = csvRecords(
      (await admin.client.get(`/api/login-history/export?user=${name}&result=failure&order=asc`))
        .text,
    );
    expect(failuresOnly).toHaveLength(833);
  });

  it('refuses bad filters with 422 naming the field', async () => {
    const cases: [string, string][] = [
      ['result=maybe', 'result'],
      ['from=yesterday', 'from'],
      ['to=2025-13-45', 'to'],
      ['from=2025-06-02T00:00:00Z&to=2025-06-01T00:00:00Z', 'to'],
      ['per_page=7', 'per_page'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['sort=username', 'sort'],
      ['order=sideways', 'order'],
      ['user=%00', 'user'],
      [`user=${'x'.repeat(101)}`, 'user'],
    ];
    for (const [query, field] of cases) {
      for (const path of ['/api/login-history', '/api/login-history/export']) {
        if (path.endsWith('export') && field === 'page') continue;
        if (path.endsWith('export') && field === 'per_page') continue;
        const response = await admin.client.get(`${path}?${query}`);
        expect(response.status, `${path}?${query}`).toBe(422);
        expect(response.body).toMatchObject({ ok: false, code: 'validation' });
        expect(Object.keys((response.body as { fields: object }).fields)).toContain(field);
      }
    }
  });

  it('403 for every role without section_user_login_history, on the list and the export', async () => {
    const lacking = [
      ...(await Promise.all(
        ['operator', 'customer', 'demo'].map((role) =>
          createOperator(server.db, server.baseUrl, { role }),
        ),
      )),
      await createUserWithPermissions(
        server.db,
        server.baseUrl,
        allPermissionsExcept('section_user_login_history' satisfies Permission),
      ),
    ];
    for (const user of lacking) {
      for (const path of ['/api/login-history', '/api/login-history/export']) {
        const response = await user.client.get(path);
        expect(response.status, path).toBe(403);
        expect(response.body).toMatchObject({ ok: false, code: 'forbidden' });
      }
    }
    expect((await server.client().get('/api/login-history')).status).toBe(401);
    const holder = await createUserWithPermissions(server.db, server.baseUrl, [
      'section_user_login_history',
    ]);
    expect((await holder.client.get('/api/login-history')).status).toBe(200);
    expect((await holder.client.get('/api/login-history/export')).status).toBe(200);
  });
});
