/**
 * npm run bench:audit — the first page of /user-logs on a large log and of /users with 10,000
 * users, through the real endpoints.
 *
 * 1. Setup, straight on a fresh embedded database (temp DATA_DIR): schema, 10,000 users and
 *    1,000,000 audit rows made with generate_series (about six months of a busy team: mostly
 *    media events, sign-ins and sign-outs, some parks, kicks, user, role, token and settings
 *    changes). No ANALYZE: the embedded database runs no autovacuum, so the planner works
 *    without statistics, as it does in a real embedded deployment.
 * 2. Baseline: each filter's list statements (the page and the capped count, exactly as the
 *    endpoint runs them) straight on the database, in this process.
 * 3. The real server starts as a child process on that database and an administrator asks
 *    GET /api/audit-log and GET /api/users/all with each filter over HTTP on loopback.
 *
 * Printed per filter: the median and the slowest of BENCH_RUNS runs (after a warm-up) through
 * the endpoint, the same for the baseline, and the ratio of the medians. The target: the
 * endpoint's median under 300 ms for every filter. Sizing (environment): BENCH_USERS (10000),
 * BENCH_AUDIT_ROWS (1000000), BENCH_RUNS (9).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from '../src/contract/api';
import { AuditLogQuerySchema } from '../src/contract/audit-log';
import { UserListQuerySchema } from '../src/contract/users';
import type { Database } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { openPgliteDatabase } from '../server/db/pglite-database';
import { listAuditLog } from '../server/features/audit/audit-log-repository';
import { syncRolesAndPermissions } from '../server/features/users/role-repository';
import { listUsers } from '../server/features/users/user-list-repository';
import { SESSION_COOKIE } from '../server/http/session';
import { createSessions } from '../tests/support/moderation-fixtures';
import { pgliteDirOf, startBenchServer, stopBenchServer } from './support/bench-server';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const AUDIT_ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const TARGET_MS = 300;
const SEED_CHUNK = 100_000;
/** No run may take longer than this, whatever happens. */
const DEADLINE_MS = Number(process.env.BENCH_DEADLINE_MS ?? 600_000);

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** Seconds between two audit rows: the log spans about six months whatever its size. */
const spacingSeconds = () => (182 * 86_400) / AUDIT_ROWS;

/**
 * The filters an administrator uses, as URL query strings. Users and times are picked from the
 * seeded distribution, so each filter matches what its name says.
 */
interface BenchCase {
  name: string;
  /** The endpoint's path; the query string follows it. */
  path: string;
  query: string;
}

/** The users list as an administrator filters it, on 10,000 users. */
function userFilters(): BenchCase[] {
  const path = '/api/users/all';
  return [
    { name: 'users: no filter (by username)', path, query: '' },
    { name: 'users: search a username', path, query: 'search=user0424' },
    { name: 'users: search a last name', path, query: 'search=Last4242' },
    { name: 'users: newest first', path, query: 'sort=created&order=desc' },
    { name: 'users: active batch, by name', path, query: 'active=true&batch=false&sort=name' },
    { name: 'users: page 40 by email', path, query: 'sort=email&page=40' },
  ];
}

function filters(firstUserId: number): BenchCase[] {
  const path = '/api/audit-log';
  const someone = firstUserId + 4_242;
  const someoneName = `user${String(4_243).padStart(5, '0')}`;
  const monthAgo = new Date(Date.now() - 30 * 86_400_000);
  const dayStart = new Date(
    Date.UTC(monthAgo.getUTCFullYear(), monthAgo.getUTCMonth(), monthAgo.getUTCDate()),
  );
  const dayEnd = new Date(dayStart.getTime() + 86_400_000 - 1);
  const weekStart = new Date(Date.now() - 60 * 86_400_000);
  const weekEnd = new Date(weekStart.getTime() + 7 * 86_400_000);
  const range = (from: Date, to: Date) => `from=${from.toISOString()}&to=${to.toISOString()}`;
  return [
    { name: 'no filter (newest first)', path, query: '' },
    { name: 'action: media events (70%)', path, query: 'action=media.event' },
    { name: 'action: kicks (1%)', path, query: 'action=session.kick' },
    { name: 'action: settings saves, oldest first', path, query: 'action=settings.save&order=asc' },
    { name: 'actor by username', path, query: `actor=${someoneName}` },
    { name: 'actor by id', path, query: `actor_id=${someone}` },
    { name: 'target: one user', path, query: `target_type=user&target_id=${someone}` },
    { name: 'one week', path, query: range(weekStart, weekEnd) },
    {
      name: 'sign-ins on one day',
      path,
      query: `action=auth.sign_in&${range(dayStart, dayEnd)}`,
    },
    { name: 'actor and action', path, query: `actor=${someoneName}&action=session.park` },
    { name: 'page 40 of media events', path, query: 'action=media.event&page=40' },
  ];
}

async function seed(db: Database): Promise<{ adminId: number; firstUserId: number }> {
  await migrate(db);
  await syncRolesAndPermissions(db);
  const admin = await db.query<{ id: number }>(
    `insert into users (username, role_id, password_hash)
     select 'bench_admin', id, 'not-a-hash' from roles where name = 'admin' returning id`,
  );
  const users = await db.query<{ first: number }>(
    `with made as (
       insert into users (username, first_name, last_name, role_id, password_hash)
       select 'user' || lpad(g::text, 5, '0'), 'First' || g, 'Last' || g,
              (select id from roles where name = 'operator'), 'not-a-hash'
         from generate_series(1, $1::int) as g
       returning id)
     select min(id) as first from made`,
    [USERS],
  );
  const firstUserId = users[0]?.first ?? 0;
  const started = performance.now();
  for (let first = 1; first <= AUDIT_ROWS; first += SEED_CHUNK) {
    const last = Math.min(AUDIT_ROWS, first + SEED_CHUNK - 1);
    // g picks everything: the actor (spread over all users), the action by share, varied per
    // actor (70% media events, 10% sign-in, 10% sign-out, 4% park, 1% kick, 2% user edits,
    // 1% role edits, 1% token creates, 1% settings saves), the target, and the time (oldest
    // first).
    await db.query(
      `insert into audit_log (at, actor_id, actor_username, action, target_type, target_id,
                              details, ip)
       select now() - interval '182 days' + g * $3::float8 * interval '1 second',
              $4::int + actor.k,
              'user' || lpad((actor.k + 1)::text, 5, '0'),
              kind.action,
              kind.target_type,
              case kind.target_type
                when 'content' then (g / 3)::text
                when 'user' then ($4::int + ((g * 31) % $5::int))::text
                when 'role' then (g % 7)::text
                when 'service_token' then g::text
                else 'lease_grace_seconds' end,
              case when kind.action = 'media.event'
                   then jsonb_build_object('event', 'play', 'media_time', g % 60, 'enlarged', false)
                   else jsonb_build_object('note', 'bench row ' || g) end,
              '10.0.' || (g % 200) || '.' || (g % 250)
         from generate_series($1::int, $2::int) as g
        cross join lateral (select ((g::bigint * 7919) % $5::int)::int as k) as actor
        cross join lateral (select (g + 13 * (g / $5::int)) % 100 as share) as roll
        cross join lateral (
          select case
                   when roll.share < 70 then 'media.event'
                   when roll.share < 80 then 'auth.sign_in'
                   when roll.share < 90 then 'auth.sign_out'
                   when roll.share < 94 then 'session.park'
                   when roll.share < 95 then 'session.kick'
                   when roll.share < 97 then 'user.update'
                   when roll.share < 98 then 'role.update'
                   when roll.share < 99 then 'service_token.create'
                   else 'settings.save' end as action) as picked
        cross join lateral (
          select picked.action,
                 case when picked.action = 'media.event' then 'content'
                      when picked.action = 'role.update' then 'role'
                      when picked.action = 'service_token.create' then 'service_token'
                      when picked.action = 'settings.save' then 'setting'
                      else 'user' end as target_type) as kind`,
      [first, last, spacingSeconds(), firstUserId, USERS],
    );
    process.stdout.write(`\r  audit rows: ${last.toLocaleString('en-US')}`);
  }
  log(`  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return { adminId: admin[0]?.id ?? 0, firstUserId };
}

interface Timing {
  median: number;
  max: number;
  rows: number;
  total: number;
}

async function time(runs: number, once: () => Promise<{ rows: number; total: number }>) {
  await once();
  const samples: number[] = [];
  let last = { rows: 0, total: 0 };
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    last = await once();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return {
    median: samples[Math.floor(samples.length / 2)] ?? NaN,
    max: samples.at(-1) ?? NaN,
    ...last,
  } satisfies Timing;
}

async function main(): Promise<void> {
  const deadline = setTimeout(() => {
    log(`bench:audit did not finish within ${DEADLINE_MS / 1000} s`);
    process.exit(1);
  }, DEADLINE_MS);
  deadline.unref();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-audit-'));
  try {
    log(
      `bench:audit — ${USERS.toLocaleString('en-US')} users, ${AUDIT_ROWS.toLocaleString('en-US')} audit rows, embedded database`,
    );
    const db = await openPgliteDatabase({ dataDir: pgliteDirOf(dataDir) });
    const baseline = new Map<string, Timing>();
    let session = '';
    let cases: BenchCase[] = [];
    try {
      const { adminId, firstUserId } = await seed(db);
      cases = filters(firstUserId);
      [session = ''] = await createSessions(db, [adminId]);
      for (const { name, query } of cases) {
        // The statements the endpoint runs, parsed from the same query string.
        const parsed = AuditLogQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
        const filter = {
          action: parsed.action,
          actor: parsed.actor,
          actorId: parsed.actor_id,
          targetType: parsed.target_type,
          targetId: parsed.target_id,
          from: parsed.from,
          to: parsed.to,
        };
        const page = {
          order: parsed.order,
          limit: parsed.per_page,
          offset: (parsed.page - 1) * parsed.per_page,
        };
        baseline.set(
          name,
          await time(RUNS, async () => {
            const result = await listAuditLog(db, filter, page);
            return { rows: result.rows.length, total: result.total };
          }),
        );
      }
      for (const { name, query } of userFilters()) {
        const parsed = UserListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
        baseline.set(
          name,
          await time(RUNS, async () => {
            const result = await listUsers(db, {
              filter: {
                search: parsed.search || undefined,
                roleId: parsed.role_id,
                active: parsed.active,
                batch: parsed.batch,
              },
              sort: parsed.sort,
              order: parsed.order,
              page: parsed.page,
              perPage: parsed.per_page,
            });
            return { rows: result.rows.length, total: result.total };
          }),
        );
      }
      cases.push(...userFilters());
    } finally {
      await db.close();
    }

    const { child, baseUrl } = await startBenchServer(dataDir);
    const results: { name: string; endpoint: Timing; raw: Timing }[] = [];
    try {
      for (const { name, path: endpointPath, query } of cases) {
        const endpoint = await time(RUNS, async () => {
          const response = await fetch(`${baseUrl}${endpointPath}?${query}`, {
            headers: {
              cookie: `${SESSION_COOKIE}=${session}`,
              [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE,
            },
          });
          const body = (await response.json()) as { data?: unknown[]; total?: number };
          if (response.status !== 200 || !body.data) {
            throw new Error(`GET ${endpointPath}?${query} answered ${response.status}`);
          }
          return { rows: body.data.length, total: body.total ?? 0 };
        });
        results.push({ name, endpoint, raw: baseline.get(name) as Timing });
      }
    } finally {
      await stopBenchServer(child);
    }

    log('');
    log(
      `${'filter'.padEnd(40)} ${'rows'.padStart(5)} ${'total'.padStart(7)}   endpoint median / max   raw SQL median / max   ratio`,
    );
    let met = true;
    for (const { name, endpoint, raw } of results) {
      if (endpoint.median >= TARGET_MS) met = false;
      const totalText = `${endpoint.total}${endpoint.total >= 10_000 ? '+' : ''}`;
      log(
        `${name.padEnd(40)} ${String(endpoint.rows).padStart(5)} ${totalText.padStart(7)}   ${`${endpoint.median.toFixed(1)} / ${endpoint.max.toFixed(1)} ms`.padStart(21)}   ${`${raw.median.toFixed(1)} / ${raw.max.toFixed(1)} ms`.padStart(20)}   ${(endpoint.median / raw.median).toFixed(2)}x`,
      );
    }
    log('');
    log(
      `target: first page of every filter under ${TARGET_MS} ms through the endpoint (median of ${RUNS}): ${met ? 'met' : 'NOT met'}`,
    );
    if (!met) process.exitCode = 1;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
