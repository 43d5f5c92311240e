/**
 * npm run bench:chaos — nothing an operator submits is lost or stored twice, and every decision
 * is delivered once, while the server crashes, connections drop and pages reload.
 *
 * Per engine (embedded PGlite, then PostgreSQL):
 * 1. Setup straight on a fresh database: schema, operators with ready sessions, one service whose
 *    callback URL is the bench's webhook receiver, an ingest token.
 * 2. The real server starts as a child process behind a connection-cutting TCP proxy; the items
 *    arrive through the ingest API.
 * 3. Simulated operators (bench/support/simulated-console.ts: the console's own state machine,
 *    content store and outbox on fake-indexeddb, through the proxy) moderate until every item is
 *    decided. Meanwhile, at random moments: the server is killed with SIGKILL and started again
 *    (at least CHAOS_KILLS times), the proxy cuts every connection and refuses new ones for a
 *    while, answers are dropped after the server acted, and pages reload.
 * 4. The shift ends: outboxes drain, deliveries finish (the receiver answers 500 or slowly now
 *    and then, so retries run), the server stops and the database is checked against what the
 *    operators' outboxes accepted and what the receiver got.
 *
 * Printed per engine: submitted, stored, lost, doubled (and the details), deliveries delivered,
 * doubled and resent. Exit code 1 on any loss or double, or when the chaos fell short.
 *
 * Environment: BENCH_DB (pglite | postgres; default both), TEST_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test when that answers), CHAOS_OPERATORS (100),
 * CHAOS_ITEMS (2000), CHAOS_KILLS (5, at least 5), CHAOS_LEASE_GRACE_SECONDS (20),
 * CHAOS_DEADLINE_MS (240000 per engine), CHAOS_SEED (random choices; timing is not replayable).
 */
import 'fake-indexeddb/auto';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Database } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { openPgliteDatabase } from '../server/db/pglite-database';
import { openPostgresDatabase } from '../server/db/postgres-database';
import { createService } from '../server/features/services/service-repository';
import { issueServiceToken } from '../server/features/services/service-token-repository';
import { syncRolesAndPermissions } from '../server/features/users/role-repository';
import { createSessions } from '../tests/support/moderation-fixtures';
import { ingestItems, textItem } from '../tests/support/protocol';
import { pgliteDirOf } from './support/bench-server';
import { createScratchDatabase, postgresAnswers, withDatabase } from './support/bench-databases';
import { ChaosProxy } from './support/chaos-proxy';
import { KillableServer } from './support/killable-server';
import {
  BrowserEnvironment,
  SimulatedOperator,
  type OperatorAccount,
} from './support/simulated-console';
import { WebhookReceiver } from './support/webhook-receiver';

type Engine = 'pglite' | 'postgres';

const OPERATORS = Number(process.env.CHAOS_OPERATORS ?? 100);
const ITEMS = Number(process.env.CHAOS_ITEMS ?? 2000);
const MIN_KILLS = Math.max(5, Number(process.env.CHAOS_KILLS ?? 5));
const LEASE_GRACE_SECONDS = Number(process.env.CHAOS_LEASE_GRACE_SECONDS ?? 20);
const DEADLINE_MS = Number(process.env.CHAOS_DEADLINE_MS ?? 240_000);
/** No chaos at all (CHAOS_CALM=1): the same run on a quiet network, to compare. */
const CALM = process.env.CHAOS_CALM === '1';
const SEED = Number(process.env.CHAOS_SEED ?? randomBytes(4).readUInt32LE(0));
const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';
const TAGS = ['nudity', 'violence', 'spam', 'drugs'];
const SUBSCRIBER = 'chaos-bench';
const MAX_CONTENT = 5;
/** Delivery knobs for the server: retries within the run, a short request deadline. */
const DELIVERY_TIMEOUT_MS = 2_000;
const DELIVERY_ENV = {
  DELIVERY_RETRY_SCHEDULE: '1,1,2',
  DELIVERY_TIMEOUT_MS: String(DELIVERY_TIMEOUT_MS),
  DELIVERY_MAX_ATTEMPTS: '40',
  DELIVERY_ALLOW_PRIVATE_URLS: '1',
};
/** A delivery claimed by a killed server is sent again after its lease: timeout + 30 s. */
const DELIVERY_LEASE_MS = Math.ceil(DELIVERY_TIMEOUT_MS / 1000) * 1000 + 30_000;

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** mulberry32: the bench's random choices follow CHAOS_SEED. */
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

/** JSON with object keys sorted: jsonb does not keep the order the client sent. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Waits until `done` holds, checking every `everyMs`; answers whether it did before `ms`. */
async function waitUntil(done: () => boolean | Promise<boolean>, ms: number, everyMs = 250) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await done()) return true;
    if (Date.now() > deadline) return false;
    await sleep(everyMs);
  }
}

// ---------------------------------------------------------------------------------------------
// Databases

interface EngineDatabase {
  /** Environment that points the server at it. */
  env: Record<string, string>;
  open(): Promise<Database>;
  dispose(): Promise<void>;
}

async function engineDatabase(engine: Engine, workDir: string, adminUrl: string) {
  if (engine === 'pglite') {
    return {
      env: { DATA_DIR: workDir, DATABASE_URL: '' },
      open: () => openPgliteDatabase({ dataDir: pgliteDirOf(workDir) }),
      dispose: async () => undefined,
    } satisfies EngineDatabase;
  }
  const database = await createScratchDatabase(adminUrl, 'chaos');
  return {
    env: { DATA_DIR: workDir, DATABASE_URL: database.url },
    open: async () => openPostgresDatabase(database.url, { poolSize: 4 }),
    dispose: () => database.drop(),
  } satisfies EngineDatabase;
}

interface Setup {
  accounts: OperatorAccount[];
  token: string;
  secret: string;
}

async function setup(db: Database, callbackUrl: string): Promise<Setup> {
  await migrate(db);
  await syncRolesAndPermissions(db);
  // One in five is a batch moderator: several results in one submission.
  const users = await db.query<{ id: number; username: string; is_batch_moderator: boolean }>(
    `insert into users (username, role_id, password_hash, max_content, is_batch_moderator)
     select 'chaos_op_' || n, (select id from roles where name = 'operator'), 'no-password', $2,
            n % 5 = 0
       from generate_series(1, $1::int) as n
     returning id, username, is_batch_moderator`,
    [OPERATORS, MAX_CONTENT],
  );
  users.sort((a, b) => a.id - b.id);
  const sessions = await createSessions(
    db,
    users.map((user) => user.id),
  );
  const service = await createService(db, {
    code: 'chaos',
    name: 'Chaos Service',
    callbackUrl,
    tags: TAGS,
    submitWithoutTags: false,
    enableDynamicTags: true,
    aiWordLists: {},
  });
  const { token } = await issueServiceToken(db, { serviceId: service.id });
  const [row] = await db.query<{ webhook_secret: string }>(
    'select webhook_secret from services where id = $1',
    [service.id],
  );
  return {
    accounts: users.map((user, n) => ({
      id: user.id,
      username: user.username,
      session: sessions[n] ?? '',
      isBatch: user.is_batch_moderator,
      maxContent: MAX_CONTENT,
    })),
    token,
    secret: row?.webhook_secret ?? '',
  };
}

// ---------------------------------------------------------------------------------------------
// The verdict, from the database

interface DatabaseState {
  results: { content_id: number; user_id: number; key: string; outcome: string; status: unknown }[];
  contents: Map<number, { status: string; decided_by: number | null; moderated_status: unknown }>;
  deliveries: Map<number, { webhook_id: string; status: string; attempts: number; body: string }>;
  durationKeys: Set<string>;
}

async function readDatabase(db: Database): Promise<DatabaseState> {
  const results = await db.query<DatabaseState['results'][number]>(
    `select content_id::int as content_id, user_id, idempotency_key as key, outcome,
            payload->'moderated_status' as status
       from moderation_results`,
  );
  const contents = await db.query<{
    id: number;
    status: string;
    decided_by: number | null;
    moderated_status: unknown;
  }>('select id::int as id, status, decided_by, moderated_status from contents');
  const deliveries = await db.query<{
    content_id: number;
    webhook_id: string;
    status: string;
    attempts: number;
    body: string;
  }>('select content_id::int as content_id, webhook_id, status, attempts, body from deliveries');
  const durations = await db.query<{ key: string }>(
    'select idempotency_key as key from content_durations where idempotency_key is not null',
  );
  return {
    results,
    contents: new Map(contents.map(({ id, ...row }) => [id, row])),
    deliveries: new Map(deliveries.map(({ content_id, ...row }) => [content_id, row])),
    durationKeys: new Set(durations.map((row) => row.key)),
  };
}

interface RunFacts {
  engine: Engine;
  operators: SimulatedOperator[];
  /** Idempotency key -> code and reason of every needs-attention entry at the end. */
  attention: Map<string, { code: string; reason: string }>;
  stillWaiting: number;
  receiver: WebhookReceiver;
  killTimes: number[];
  kills: number;
  cuts: number;
  reloads: number;
  answersDropped: number;
  refusedConnections: number;
  seconds: number;
  workSeconds: number;
  networkFailures: number;
  timedOut: number;
  serverErrors: string[];
  /** Content id -> when the server recorded a delivery attempt as TIMEOUT (epoch ms). */
  timeouts: Map<number, number[]>;
}

interface Verdict {
  failures: string[];
  lines: string[];
}

function judge(state: DatabaseState, facts: RunFacts): Verdict {
  const lines: string[] = [];
  const failures: string[] = [];

  // Results: every key an outbox accepted.
  const submitted = new Map<string, { contentId: number; userId: number }>();
  for (const operator of facts.operators) {
    for (const [key, contentId] of operator.log.resultKeys) {
      submitted.set(key, { contentId, userId: operator.account.id });
    }
  }
  const rowsByKey = new Map<string, DatabaseState['results']>();
  for (const row of state.results) {
    const rows = rowsByKey.get(row.key) ?? [];
    rows.push(row);
    rowsByKey.set(row.key, rows);
  }
  let stored = 0;
  let noRow = 0;
  let wrongRow = 0;
  let keyTwice = 0;
  let acknowledgedUndecided = 0;
  let refusedShown = 0;
  let refusedSilently = 0;
  let duplicatesAcknowledged = 0;
  const refusedCodes = new Map<string, number>();
  const noRowCodes = new Map<string, number>();
  const examples: string[] = [];
  const decidedOf = (contentId: number) => state.contents.get(contentId)?.status === 'decided';
  for (const [key, { contentId, userId }] of submitted) {
    const rows = rowsByKey.get(key) ?? [];
    if (rows.length === 0) {
      noRow += 1;
      const code = facts.attention.get(key)?.code ?? 'not in needs-attention';
      noRowCodes.set(code, (noRowCodes.get(code) ?? 0) + 1);
      if (examples.length < 5) {
        const entry = facts.attention.get(key);
        examples.push(
          `key ${key} (content ${contentId}): no row${entry ? `, in needs-attention as ${entry.code}: ${entry.reason}` : ''}`,
        );
      }
      continue;
    }
    stored += 1;
    if (rows.length > 1) keyTwice += 1;
    const row = rows[0];
    if (!row || row.content_id !== contentId || row.user_id !== userId) {
      wrongRow += 1;
      continue;
    }
    if (row.outcome === 'stored' || row.outcome === 'duplicate') {
      if (row.outcome === 'duplicate') duplicatesAcknowledged += 1;
      if (!decidedOf(contentId)) {
        acknowledgedUndecided += 1;
        if (examples.length < 5) examples.push(`key ${key}: ${row.outcome} but undecided`);
      }
    } else {
      refusedCodes.set(row.outcome, (refusedCodes.get(row.outcome) ?? 0) + 1);
      // A refused result must reach the operator's needs-attention list; nothing silently gone.
      if (facts.attention.has(key)) refusedShown += 1;
      else {
        refusedSilently += 1;
        if (examples.length < 5) {
          examples.push(`key ${key} (content ${contentId}): ${row.outcome}, acknowledged silently`);
        }
      }
    }
  }

  // Items: decided at most once, by the result stored for it, with that result's tags.
  const storedRows = new Map<number, DatabaseState['results']>();
  for (const row of state.results) {
    if (row.outcome !== 'stored') continue;
    const rows = storedRows.get(row.content_id) ?? [];
    rows.push(row);
    storedRows.set(row.content_id, rows);
  }
  const submittedItems = new Set([...submitted.values()].map((entry) => entry.contentId));
  let decided = 0;
  let itemsTwice = 0;
  let decisionMismatch = 0;
  let submittedUndecided = 0;
  for (const [contentId, content] of state.contents) {
    const rows = storedRows.get(contentId) ?? [];
    if (content.status === 'decided') {
      decided += 1;
      if (rows.length > 1) itemsTwice += 1;
      const row = rows[0];
      if (
        rows.length === 1 &&
        row &&
        (row.user_id !== content.decided_by ||
          canonical(row.status) !== canonical(content.moderated_status))
      ) {
        decisionMismatch += 1;
      }
      if (rows.length === 0) decisionMismatch += 1;
    } else {
      if (rows.length > 0) decisionMismatch += 1;
      if (submittedItems.has(contentId)) submittedUndecided += 1;
    }
  }

  const lost = noRow + acknowledgedUndecided + refusedSilently;
  const doubled = itemsTwice + keyTwice + decisionMismatch + wrongRow;
  lines.push(
    `results: submitted ${submitted.size}, stored ${stored}, lost ${lost}, doubled ${doubled}`,
  );
  lines.push(
    `  items: ${decided} of ${state.contents.size} decided, each by one stored result; ${submittedItems.size} items had a result submitted` +
      (submittedUndecided > 0 ? `, ${submittedUndecided} of them undecided` : ''),
  );
  const refusedText = [...refusedCodes].map(([code, n]) => `${code} ${n}`).join(', ') || 'none';
  lines.push(
    `  outcomes: refused ${refusedShown + refusedSilently} (${refusedText}), ${refusedShown} of them in the operator's needs-attention list; ${duplicatesAcknowledged} acknowledged as duplicates of the operator's own decision (a reloaded page showed an item whose result was still waiting)`,
  );
  if (lost > 0) {
    lines.push(
      `  LOST: ${noRow} never reached the server (${[...noRowCodes].map(([code, n]) => `${code} ${n}`).join(', ')}), ${acknowledgedUndecided} acknowledged but the item is undecided, ${refusedSilently} refused but removed from the outbox as if stored`,
    );
  }
  if (doubled > 0) {
    lines.push(
      `  DOUBLED: ${itemsTwice} items with two stored results, ${keyTwice} keys stored twice, ${decisionMismatch} items whose decision differs from their stored result, ${wrongRow} keys stored for another item or user`,
    );
  }
  for (const example of examples) lines.push(`    e.g. ${example}`);
  if (facts.stillWaiting > 0)
    lines.push(`  ${facts.stillWaiting} entries still waiting in outboxes`);
  if (lost > 0) failures.push(`${lost} results lost`);
  if (doubled > 0) failures.push(`${doubled} results doubled`);

  // Moderated time: every key once.
  let timeKeys = 0;
  let timeLost = 0;
  for (const operator of facts.operators) {
    for (const key of operator.log.moderatedTimeKeys) {
      timeKeys += 1;
      if (!state.durationKeys.has(key)) timeLost += 1;
    }
  }
  lines.push(
    `moderated time: submitted ${timeKeys}, stored ${timeKeys - timeLost}, lost ${timeLost}`,
  );
  if (timeLost > 0) failures.push(`${timeLost} moderated-time records lost`);

  // Deliveries: one accepted webhook per decided item, the body the decision made.
  const receiver = facts.receiver;
  const acceptedByWebhook = new Map<string, typeof receiver.accepted>();
  for (const delivery of receiver.accepted) {
    const list = acceptedByWebhook.get(delivery.webhookId) ?? [];
    list.push(delivery);
    acceptedByWebhook.set(delivery.webhookId, list);
  }
  let delivered = 0;
  let undelivered = 0;
  let deliveryDoubles = 0;
  let wrongBody = 0;
  let rowNotDelivered = 0;
  for (const [contentId, content] of state.contents) {
    if (content.status !== 'decided') continue;
    const row = state.deliveries.get(contentId);
    const webhookIds = [...(receiver.webhookIdsOf.get(contentId) ?? [])];
    const acceptedIds = webhookIds.filter((id) => acceptedByWebhook.has(id));
    if (acceptedIds.length === 0 || !row) {
      undelivered += 1;
      continue;
    }
    delivered += 1;
    if (webhookIds.length > 1) deliveryDoubles += 1;
    if (row.status !== 'delivered') rowNotDelivered += 1;
    for (const delivery of acceptedByWebhook.get(row.webhook_id) ?? []) {
      const data = (JSON.parse(delivery.body) as { data: { moderated_status: unknown } }).data;
      if (
        delivery.body !== row.body ||
        canonical(data.moderated_status) !== canonical(content.moderated_status)
      ) {
        wrongBody += 1;
      }
    }
  }
  const phantom = [...receiver.webhookIdsOf.keys()].filter(
    (contentId) => state.contents.get(contentId)?.status !== 'decided',
  ).length;
  // A resend after a 200 is the at-least-once contract when the server could not know of that
  // 200: it was killed during or after that attempt, or the attempt's deadline passed (TIMEOUT
  // recorded) before it read the answer, as a stalled event loop does. Any other resend is a
  // bug. The window runs from the start of the attempt that got the 200 to the resend.
  let resends = 0;
  let resendsAfterKill = 0;
  let resendsAfterTimeout = 0;
  const unexplainedExamples: string[] = [];
  for (const list of acceptedByWebhook.values()) {
    for (let n = 1; n < list.length; n += 1) {
      resends += 1;
      const first = list[n - 1];
      const again = list[n];
      if (!first || !again) continue;
      const within = (time: number) => time >= first.attemptAt && time <= again.at;
      if (facts.killTimes.some(within)) resendsAfterKill += 1;
      else if ((facts.timeouts.get(again.contentId) ?? []).some(within)) resendsAfterTimeout += 1;
      else if (unexplainedExamples.length < 3) {
        unexplainedExamples.push(
          `content ${again.contentId}, ${again.webhookId}: attempt at ${new Date(first.attemptAt).toISOString()}, 200 at ${new Date(first.at).toISOString()}, again at ${new Date(again.at).toISOString()}`,
        );
      }
    }
  }
  const unexplained = resends - resendsAfterKill - resendsAfterTimeout;
  lines.push(
    `deliveries: delivered ${delivered} of ${decided} decided, undelivered ${undelivered}, doubled ${deliveryDoubles}, resends ${resends} (${resendsAfterKill} after a server kill lost the record of the 200, ${resendsAfterTimeout} after the server's deadline passed before it read the 200, ${unexplained} otherwise)`,
  );
  for (const example of unexplainedExamples) lines.push(`    resent: ${example}`);
  lines.push(
    `  receiver: ${receiver.requests} requests, ${receiver.answered500} answered 500, ${receiver.answeredTooLate} answered after the sender's timeout, ${receiver.badSignatures} bad signatures`,
  );
  if (wrongBody + phantom + rowNotDelivered > 0) {
    lines.push(
      `  ${wrongBody} bodies differ from the decision, ${phantom} deliveries for undecided items, ${rowNotDelivered} accepted but not recorded as delivered`,
    );
  }
  if (undelivered > 0) failures.push(`${undelivered} decisions undelivered`);
  if (deliveryDoubles > 0) failures.push(`${deliveryDoubles} decisions delivered under two ids`);
  if (unexplained > 0) failures.push(`${unexplained} deliveries resent without a server kill`);
  if (wrongBody + phantom + receiver.badSignatures > 0) failures.push('bad delivery contents');
  if (rowNotDelivered > 0) failures.push(`${rowNotDelivered} deliveries not recorded`);
  return { failures, lines };
}

// ---------------------------------------------------------------------------------------------
// One engine

/** What every phase of one engine's run shares. */
interface Rig {
  engine: Engine;
  database: EngineDatabase;
  server: KillableServer;
  proxy: ChaosProxy;
  receiver: WebhookReceiver;
  itemIds: number[];
  /** Content ids some answer showed decided (stored, duplicate, already decided). */
  decidedEvidence: Set<number>;
  /** Per-item answers the outboxes got, by status. */
  answers: Map<string, number>;
  deadline: number;
  random: () => number;
  between: (min: number, max: number) => number;
}

interface ShiftChaos {
  killTimes: number[];
  reloads: number;
  workSeconds: number;
}

/**
 * The operators work while the chaos runs: SIGKILLs spread over the window at random moments,
 * cuts of every connection, page reloads. Ends once every item is decided and the kills are
 * done, or at the window's end.
 */
async function runShift(rig: Rig, operators: SimulatedOperator[]): Promise<ShiftChaos> {
  const { server, proxy, between } = rig;
  const workStarted = performance.now();
  const workDeadline = Math.min(rig.deadline - 75_000, Date.now() + 150_000);
  const killTimes: number[] = [];
  let reloads = 0;
  let over = false;
  const workDone = () => rig.itemIds.every((id) => rig.decidedEvidence.has(id));
  const loop = async (work: () => Promise<void>) => {
    if (CALM) return;
    try {
      while (!over) await work();
    } finally {
      over = true;
    }
  };
  // The kills owed share the window's uptime at random moments: what is left of the window,
  // less the restarts still to come (as long as the restarts so far took), is cut into one slot
  // per kill. Each kill lands at a random moment in the later part of its slot, once a few
  // results have been stored since the last start (or at the slot's end): the consoles have
  // reconnected and work is in flight when it hits. Once the kills are done, more follow while
  // work remains.
  const killsBy = workDeadline - 10_000;
  const killer = loop(async () => {
    const owed = MIN_KILLS - server.kills;
    const restartMs = [...server.startMs].sort((x, y) => x - y)[server.startMs.length >> 1] ?? 0;
    const slot =
      owed > 0
        ? Math.max(2_000, (killsBy - Date.now() - owed * restartMs) / owed)
        : between(10_000, 25_000);
    const storedBefore = rig.answers.get('stored') ?? 0;
    const moment = Date.now() + between(0.35, 1) * slot;
    const slotEnd = Date.now() + slot;
    const workInFlight = () => workDone() || (rig.answers.get('stored') ?? 0) - storedBefore >= 5;
    await waitUntil(
      () => over || (Date.now() >= moment && (workInFlight() || Date.now() >= slotEnd)),
      slot + 1_000,
      100,
    );
    if (over) return;
    proxy.retarget(null);
    killTimes.push(Date.now());
    await server.kill();
    await sleep(between(200, 1_500));
    proxy.retarget(await server.start());
  });
  const cutter = loop(async () => {
    await sleep(between(6_000, 16_000));
    if (!over) proxy.cutAll(between(200, 2_000));
  });
  const reloader = loop(async () => {
    await sleep(between(400, 1_200));
    const operator = operators[Math.floor(rig.random() * operators.length)];
    if (!over && operator?.hasPage) {
      reloads += 1;
      void operator.reload(between(100, 1_500));
    }
  });
  let lastReport = Date.now();
  // Past the window only while kills are still owed, and never into the time the end needs.
  const hardStop = rig.deadline - 60_000;
  const killsDone = () => CALM || server.kills >= MIN_KILLS;
  while (!over && Date.now() < hardStop) {
    if ((workDone() || Date.now() > workDeadline) && killsDone()) break;
    await sleep(250);
    if (Date.now() - lastReport > 15_000) {
      lastReport = Date.now();
      log(
        `  ${Math.round((performance.now() - workStarted) / 1000)} s: ${rig.decidedEvidence.size} of ${rig.itemIds.length} items decided, ${server.kills} kills, ${proxy.stats.cuts} cuts, ${reloads} reloads`,
      );
    }
  }
  over = true;
  await Promise.all([killer, cutter, reloader]);
  if (!server.running) proxy.retarget(await server.start());
  return { killTimes, reloads, workSeconds: (performance.now() - workStarted) / 1000 };
}

/** The shift ends: items on screen are decided, then every outbox empties (bounded). */
async function endShift(operators: SimulatedOperator[]) {
  for (const operator of operators) {
    operator.stopWorking();
    if (!operator.hasPage) operator.open();
  }
  await waitUntil(() => operators.every((operator) => operator.onScreen === 0), 20_000);
  let stillWaiting = 0;
  const drained = await waitUntil(
    async () => {
      const waiting = await Promise.all(operators.map((operator) => operator.waiting()));
      stillWaiting = waiting.reduce((sum, n) => sum + (Number.isNaN(n) ? 0 : n), 0);
      if (stillWaiting === 0) return true;
      // The browser's online event: no waiting for a long back-off after the outage.
      for (const [n, operator] of operators.entries()) {
        if ((waiting[n] ?? 0) > 0) void operator.replay();
      }
      return false;
    },
    60_000,
    1_000,
  );
  if (!drained) log(`  outboxes did not drain: ${stillWaiting} entries still waiting`);
  const attention: RunFacts['attention'] = new Map();
  for (const operator of operators) {
    for (const { idempotencyKey, code, reason } of operator.attention()) {
      attention.set(idempotencyKey, { code, reason });
    }
  }
  return { stillWaiting, attention };
}

/**
 * Waits until the receiver has an accepted delivery of every item in `contentIds` and has been
 * quiet for a moment (late resends and doubles show up meanwhile), or `ms` passed.
 */
function receiverCovers(receiver: WebhookReceiver, contentIds: Iterable<number>, ms: number) {
  const wanted = [...contentIds];
  return waitUntil(() => {
    const delivered = receiver.deliveredContentIds();
    return wanted.every((id) => delivered.has(id)) && Date.now() - receiver.lastRequestAt > 3_000;
  }, ms);
}

/**
 * Lets the deliveries finish, stops the server and reads the database. A delivery claimed by a
 * killed server is sent again only after its lease; if the database still holds pending
 * deliveries, the server runs again until the receiver has them.
 */
async function finishDeliveries(rig: Rig, killTimes: number[]): Promise<DatabaseState> {
  const { receiver, server, database } = rig;
  const afterLastKill = (killTimes.at(-1) ?? 0) + DELIVERY_LEASE_MS + 10_000 - Date.now();
  await receiverCovers(
    receiver,
    rig.decidedEvidence,
    Math.min(Math.max(30_000, afterLastKill), rig.deadline - Date.now() - 20_000),
  );
  await server.stop();
  const state = await withDatabase(database, readDatabase);
  const pending = [...state.deliveries]
    .filter(([, row]) => row.status === 'pending')
    .map(([contentId]) => contentId);
  if (pending.length === 0) return state;
  log(`  ${pending.length} deliveries still pending; the server runs until they are sent`);
  await server.start();
  // A claim of the last killed server holds its row for the lease: wait at least that long.
  await receiverCovers(
    receiver,
    pending,
    Math.max(DELIVERY_LEASE_MS + 10_000, rig.deadline - Date.now() - 15_000),
  );
  await server.stop();
  return withDatabase(database, readDatabase);
}

interface ServerLog {
  /** Error and fatal lines, as "message: error". */
  errors: string[];
  /** Content id -> when a delivery attempt was recorded as TIMEOUT (epoch ms). */
  timeouts: Map<number, number[]>;
}

function readServerLog(logFile: string): ServerLog {
  const errors: string[] = [];
  const timeouts = new Map<number, number[]>();
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry: {
      level?: number;
      time?: number;
      msg?: string;
      err?: { message?: string };
      contentId?: number;
      code?: string;
    };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue;
    }
    if ((entry.level ?? 0) >= 50) {
      errors.push(`${entry.msg ?? ''}${entry.err?.message ? `: ${entry.err.message}` : ''}`);
    }
    if (entry.code === 'TIMEOUT' && entry.contentId !== undefined && entry.time !== undefined) {
      const times = timeouts.get(entry.contentId) ?? [];
      times.push(entry.time);
      timeouts.set(entry.contentId, times);
    }
  }
  return { errors, timeouts };
}

function report(rig: Rig, facts: RunFacts, verdict: Verdict): void {
  const starts = [...rig.server.startMs].sort((a, b) => a - b);
  const seconds = (ms: number | undefined) => ((ms ?? 0) / 1000).toFixed(1);
  log('');
  log(
    `${rig.engine === 'pglite' ? 'PGlite' : 'PostgreSQL'}: ${OPERATORS} operators, ${rig.itemIds.length} items, ${facts.workSeconds.toFixed(0)} s of chaos (${facts.seconds.toFixed(0)} s in all)`,
  );
  log(
    `chaos: ${facts.kills} SIGKILLs, ${facts.cuts} cuts of every connection, ${facts.answersDropped} answers dropped, ${facts.refusedConnections} connections refused, ${facts.reloads} page reloads; ${facts.networkFailures} requests failed in the browsers${facts.timedOut ? ` (${facts.timedOut} hung until the bench's timeout)` : ''}`,
  );
  log(
    `server starts: ${starts.length}, until healthy p50 ${seconds(starts[Math.floor(starts.length / 2)])} s, longest ${seconds(starts.at(-1))} s`,
  );
  log(
    `answers seen by the outboxes: ${[...rig.answers].map(([status, n]) => `${status} ${n}`).join(', ')}`,
  );
  for (const line of verdict.lines) log(line);
  const distinct = [...new Set(facts.serverErrors)];
  if (distinct.length > 0) {
    log(`server errors logged: ${facts.serverErrors.length}`);
    for (const error of distinct.slice(0, 5)) log(`  ${error}`);
  }
  log(
    `verdict: ${verdict.failures.length === 0 ? 'PASS' : `FAIL (${verdict.failures.join('; ')})`}`,
  );
  if (verdict.failures.length > 0) log(`server log: ${rig.server.logFile}`);
}

async function runEngine(engine: Engine, adminUrl: string): Promise<boolean> {
  const started = performance.now();
  const random = seededRandom(SEED ^ (engine === 'pglite' ? 0 : 0x9e3779b9));
  const deadline = Date.now() + DEADLINE_MS;
  const workDir = mkdtempSync(path.join(os.tmpdir(), `mc-bench-chaos-${engine}-`));
  const database = await engineDatabase(engine, workDir, adminUrl);
  const receiver = new WebhookReceiver('', {
    failRate: 0.06,
    slowRate: 0.05,
    slowMs: [200, 900],
    tooSlowRate: 0.02,
    tooSlowMs: DELIVERY_TIMEOUT_MS + 1_000,
    random,
  });
  const proxy = new ChaosProxy({ answerDropRate: CALM ? 0 : 0.004, random });
  const operators: SimulatedOperator[] = [];
  let browser: BrowserEnvironment | undefined;
  let server: KillableServer | undefined;
  let passed = false;
  try {
    const receiverPort = await receiver.listen();
    const { accounts, token, secret } = await withDatabase(database, (db) =>
      setup(db, `http://127.0.0.1:${receiverPort}/hooks/chaos`),
    );
    receiver.secret = secret;
    const origin = `http://127.0.0.1:${await proxy.listen()}`;
    server = new KillableServer(
      {
        ...database.env,
        PUBLIC_URL: origin,
        SEED_DEMO: '0',
        DEMO_FEEDER: '0',
        REDIS_URL: '',
        LOG_LEVEL: 'warn',
        STATIC_DIR: path.join(workDir, 'no-static'),
        LEASE_GRACE_SECONDS: String(LEASE_GRACE_SECONDS),
        ...DELIVERY_ENV,
      },
      `${workDir}.server.log`,
    );
    proxy.retarget(await server.start());
    const rig: Rig = {
      engine,
      database,
      server,
      proxy,
      receiver,
      // Straight to the server: getting the items in is not what this bench tests.
      itemIds: await ingestItems(
        `http://127.0.0.1:${server.port}`,
        token,
        Array.from({ length: ITEMS }, (_, n) => textItem(n, { subscriber_id: SUBSCRIBER })),
      ),
      decidedEvidence: new Set(),
      answers: new Map(),
      deadline,
      random,
      between: (min, max) => min + random() * (max - min),
    };
    log(
      `${engine}: ${OPERATORS} operators, ${rig.itemIds.length} items, server behind the proxy at ${origin}, receiver on :${receiverPort}`,
    );

    browser = new BrowserEnvironment(origin);
    browser.install();
    await browser.primeCsrf();
    for (const account of accounts) {
      operators.push(
        new SimulatedOperator(browser, account, {
          reviewMs: [500, 2_000],
          random,
          onAnswer: (contentId, status) => {
            rig.answers.set(status, (rig.answers.get(status) ?? 0) + 1);
            if (status === 'stored' || status === 'duplicate' || status === 'already_decided') {
              rig.decidedEvidence.add(contentId);
            }
          },
        }),
      );
    }
    // A shift starting: ten operators every 100 ms.
    for (const [n, operator] of operators.entries()) {
      if (n > 0 && n % 10 === 0) await sleep(100);
      operator.open();
    }

    const chaos = await runShift(rig, operators);
    log(
      `  chaos over after ${chaos.workSeconds.toFixed(0)} s: ${rig.decidedEvidence.size} of ${rig.itemIds.length} items decided; draining outboxes`,
    );
    const outboxes = await endShift(operators);
    const network = { ...browser.stats };
    for (const operator of operators) operator.close();
    browser.uninstall();

    const state = await finishDeliveries(rig, chaos.killTimes);
    const serverLog = readServerLog(server.logFile);
    const facts: RunFacts = {
      engine,
      operators,
      attention: outboxes.attention,
      stillWaiting: outboxes.stillWaiting,
      receiver,
      killTimes: chaos.killTimes,
      kills: server.kills,
      cuts: proxy.stats.cuts,
      reloads: chaos.reloads,
      answersDropped: proxy.stats.answersDropped,
      refusedConnections: proxy.stats.refused,
      seconds: (performance.now() - started) / 1000,
      workSeconds: chaos.workSeconds,
      networkFailures: network.failed,
      timedOut: network.timedOut,
      serverErrors: serverLog.errors,
      timeouts: serverLog.timeouts,
    };
    const verdict = judge(state, facts);
    if (!CALM && facts.kills < MIN_KILLS) {
      verdict.failures.push(`only ${facts.kills} kills of ${MIN_KILLS}`);
    }
    report(rig, facts, verdict);
    passed = verdict.failures.length === 0;
    return passed;
  } finally {
    browser?.uninstall();
    for (const operator of operators) operator.close();
    await server?.stop();
    await proxy.close();
    await receiver.close();
    await database
      .dispose()
      .catch((error: unknown) => log(`could not drop the database: ${String(error)}`));
    rmSync(workDir, { recursive: true, force: true });
    // The server's log stays for a failed run (its path is printed).
    if (passed) rmSync(`${workDir}.server.log`, { force: true });
  }
}

async function main(): Promise<void> {
  const requested = process.env.BENCH_DB;
  const engines: Engine[] =
    requested === 'pglite'
      ? ['pglite']
      : requested === 'postgres'
        ? ['postgres']
        : ['pglite', 'postgres'];
  const adminUrl = process.env.TEST_DATABASE_URL || DEFAULT_PG_URL;
  log(
    `chaos bench: ${OPERATORS} operators, ${ITEMS} items, at least ${MIN_KILLS} SIGKILLs per engine, lease grace ${LEASE_GRACE_SECONDS} s, seed ${SEED}; ${os.cpus().length} cores`,
  );
  let ok = true;
  for (const engine of engines) {
    if (engine === 'postgres' && !(await postgresAnswers(adminUrl))) {
      if (process.env.TEST_DATABASE_URL || requested === 'postgres') {
        log(`PostgreSQL at ${adminUrl} does not answer`);
        ok = false;
      } else {
        log(
          `PostgreSQL: skipped (TEST_DATABASE_URL is unset and nothing answers at ${DEFAULT_PG_URL})`,
        );
      }
      continue;
    }
    log('');
    try {
      ok = (await runEngine(engine, adminUrl)) && ok;
    } catch (error) {
      // A server that does not come back after a kill is a finding too: report, go on.
      log(`${engine}: the run broke: ${error instanceof Error ? error.stack : String(error)}`);
      ok = false;
    }
  }
  if (!existsSync('package.json')) log('run from the repository root');
  process.exitCode = ok ? 0 : 1;
}

// A watchdog: whatever hangs, the bench ends (and its server child with it).
setTimeout(
  () => {
    process.stderr.write('chaos bench: watchdog expired, giving up\n');
    process.exit(2);
  },
  2 * DEADLINE_MS + 60_000,
).unref();

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    process.stderr.write(
      `chaos bench failed: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
    process.exit(1);
  },
);
