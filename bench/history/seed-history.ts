/**
 * Seeds a moderation history straight into a migrated database, as the history, AI review and
 * report screens meet it after months of use: operators, services with their tags and SLAs,
 * subscribers, and N decided items spread over D days, with everything a decision leaves behind
 * (load times, deliveries and their attempts, media logs, AI failures), plus a live queue and an
 * hour of AI calls.
 *
 * Rules:
 * - Set-based: each table is written by one statement per batch (generate_series over item
 *   numbers), never row by row, so a million decisions take minutes on the embedded database.
 * - Deterministic: every random choice is hashint8extended(item number, seed + k), so the same
 *   seed and sizes give the same rows (ids depend on the database being fresh; webhook ids and
 *   secrets are fixed strings too).
 * - Realistic where the screens look: a few services and operators carry most of the volume,
 *   handling times have a long tail (some items miss their service's SLA), the AI agrees with
 *   the operator most of the time but not always, ~3% are decided by the AI alone, ~10% carry no
 *   tag, and ids grow with time as they do in production.
 * - Statistics: PostgreSQL's autovacuum would analyze the tables soon after such a load, so the
 *   seeder runs ANALYZE there; PGlite never analyzes (server/features/statistics), so by default
 *   it does not there either, and the embedded figures are those of a real embedded database.
 * - Rollups: the features' own functions record what was written (seed-rollups.ts).
 *
 * CLI (for people): npx tsx bench/history/seed-history.ts --decisions 100000 --data-dir /tmp/x
 * (or --database-url postgres://...), on a fresh database; the schema is migrated first.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { openPgliteDatabase } from '../../server/db/pglite-database';
import { openPostgresDatabase } from '../../server/db/postgres-database';
import { syncRolesAndPermissions } from '../../server/features/users/role-repository';
import { rollupWriter } from './seed-rollups';

export interface SeedHistoryOptions {
  decisions?: number;
  days?: number;
  services?: number;
  operators?: number;
  subscribersPerService?: number;
  seed?: number;
  /** Items per statement. */
  batchSize?: number;
  /** The end of the history (default: now). */
  now?: Date;
  /** Run ANALYZE at the end (default: on PostgreSQL only, see the file comment). */
  analyze?: boolean;
  log?: (line: string) => void;
}

/** What a bench needs to know about the seeded data to ask for it. */
export interface SeededHistory {
  /** The history covers [from, to]; its last decision was made at lastDecidedAt. */
  from: Date;
  to: Date;
  lastDecidedAt: Date;
  days: number;
  decisions: number;
  serviceIds: number[];
  operatorIds: number[];
  /** The busiest service, operator and subscriber, and one end user of that subscriber. */
  busiestServiceId: number;
  busiestOperatorId: number;
  busiestSubscriberId: number;
  sampleUserId: string;
  sampleContentId: number;
  /** The first tag of the busiest service. */
  sampleTag: string;
  /** Rows written per table, and how long it took. */
  counts: Record<string, number>;
  seconds: number;
}

/** Tag names the services draw their 4 to 8 tags from (the order is the hotkey order). */
const TAG_POOL = [
  'nudity',
  'violence',
  'spam',
  'drugs',
  'hate_speech',
  'self_harm',
  'weapons',
  'scam',
  'harassment',
  'gore',
  'minors',
  'extremism',
  'profanity',
  'personal_data',
  'gambling',
  'alcohol',
];
const SLA_MINUTES = [5, 10, 15, 15, 30, 60, 120];
const FIRST_NAMES = ['Ana', 'Ben', 'Chloe', 'Dev', 'Eva', 'Femi', 'Gus', 'Hana', 'Ivo', 'Jana'];
const LAST_NAMES = ['Adler', 'Brooks', 'Costa', 'Dietz', 'Evans', 'Fischer', 'Garcia', 'Horvat'];

/** mulberry32: the few choices made here (service sizes) follow the seed too. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function titleCase(tag: string): string {
  const words = tag.split('_');
  return words
    .map((word, n) => (n === 0 ? word[0]?.toUpperCase() + word.slice(1) : word))
    .join(' ');
}

interface ServicePlan {
  code: string;
  name: string;
  tags: string[];
  slaMinutes: number;
  aiProvider: 'default' | 'local' | 'none';
  aiDecidesAlone: 'never' | 'safe';
  callback: boolean;
  weight: number;
}

function planServices(count: number, random: () => number): ServicePlan[] {
  return Array.from({ length: count }, (_, n) => {
    const tagCount = 4 + ((n * 3) % 5);
    const offset = (n * 5) % TAG_POOL.length;
    const tags = Array.from(
      { length: tagCount },
      (_, k) => TAG_POOL[(offset + k * 3) % TAG_POOL.length] ?? 'spam',
    );
    return {
      code: `hist-${String(n + 1).padStart(2, '0')}`,
      name: `History service ${n + 1}`,
      tags: [...new Set(tags)],
      slaMinutes: SLA_MINUTES[n % SLA_MINUTES.length] ?? 15,
      aiProvider: n % 10 === 4 ? 'none' : n % 5 === 2 ? 'local' : 'default',
      aiDecidesAlone: 'never',
      callback: n % 2 === 0,
      // A few services carry most of the volume, as in production.
      weight: 0.05 + random() ** 3,
    };
  });
}

/** How often the AI answers an item with no tag (['SAFE']), by the draws of insertDecidedSql. */
const SAFE_ANSWER_SHARE = 0.1 * 0.85 + 0.9 * 0.15 * 0.4 + 0.1 * 0.15 * 0.25;

/**
 * Marks services 'AI decides alone' until their items make about 3% of the history: such a
 * service's every SAFE answer is an AI decision (server/features/ai), so the share follows from
 * their volume.
 */
function chooseAiAloneServices(plans: ServicePlan[]): void {
  const total = plans.reduce((sum, plan) => sum + plan.weight, 0);
  const wanted = 0.03 / SAFE_ANSWER_SHARE;
  let share = 0;
  const candidates = plans
    .map((plan, n) => ({ plan, n }))
    .filter(({ plan }) => plan.aiProvider !== 'none')
    // Spread over the list rather than the first few services.
    .sort((a, b) => (a.n % 7) - (b.n % 7) || a.n - b.n);
  for (const { plan } of candidates) {
    const next = share + plan.weight / total;
    if (share >= wanted) break;
    if (share > 0 && next > wanted * 1.25) continue;
    plan.aiDecidesAlone = 'safe';
    share = next;
  }
}

export async function seedHistory(
  db: Database,
  options: SeedHistoryOptions = {},
): Promise<SeededHistory> {
  const decisions = options.decisions ?? 1_000_000;
  const days = options.days ?? 90;
  const serviceCount = options.services ?? 20;
  const operatorCount = options.operators ?? 200;
  const subscribersPerService = options.subscribersPerService ?? 150;
  const seed = options.seed ?? 1;
  const batchSize = options.batchSize ?? 50_000;
  const log = options.log ?? (() => undefined);
  const analyze = options.analyze ?? db.kind === 'postgres';
  const to = options.now ?? new Date();
  const from = new Date(to.getTime() - days * 86_400_000);
  const started = performance.now();
  const counts: Record<string, number> = {};
  const random = seededRandom(seed);
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

  await migrate(db);
  await syncRolesAndPermissions(db);
  const rollups = rollupWriter;

  // 1. Operators: no password hash to compute (they never sign in here).
  const operators = await db.query<{ id: number }>(
    `insert into users (username, email, first_name, last_name, role_id, password_hash,
                        max_content, created_at, updated_at)
     select 'hist_op_' || lpad(n::text, 4, '0'), 'hist_op_' || n || '@example.com',
            ($3::text[])[1 + n % cardinality($3::text[])],
            ($4::text[])[1 + (n / 7) % cardinality($4::text[])],
            (select id from roles where name = 'operator'), 'no-password', 6,
            $2::timestamptz - interval '200 days', $2::timestamptz - interval '200 days'
       from generate_series(1, $1::int) as n
      order by n
     returning id`,
    [operatorCount, to.toISOString(), FIRST_NAMES, LAST_NAMES],
  );
  const operatorIds = operators.map((row) => row.id).sort((a, b) => a - b);
  counts.operators = operatorIds.length;

  // 2. Services.
  const plans = planServices(serviceCount, random);
  chooseAiAloneServices(plans);
  const services = await db.query<{ id: number; code: string }>(
    `insert into services (code, name, callback_url, webhook_secret, tags, tag_labels,
                           submit_without_tags, enable_dynamic_tags, ai_provider,
                           ai_decides_alone, sla_minutes, created_at, updated_at)
     select p.code, p.name,
            case when p.callback then 'https://hooks.example.com/' || p.code end,
            'whsec_' || md5(p.code), p.tags, p.labels::jsonb, true, p.n % 4 <> 1,
            p.ai_provider, p.ai_decides_alone, p.sla,
            $2::timestamptz - interval '120 days', $2::timestamptz - interval '120 days'
       from jsonb_to_recordset($1::jsonb) as p(n int, code text, name text, callback boolean,
            tags text[], labels text, ai_provider text, ai_decides_alone text, sla int)
     returning id, code`,
    [
      JSON.stringify(
        plans.map((plan, n) => ({
          n,
          code: plan.code,
          name: plan.name,
          callback: plan.callback,
          tags: plan.tags,
          labels: JSON.stringify(Object.fromEntries(plan.tags.map((t) => [t, titleCase(t)]))),
          ai_provider: plan.aiProvider,
          ai_decides_alone: plan.aiDecidesAlone,
          sla: plan.slaMinutes,
        })),
      ),
      to.toISOString(),
    ],
  );
  const idByCode = new Map(services.map((row) => [row.code, row.id]));
  const serviceIds = plans.map((plan) => idByCode.get(plan.code) ?? 0);
  counts.services = serviceIds.length;

  // 3. Subscribers, listed by service index then number for the items' lookup.
  await db.query(
    `insert into subscribers (service_id, external_id, name, blocked, blocked_at, created_at)
     select s.id, 'sub-' || k, 'Subscriber ' || k || ' of ' || s.name, k % 97 = 0,
            case when k % 97 = 0 then $3::timestamptz - interval '3 days' end,
            $3::timestamptz - interval '110 days'
       from unnest($1::int[]) with ordinality as v(service_id, si)
       join services s on s.id = v.service_id
      cross join generate_series(1, $2::int) as k
      order by v.si, k`,
    [serviceIds, subscribersPerService, to.toISOString()],
  );
  const subscriberRows = await db.query<{ id: number; service_id: number; external_id: string }>(
    'select id, service_id, external_id from subscribers where service_id = any($1::int[])',
    [serviceIds],
  );
  const serviceIndex = new Map(serviceIds.map((id, n) => [id, n]));
  const subscriberKey = (row: { service_id: number; external_id: string }) =>
    (serviceIndex.get(row.service_id) ?? 0) * subscribersPerService +
    Number(row.external_id.slice(4));
  subscriberRows.sort((a, b) => subscriberKey(a) - subscriberKey(b));
  const subscriberIds = subscriberRows.map((row) => row.id);
  counts.subscribers = subscriberIds.length;
  log(`seed: users, ${serviceCount} services, ${subscriberIds.length} subscribers (${elapsed()})`);

  // 4. Decided items, batch by batch, with what each decision leaves behind.
  const totalWeight = plans.reduce((sum, plan) => sum + plan.weight, 0);
  const thresholds: number[] = [];
  let cumulative = 0;
  for (const plan of plans) {
    thresholds.push(cumulative / totalWeight);
    cumulative += plan.weight;
  }
  // The decided items end six hours ago; the live queue is the last half hour.
  const stepSeconds = (days * 86_400 - 6 * 3_600) / Math.max(1, decisions);
  const perDay = Math.max(100, Math.ceil(decisions / days));

  for (const name of [
    'contents',
    'content_durations',
    'deliveries',
    'delivery_attempts',
    'media_logs',
    'ai_failures',
  ]) {
    counts[name] = 0;
  }
  for (let lo = 1; lo <= decisions; lo += batchSize) {
    const hi = Math.min(decisions, lo + batchSize - 1);
    const [range] = await db.query<{ first: number | string; last: number | string; n: number }>(
      insertDecidedSql(seed),
      [
        lo,
        hi,
        thresholds,
        serviceIds,
        operatorIds,
        subscriberIds,
        subscribersPerService,
        from.toISOString(),
        stepSeconds,
      ],
    );
    if (!range) throw new Error('the decided items were not inserted');
    const ids = [Number(range.first), Number(range.last)];
    counts.contents = (counts.contents ?? 0) + range.n;
    for (const [name, sql] of Object.entries(followUpSql(seed))) {
      const [row] = await db.query<{ n: number }>(sql, ids);
      counts[name] = (counts[name] ?? 0) + Number(row?.n ?? 0);
    }
    await rollups.afterBatch(db, Number(range.first), Number(range.last), perDay);
    log(
      `seed: ${hi.toLocaleString('en')} of ${decisions.toLocaleString('en')} decisions (${elapsed()})`,
    );
  }

  // 5. The live queue: pending items of the last half hour, a few of them leased.
  const queued = Math.min(2_000, Math.max(20, Math.round(decisions / 500)));
  const [live] = await db.query<{ first: number | string; last: number | string; n: number }>(
    insertQueueSql(seed),
    [queued, serviceIds, operatorIds, subscriberIds, subscribersPerService, to.toISOString()],
  );
  counts.queued = Number(live?.n ?? 0);
  if (live) await rollups.afterBatch(db, Number(live.first), Number(live.last), perDay);

  // 6. The last hour of AI calls (the /aiservices health figures).
  const [calls] = await db.query<{ n: number }>(
    `with ins as (
       insert into ai_calls (provider, started_at, duration_ms, ok, error_code)
       select case when n % 4 = 0 then 'local' else 'openai' end,
              $2::timestamptz - make_interval(secs => n * 3600.0 / $1::int),
              case when n % 4 = 0 then 2 + n % 7 else 300 + (n * 7919) % 2500 end,
              n % 37 <> 0, case when n % 37 = 0 then 'timeout' end
         from generate_series(1, $1::int) as n
       returning 1)
     select count(*)::int as n from ins`,
    [Math.min(3_600, Math.max(60, Math.round(decisions / 300))), to.toISOString()],
  );
  counts.ai_calls = Number(calls?.n ?? 0);

  // 7. Rollups kept for whole items (see seed-rollups.ts).
  await rollups.atEnd(db);
  log(`seed: rollups (${elapsed()}): ${rollups.modules.join(', ')}`);

  if (analyze) {
    log(`seed: analyze (${elapsed()})`);
    await db.exec('analyze');
  }

  const [busiest] = await db.query<{
    service_id: number;
    operator_id: number;
    subscriber_id: number;
    user_id: string;
    content_id: number | string;
    last_decided_at: Date | string | null;
  }>(
    `select (select service_id from contents where status = 'decided'
              group by service_id order by count(*) desc, service_id limit 1) as service_id,
            (select decided_by from contents where status = 'decided' and decided_by is not null
              group by decided_by order by count(*) desc, decided_by limit 1) as operator_id,
            $1::int as subscriber_id,
            (select user_id from contents where subscriber_id = $1::int and status = 'decided'
              order by id limit 1) as user_id,
            (select id from contents where status = 'decided'
              order by id offset $2::int limit 1) as content_id,
            (select max(decided_at) from contents where status = 'decided') as last_decided_at`,
    // The heaviest subscriber is the first of the busiest service (the draw favours low numbers).
    [subscriberIds[busiestIndex(plans) * subscribersPerService] ?? 0, Math.floor(decisions / 2)],
  );
  const busiestServiceId = Number(busiest?.service_id ?? serviceIds[0]);
  const seconds = (performance.now() - started) / 1000;
  log(`seed: done in ${seconds.toFixed(1)} s: ${JSON.stringify(counts)}`);
  return {
    from,
    to,
    lastDecidedAt: busiest?.last_decided_at ? new Date(busiest.last_decided_at) : to,
    days,
    decisions,
    serviceIds,
    operatorIds,
    busiestServiceId,
    busiestOperatorId: Number(busiest?.operator_id ?? operatorIds[0]),
    busiestSubscriberId: Number(busiest?.subscriber_id ?? subscriberIds[0]),
    sampleUserId: busiest?.user_id ?? '',
    sampleContentId: Number(busiest?.content_id ?? 1),
    sampleTag: plans[serviceIds.indexOf(busiestServiceId)]?.tags[0] ?? 'spam',
    counts,
    seconds,
  };
}

function busiestIndex(plans: ServicePlan[]): number {
  let best = 0;
  plans.forEach((plan, n) => {
    if (plan.weight > (plans[best]?.weight ?? 0)) best = n;
  });
  return best;
}

/** A uniform number in (0, 1) from the item number `n` and the seed: the k-th draw of an item. */
function draw(seed: number, k: number, n = 'n'): string {
  return `((hashint8extended(${n}, ${seed * 64 + k}) & 4294967295)::float8 + 0.5) / 4294967296`;
}

/**
 * Items lo..hi ($1, $2) of the history, decided. $3 service thresholds (cumulative shares),
 * $4 service ids, $5 operator ids, $6 subscriber ids by service, $7 subscribers per service,
 * $8 the start of the history, $9 seconds between items. An item of a service where the AI
 * decides alone whose AI answer has no tag is the AI's decision (every tag 0, no operator), as
 * the server decides it. Answers the first and last id written.
 */
function insertDecidedSql(seed: number): string {
  return `
    with r as materialized (
      select n,
             width_bucket(${draw(seed, 1)}, $3::float8[]) as si,
             ${draw(seed, 2)} as u_sub, ${draw(seed, 3)} as u_member, ${draw(seed, 4)} as u_time,
             ${draw(seed, 5)} as u_type, ${draw(seed, 6)} as u_tag, ${draw(seed, 7)} as u_t1,
             ${draw(seed, 8)} as u_two, ${draw(seed, 9)} as u_t2, ${draw(seed, 10)} as u_agree,
             ${draw(seed, 11)} as u_kind, ${draw(seed, 12)} as u_ai, ${draw(seed, 13)} as u_ai_time,
             ${draw(seed, 14)} as u_wait, ${draw(seed, 15)} as u_handle, ${draw(seed, 16)} as u_op,
             ${draw(seed, 17)} as u_extra, ${draw(seed, 19)} as u_details
        from generate_series($1::bigint, $2::bigint) as n
    ), item as materialized (
      select r.n, r.si, r.u_extra, r.u_details, r.u_member, r.u_handle,
             s.id as service_id, s.tags, s.sla_minutes, s.ai_provider,
             ($6::int[])[(r.si - 1) * $7::int + 1 + floor($7::int * r.u_sub ^ 2)::int] as subscriber_id,
             ($5::int[])[1 + floor(cardinality($5::int[]) * r.u_op ^ 1.6)::int] as operator_id,
             case when r.u_type < 0.6 then 'text' when r.u_type < 0.85 then 'image'
                  when r.u_type < 0.95 then 'video' else 'other' end as message_type,
             $8::timestamptz + make_interval(secs => (r.n - 1 + r.u_time) * $9::float8) as bound_time,
             case when s.ai_provider = 'none' then 'none'
                  when r.u_ai < 0.05 then 'failed' else 'done' end as ai_state,
             0.4 + 6 * r.u_ai_time ^ 3 as ai_seconds,
             s.ai_decides_alone = 'safe' as alone_service,
             r.u_tag >= 0.10 as tagged,
             1 + floor(cardinality(s.tags) * r.u_t1 ^ 1.4)::int as t1,
             r.u_two < 0.15 as two,
             r.u_agree, r.u_kind,
             -- Minutes in the queue: exponential around a third of the SLA, a few far beyond.
             least(6 * 3600, -ln(r.u_wait) * s.sla_minutes * 60 * 0.3
                   * case when r.u_wait < 0.02 then 3 else 1 end) as wait_seconds,
             r.u_t2
        from r
        join services s on s.id = ($4::int[])[r.si]
    ), decided as materialized (
      select i.*,
             1 + (i.t1 + floor(i.u_t2 * (cardinality(i.tags) - 1))::int) % cardinality(i.tags) as t2,
             i.bound_time + make_interval(secs => i.wait_seconds) as assigned_at,
             i.bound_time + make_interval(secs => i.wait_seconds + 0.2 + 2 * i.u_details) as loaded_at
        from item i
    ), answered as (
      select d.*,
             case when d.ai_state <> 'done' then null
                  when d.u_agree < 0.85 then
                    case when not d.tagged then array['SAFE']
                         when d.two then array[d.tags[d.t1], d.tags[d.t2]]
                         else array[d.tags[d.t1]] end
                  when d.u_kind < 0.4 then
                    case when d.tagged then array['SAFE'] else array[d.tags[d.t1]] end
                  when d.u_kind < 0.75 then array[d.tags[d.t2]]
                  else case when d.tagged then array[d.tags[d.t1], d.tags[d.t2]]
                            else array['SAFE'] end end as ai_tags
        from decided d
    ), final as (
      select a.*,
             case when a.by_ai then a.bound_time + make_interval(secs => a.ai_seconds + 0.05)
                  else a.loaded_at + make_interval(secs => 4 + 90 * a.u_handle ^ 3
                         + case when a.message_type = 'video' then 45 else 0 end) end as decided_at
        from (select d.*, d.alone_service and coalesce(d.ai_tags = array['SAFE'], false) as by_ai
                from answered d) a
    ), ins as (
      insert into contents (service_id, subscriber_id, user_id, username, message_type, content,
                            file_url, content_additional_details, bound_time, status, assigned_to,
                            assigned_at, last_assigned_to, ai_state, ai_attempts,
                            ai_moderated_status, ai_response_time, ai_other_details,
                            ai_answered_at, decided_by, decided_at, decision_source, loaded_at,
                            moderated_status)
      select f.service_id, f.subscriber_id,
             'm' || f.subscriber_id || '_' || floor(40 * f.u_member ^ 2)::int,
             'member_' || f.subscriber_id || '_' || floor(40 * f.u_member ^ 2)::int,
             f.message_type,
             case f.message_type
               when 'text' then (array['see you at the game tonight', 'free money click here',
                 'this product changed my life', 'you are all idiots', 'selling pills cheap dm me',
                 'great photo!', 'who wants to trade', 'check my profile for more'])[1 + f.n % 8]
                 || ' #' || f.n
               when 'image' then 'https://cdn.example.com/i/' || f.n || '.jpg'
               when 'video' then 'https://cdn.example.com/v/' || f.n || '.mp4'
               else 'https://cdn.example.com/f/' || f.n || '.pdf' end,
             case when f.message_type <> 'text' then 'https://cdn.example.com/f/' || f.n end,
             case when f.u_details < 0.3 then jsonb_build_object(
               'channel', (array['chat', 'profile', 'comment', 'forum'])[1 + f.n % 4],
               'lang', (array['en', 'de', 'es', 'fr', 'pt'])[1 + f.n % 5]) end,
             f.bound_time, 'decided',
             case when not f.by_ai then f.operator_id end,
             case when not f.by_ai then f.assigned_at end,
             case when not f.by_ai then f.operator_id end,
             f.ai_state,
             case f.ai_state when 'done' then 1 when 'failed' then 3 else 0 end,
             to_jsonb(f.ai_tags),
             case when f.ai_state = 'done' then round(f.ai_seconds::numeric, 3)::float8 end,
             case when f.ai_state = 'done' then jsonb_build_object(
               'reasoning', case when f.ai_tags = array['SAFE'] then 'No policy violation found.'
                                 else 'Matches ' || array_to_string(f.ai_tags, ', ') || '.' end,
               'provider', case when f.ai_provider = 'local' then 'local' else 'openai' end) end,
             case when f.ai_state = 'done' then f.bound_time + make_interval(secs => f.ai_seconds) end,
             case when not f.by_ai then f.operator_id end,
             f.decided_at,
             case when f.by_ai then 'ai' else 'human' end,
             case when not f.by_ai then f.loaded_at end,
             (select jsonb_object_agg(t.tag, case when not f.by_ai and f.tagged
                       and (t.ord = f.t1 or (f.two and t.ord = f.t2)) then 1 else 0 end)
                from unnest(f.tags) with ordinality as t(tag, ord))
             || case when not f.by_ai and f.u_extra < 0.02 then jsonb_build_object('additional',
                  (array['context needed', 'borderline', 'repeat offender', 'appeal'])[1 + f.n % 4])
                else '{}'::jsonb end
        from final f
       order by f.n
      returning id)
    select min(id) as first, max(id) as last, count(*)::int as n from ins`;
}

/**
 * What the decisions of ids $1..$2 leave behind, table by table; each answers its row count.
 * Deliveries mirror the body the outbox writes (server/features/delivery), settled: nearly all
 * delivered, a few failed after their attempts; none pending, so the server's worker stays idle.
 */
function followUpSql(seed: number): Record<string, string> {
  const count = (insert: string) =>
    `with ins as (${insert} returning 1) select count(*)::int as n from ins`;
  return {
    content_durations: count(`
      insert into content_durations (user_id, content_id, loaded_at)
      select decided_by, id, loaded_at from contents
       where id between $1 and $2 and decision_source = 'human'`),
    deliveries: count(`
      insert into deliveries (content_id, service_id, webhook_id, body, status, attempts,
                              next_attempt_at, last_code, last_response, last_attempt_at,
                              delivered_at, created_at)
      select c.id, c.service_id, 'msg_' || md5(${seed} || ':' || c.id), jsonb_build_object(
               'type', 'content.moderated',
               'timestamp', to_char(c.decided_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
               'data', jsonb_build_object('content_id', c.id, 'service', s.code,
                 'subscriber_id', sub.external_id, 'user_id', c.user_id,
                 'message_type', c.message_type, 'moderated_status', c.moderated_status,
                 'moderated_by', u.username,
                 'decided_at', to_char(c.decided_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                 'bound_time', to_char(c.bound_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))::text,
             v.status, v.attempts, c.decided_at,
             case when v.status = 'delivered' then '200' else '503' end,
             case when v.status = 'delivered' then '{"ok":true}' else 'Service Unavailable' end,
             c.decided_at + make_interval(secs => 30 * (v.attempts - 1) + 0.2),
             case when v.status = 'delivered'
                  then c.decided_at + make_interval(secs => 30 * (v.attempts - 1) + 0.2) end,
             c.decided_at
        from contents c
        join services s on s.id = c.service_id and s.callback_url is not null
        join subscribers sub on sub.id = c.subscriber_id
        left join users u on u.id = c.decided_by
       cross join lateral (
         select case when ${draw(seed, 40, 'c.id')} < 0.03 then 'failed' else 'delivered' end as status,
                case when ${draw(seed, 40, 'c.id')} < 0.03 then 3
                     else 1 + (${draw(seed, 41, 'c.id')} < 0.1)::int
                            + (${draw(seed, 41, 'c.id')} < 0.02)::int end as attempts) v
       where c.id between $1 and $2`),
    delivery_attempts: count(`
      insert into delivery_attempts (delivery_id, service_id, attempt, attempted_at, status_code,
                                     error_code, latency_ms, response_excerpt)
      select d.id, d.service_id, a,
             d.created_at + make_interval(secs => 30 * (a - 1)),
             case when a = d.attempts and d.status = 'delivered' then 200
                  when a % 2 = 0 then null else 503 end,
             case when a % 2 = 0 and not (a = d.attempts and d.status = 'delivered')
                  then 'TIMEOUT' end,
             40 + (d.id * 7919 + a) % 400,
             case when a = d.attempts and d.status = 'delivered' then '{"ok":true}'
                  when a % 2 = 0 then 'timed out' else 'Service Unavailable' end
        from deliveries d cross join generate_series(1, d.attempts) as a
       where d.content_id between $1 and $2`),
    media_logs: count(`
      insert into media_logs (user_id, content_id, action, on_enlarged, media_time, duration,
                              created_at)
      select c.decided_by, c.id, (array['play', 'pause', 'seek', 'end'])[a], a % 2 = 0, a * 3.5,
             30 + c.id % 90, c.loaded_at + make_interval(secs => a * 2)
        from contents c
       cross join generate_series(1, 1 + (c.id % 4)::int) as a
       where c.id between $1 and $2 and c.message_type = 'video'
         and c.decision_source = 'human' and ${draw(seed, 42, 'c.id')} < 0.5`),
    ai_failures: count(`
      insert into ai_failures (content_id, provider, ai_status, response, attempts, failed_at)
      select c.id, case when s.ai_provider = 'local' then 'local' else 'openai' end,
             (array['timeout', 'http_500', 'invalid_answer', 'network'])[1 + c.id % 4],
             (array['The provider did not answer in time', 'Internal Server Error',
                    'The answer was not a tag list', 'Connection reset'])[1 + c.id % 4],
             3, c.bound_time + interval '40 seconds'
        from contents c join services s on s.id = c.service_id
       where c.id between $1 and $2 and c.ai_state = 'failed'`),
  };
}

/**
 * $1 items waiting in the last half hour (one in ten leased to an operator), of services $2,
 * operators $3, subscribers $4 by service ($5 per service), before $6. Answers the row count.
 */
function insertQueueSql(seed: number): string {
  return `
    with ins as (
      insert into contents (service_id, subscriber_id, user_id, username, message_type, content,
                            bound_time, status, assigned_to, assigned_at, lease_expires_at,
                            last_assigned_to, ai_state, ai_attempts, ai_moderated_status,
                            ai_response_time, ai_other_details, ai_answered_at)
      select s.id, ($4::int[])[(si - 1) * $5::int + 1 + n % $5::int],
             'm_live_' || n, 'member_live_' || n, 'text', 'waiting message #' || n,
             $6::timestamptz - make_interval(secs => 1800.0 * n / $1::int),
             case when n % 10 = 0 then 'assigned' else 'pending' end,
             case when n % 10 = 0 then op end,
             case when n % 10 = 0 then $6::timestamptz - interval '1 minute' end,
             case when n % 10 = 0 then $6::timestamptz + interval '1 hour' end,
             case when n % 10 = 0 then op end,
             case when s.ai_provider = 'none' then 'none' else 'done' end, 1,
             case when s.ai_provider <> 'none' then '["SAFE"]'::jsonb end,
             case when s.ai_provider <> 'none' then 0.8 end,
             case when s.ai_provider <> 'none'
                  then '{"reasoning": "No policy violation found.", "provider": "openai"}'::jsonb end,
             case when s.ai_provider <> 'none'
                  then $6::timestamptz - make_interval(secs => 1800.0 * n / $1::int - 0.8) end
        from generate_series(1, $1::int) as n
       cross join lateral (
         select 1 + (hashint8extended(n, ${seed * 64 + 50}) & 1048575)::int % cardinality($2::int[]) as si,
                ($3::int[])[1 + n % cardinality($3::int[])] as op) p
        join services s on s.id = ($2::int[])[p.si]
      returning id)
    select min(id) as first, max(id) as last, count(*)::int as n from ins`;
}

// ---------------------------------------------------------------------------------------------
// CLI

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      decisions: { type: 'string', default: '100000' },
      days: { type: 'string', default: '90' },
      seed: { type: 'string', default: '1' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
    },
  });
  const url = values['database-url'];
  const dataDir = values['data-dir'];
  if (!url && !dataDir) throw new Error('give --data-dir DIR (embedded) or --database-url URL');
  // DATA_DIR of a server: the embedded database lives in DATA_DIR/pglite.
  const db = url
    ? openPostgresDatabase(url)
    : await openPgliteDatabase({ dataDir: path.join(dataDir ?? '', 'pglite') });
  try {
    await seedHistory(db, {
      decisions: Number(values.decisions),
      days: Number(values.days),
      seed: Number(values.seed),
      log: (line) => process.stdout.write(`${line}\n`),
    });
  } finally {
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
