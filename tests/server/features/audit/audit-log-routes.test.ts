import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../../../src/contract/audit';
import { AuditLogCsvRowSchema, AuditLogRowSchema } from '../../../../src/contract/audit-log';
import { TOTAL_CAP, listResponseSchema } from '../../../../src/contract/list';
import { CreateServiceTokenResponseSchema } from '../../../../src/contract/service-tokens';
import { recordAudit } from '../../../../server/features/audit/audit-repository';
import { csvRecords } from '../../../support/csv';
import {
  allPermissionsExcept,
  createUserWithPermissions,
} from '../../../support/delivery-fixtures';
import {
  createOperator,
  createTestService,
  type TestOperator,
} from '../../../support/moderation-fixtures';
import { ingestTexts } from '../../../support/protocol';
import { useTestServer } from '../../../support/test-server';

const ListSchema = listResponseSchema(AuditLogRowSchema);

const uniqueName = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex')}`;

describe('/user-logs: the audit log', () => {
  const server = useTestServer();
  let admin: TestOperator;

  beforeAll(async () => {
    admin = await createOperator(server.db, server.baseUrl, { role: 'admin' });
  });

  const list = async (query: string) => {
    const response = await admin.client.get(`/api/audit-log?${query}`);
    expect(response.status, response.text).toBe(200);
    return ListSchema.parse(response.body);
  };

  /** Rows by a made-up actor, one per second going back from `newest`. */
  const seed = async (
    actor: string,
    count: number,
    options: {
      newest?: Date;
      action?: (i: number) => string;
      targetId?: (i: number) => string;
    } = {},
  ) => {
    const newest = options.newest ?? new Date('2025-03-10T09:00:00Z');
    for (let i = 0; i < count; i += 1) {
      await server.db.query(
        `insert into audit_log (at, actor_username, action, target_type, target_id, details, ip)
         values ($1, $2, $3, 'user', $4, $5::jsonb, '10.0.0.5')`,
        [
          new Date(newest.getTime() - i * 1000),
          actor,
          options.action ? options.action(i) : i % 3 === 0 ? 'user.update' : 'role.update',
          options.targetId ? options.targetId(i) : String(i % 4),
          JSON.stringify({ n: i }),
        ],
      );
    }
  };

  it('records each media event an operator sends once, as media.event on the content item', async () => {
    const { token } = await createTestService(server.db);
    const [contentId] = await ingestTexts(server.baseUrl, token, 1);
    const operator = await createOperator(server.db, server.baseUrl);
    const event = {
      action: 'seek',
      user_id: operator.id,
      onEnlargedContent: true,
      content: { content_id: contentId, currentTime: 12.5, duration: 30 },
      idempotency_key: `media-${randomBytes(6).toString('hex')}`,
    };
    // The outbox may send an event twice (a lost answer): it is recorded once.
    for (let n = 0; n < 2; n += 1) {
      expect((await operator.client.post('/api/content/log-content', event)).status).toBe(200);
    }
    const page = await list(`action=media.event&actor=${operator.username.toUpperCase()}`);
    expect(page.total).toBe(1);
    expect(page.data[0]).toMatchObject({
      actor_id: operator.id,
      actor_username: operator.username,
      action: 'media.event',
      target_type: 'content',
      target_id: String(contentId),
      details: { event: 'seek', media_time: 12.5, duration: 30, enlarged: true },
      ip: '127.0.0.1',
    });
    const byTarget = await list(`target_type=content&target_id=${contentId}`);
    expect(byTarget.data.map((row) => row.action)).toEqual(['media.event']);
  });

  it('records token create and revoke with the masked token only, in the transaction of the change', async () => {
    const { service } = await createTestService(server.db);
    const created = await admin.client.post('/api/service-tokens/create', {
      service_id: service.id,
    });
    expect(created.status).toBe(200);
    const { data } = CreateServiceTokenResponseSchema.parse(created.body);
    expect((await admin.client.post(`/api/service-tokens/revoke/${data.id}`)).status).toBe(200);
    expect((await admin.client.post(`/api/service-tokens/revoke/${data.id}`)).status).toBe(409);

    const rows = (await list(`target_type=service_token&target_id=${data.id}&order=asc`)).data;
    expect(rows.map((row) => row.action)).toEqual(['service_token.create', 'service_token.revoke']);
    expect(rows[0]).toMatchObject({
      actor_id: admin.id,
      details: { service_id: service.id, service_name: service.name, token: data.token },
    });
    expect(rows[1]).toMatchObject({ details: { token: data.token } });
    const stored = await server.db.query<{ text: string }>(
      'select details::text as text from audit_log where target_id = $1',
      [String(data.id)],
    );
    for (const row of stored) expect(row.text).not.toContain(data.raw_token ?? 'unreachable');
  });

  it('filters by action, actor (name or id), target and an inclusive UTC range; pages newest first', async () => {
    const actor = uniqueName('Auditor');
    await seed(actor, 40);
    const actorId = admin.id;
    await recordAudit(server.db, {
      actor: { id: actorId, username: admin.username },
      action: 'settings.save',
      target: { type: 'setting', id: uniqueName('key') },
      details: { before: 1, after: 2 },
    });

    const all = await list(`actor=${actor.toLowerCase()}&per_page=25`);
    expect(all.total).toBe(40);
    expect(all.data).toHaveLength(25);
    const times = all.data.map((row) => row.at);
    expect(times).toEqual([...times].sort().reverse());
    expect(all.data[0]).toMatchObject({ at: '2025-03-10T09:00:00.000Z', details: { n: 0 } });
    const rest = await list(`actor=${actor}&per_page=25&page=2`);
    expect(new Set([...all.data, ...rest.data].map((row) => row.id)).size).toBe(40);

    expect((await list(`actor=${actor}&action=user.update`)).total).toBe(14);
    expect(
      (await list(`actor=${actor}&action=role.update&target_type=user&target_id=1`)).total,
    ).toBe(7);
    const range = await list(
      `actor=${actor}&from=2025-03-10T08:59:30.000Z&to=2025-03-10T08:59:39.999Z&order=asc`,
    );
    expect(range.total).toBe(10);
    expect(range.data[0]?.at).toBe('2025-03-10T08:59:30.000Z');

    const own = await list(`actor_id=${actorId}&action=settings.save`);
    expect(own.data[0]).toMatchObject({
      actor_username: admin.username,
      target_type: 'setting',
      details: { before: 1, after: 2 },
    });
  });

  it('counts up to the cap and says when there are more', async () => {
    const actor = uniqueName('bulk');
    await server.db.query(
      `insert into audit_log (at, actor_username, action, details)
       select now() - g * interval '1 second', $1, 'media.event', '{}'::jsonb
         from generate_series(1, $2::int) as g`,
      [actor, TOTAL_CAP + 10],
    );
    const page = await list(`actor=${actor}&per_page=10`);
    expect(page.total).toBe(TOTAL_CAP);
    expect(page.total_capped).toBe(true);
    const beyond = await admin.client.get(`/api/audit-log?actor=${actor}&per_page=50&page=201`);
    expect(beyond.status).toBe(422);
  });

  it('exports the filter as CSV: every row once across batches, details as JSON, labels', async () => {
    const actor = uniqueName('export');
    // 2,100 rows of one transaction share their time to the microsecond.
    await server.db.query(
      `insert into audit_log (at, actor_username, action, target_type, target_id, details, ip)
       select timestamptz '2025-04-01 08:00:00.654321+00', $1,
              case when g % 2 = 0 then 'user.update' else 'session.kick' end, 'user', g::text,
              jsonb_build_object('n', g, 'note', '@SUM(A1)'), '10.3.3.3'
         from generate_series(1, 2100) as g`,
      [actor],
    );
    const response = await admin.client.get(`/api/audit-log/export?actor=${actor}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(/filename="audit-log-[\d-]+\.csv"/);
    const records = csvRecords(response.text);
    expect(records).toHaveLength(2100);
    expect(Object.keys(records[0] ?? {})).toEqual(Object.keys(AuditLogCsvRowSchema.shape));
    expect(new Set(records.map((record) => record.id)).size).toBe(2100);
    const ids = records.map((record) => Number(record.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const kick = records.find((record) => record.action === 'session.kick');
    expect(kick).toMatchObject({
      time_utc: '2025-04-01T08:00:00.654Z',
      actor: actor,
      action_label: AUDIT_ACTIONS['session.kick'],
      target_type: 'user',
      address: '10.3.3.3',
    });
    expect(JSON.parse(kick?.details ?? '{}')).toMatchObject({ note: '@SUM(A1)' });

    const page = await list(`actor=${actor}&per_page=25`);
    expect(page.data.map((row) => String(row.id))).toEqual(
      records.slice(0, 25).map((record) => record.id),
    );
    const kicks = csvRecords(
      (await admin.client.get(`/api/audit-log/export?actor=${actor}&action=session.kick&order=asc`))
        .text,
    );
    expect(kicks).toHaveLength(1050);
    expect(Number(kicks[0]?.id)).toBeLessThan(Number(kicks[1]?.id));
  });

  it('refuses bad filters with 422 naming the field', async () => {
    const cases: [string, string][] = [
      ['action=user.explode', 'action'],
      ['actor_id=abc', 'actor_id'],
      ['actor_id=0', 'actor_id'],
      ['target_id=5', 'target_id'],
      ['from=not-a-date', 'from'],
      ['to=10000-01-01T00:00:00Z', 'to'],
      ['from=2025-06-02T00:00:00Z&to=2025-06-01T00:00:00Z', 'to'],
      ['sort=actor', 'sort'],
      ['order=up', 'order'],
      [`target_type=${'t'.repeat(51)}`, 'target_type'],
      ['actor=%00x', 'actor'],
      ['per_page=1000', 'per_page'],
    ];
    for (const [query, field] of cases) {
      for (const path of ['/api/audit-log', '/api/audit-log/export']) {
        if (path.endsWith('export') && field === 'per_page') continue;
        const response = await admin.client.get(`${path}?${query}`);
        expect(response.status, `${path}?${query}`).toBe(422);
        expect(response.body).toMatchObject({ ok: false, code: 'validation' });
        expect(Object.keys((response.body as { fields: object }).fields)).toContain(field);
      }
    }
  });

  it('403 for every role without section_user_logs, on the list and the export', async () => {
    const lacking = [
      ...(await Promise.all(
        ['operator', 'customer', 'demo'].map((role) =>
          createOperator(server.db, server.baseUrl, { role }),
        ),
      )),
      await createUserWithPermissions(
        server.db,
        server.baseUrl,
        allPermissionsExcept('section_user_logs'),
      ),
    ];
    for (const user of lacking) {
      for (const path of ['/api/audit-log', '/api/audit-log/export']) {
        const response = await user.client.get(path);
        expect(response.status, path).toBe(403);
        expect(response.body).toMatchObject({ ok: false, code: 'forbidden' });
      }
    }
    expect((await server.client().get('/api/audit-log/export')).status).toBe(401);
    const holder = await createUserWithPermissions(server.db, server.baseUrl, [
      'section_user_logs',
    ]);
    expect((await holder.client.get('/api/audit-log')).status).toBe(200);
  });
});
