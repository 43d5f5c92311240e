import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REPORT_GROUPS,
  REPORT_KINDS,
  reportEndpoints,
  chartEndpoints,
  type ReportQuery,
} from '../../../../src/contract/reports';
import type { Database, Queryable } from '../../../../server/db/database';
import { openPostgresDatabase } from '../../../../server/db/postgres-database';
import { storeAiAnswer } from '../../../../server/features/ai/ai-job-repository';
import { agreementTable } from '../../../../server/features/ai/ai-review-repository';
import { rebuildAiAgreement } from '../../../../server/features/ai/ai-review-rollup';
import { readChartSeries, readReport } from '../../../../server/features/reports/report-reader';
import {
  rebuildReportRollups,
  refreshSlaRollups,
} from '../../../../server/features/reports/report-rollups-repository';
import {
  foldJournalBatch,
  foldRollupJournal,
} from '../../../../server/features/reports/rollup-folder';
import {
  holdRollupFold,
  journalArrivals,
  journalDecisions,
  tryRollupFold,
} from '../../../../server/features/reports/rollup-journal';
import { createUser } from '../../../../server/features/users/user-repository';
import { createOperator, createTestService, TEST_TAGS } from '../../../support/moderation-fixtures';
import { sessionFor, type SignedInUser } from '../../../support/people-fixtures';
import {
  claimItems,
  ingestTexts,
  moderatedResult,
  submitResults,
  waitFor,
  type SocketRecorder,
} from '../../../support/protocol';
import {
  aiReviewSnapshot,
  expectRollupsAsRebuilt,
  expectRows,
  reportRollupSnapshot,
} from '../../../support/report-oracle';
import { openTestDatabase, type TestDatabase } from '../../../support/test-database';
import { useTestServer } from '../../../support/test-server';

/**
 * The rollup journal: decisions and arrivals are appended to it in the transactions that make
 * them, and folded into the report and AI rollups in the background. What a user notices:
 * reports, charts and the AI agreement table are exact the moment a decision commits, whether
 * the journal is folded, half folded or not at all; a fold that dies before its commit loses
 * and doubles nothing; two folders at once (two server processes) fold every row once; a
 * rebuild and an SLA change with rows still in the journal count each item once.
 */
const DAY_MS = 86_400_000;
const MONDAY = Date.parse('2026-04-06T00:00:00Z');
const FROM = new Date(MONDAY);
const TO = new Date(MONDAY + 7 * DAY_MS - 1);
const WAITS_S = [0.3, 30, 200, 900, 4_000, 20_000];

interface Spec {
  service: 0 | 1;
  bound: number;
  decided: number | null;
  loaded: number | null;
  /** An operator's index, the AI alone, or nobody yet. */
  by: number | 'ai' | null;
  status: Record<string, number | string> | null;
  /** The AI's tags; null: no AI answer. */
  ai: string[] | null;
  /** The AI answered after the operator decided. */
  aiLate: boolean;
}

/** A small deterministic generator (a linear congruential one), so a failure repeats. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function makeSpecs(random: () => number, count: number): Spec[] {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  return Array.from({ length: count }, () => {
    const service = random() < 0.5 ? 0 : 1;
    const bound = MONDAY + Math.floor(random() * 3 * DAY_MS);
    const roll = random();
    if (roll < 0.15) {
      return {
        service,
        bound,
        decided: null,
        loaded: null,
        by: null,
        status: null,
        ai: null,
        aiLate: false,
      };
    }
    const decided = bound + pick(WAITS_S) * 1000;
    if (roll < 0.3) {
      const status = Object.fromEntries(TEST_TAGS.map((tag) => [tag, 0]));
      return {
        service,
        bound,
        decided,
        loaded: null,
        by: 'ai',
        status,
        ai: ['SAFE'],
        aiLate: false,
      };
    }
    const status: Record<string, number | string> = Object.fromEntries(
      TEST_TAGS.map((tag) => [tag, random() < 0.3 ? 1 : 0]),
    );
    if (random() < 0.1) status.additional = 'scam';
    const aiRoll = random();
    const ai =
      aiRoll < 0.35 ? null : random() < 0.3 ? ['SAFE'] : TEST_TAGS.filter(() => random() < 0.3);
    return {
      service,
      bound,
      decided,
      loaded: random() < 0.7 ? decided - Math.floor(5_000 + random() * 115_000) : null,
      by: Math.floor(random() * 3),
      status,
      ai,
      aiLate: ai !== null && aiRoll > 0.85,
    };
  });
}

interface World {
  db: Database;
  services: [number, number];
  operators: number[];
  subscriber: number;
  specs: Map<number, Spec>;
}

/** Writes the items as the server's paths leave them, without their journal rows. */
async function insertItems(world: World, specs: Spec[]): Promise<number[]> {
  const ids: number[] = [];
  for (const spec of specs) {
    const [row] = await world.db.query<{ id: number }>(
      `insert into contents (service_id, subscriber_id, user_id, message_type, content,
                             bound_time, status, decided_at, loaded_at, decided_by,
                             decision_source, moderated_status, ai_state, ai_moderated_status)
       values ($1, $2, 'u', 'text', 'hello', $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11::jsonb)
       returning id`,
      [
        world.services[spec.service],
        world.subscriber,
        new Date(spec.bound),
        spec.decided === null ? 'pending' : 'decided',
        spec.decided === null ? null : new Date(spec.decided),
        spec.loaded === null ? null : new Date(spec.loaded),
        typeof spec.by === 'number' ? world.operators[spec.by] : null,
        spec.by === null ? null : spec.by === 'ai' ? 'ai' : 'human',
        spec.status ? JSON.stringify(spec.status) : null,
        spec.ai === null ? 'none' : spec.aiLate ? 'pending' : 'done',
        spec.ai && !spec.aiLate ? JSON.stringify(spec.ai) : null,
      ],
    );
    ids.push(Number(row?.id));
    world.specs.set(Number(row?.id), spec);
  }
  return ids;
}

/**
 * The journal rows the server's paths append for these items, a few items per transaction as
 * submits do: arrivals, decisions (with the agreement of an item the AI had answered), and the
 * agreement an AI answer arriving after the decision adds (storeAiAnswer).
 */
async function journalItems(world: World, ids: number[]): Promise<void> {
  const { db } = world;
  const of = (id: number) => world.specs.get(id) as Spec;
  await db.transaction((tx) => journalArrivals(tx, ids));
  const human = ids.filter((id) => typeof of(id).by === 'number');
  for (let start = 0; start < human.length; start += 7) {
    await db.transaction((tx) => journalDecisions(tx, human.slice(start, start + 7), 'human'));
  }
  const byAi = ids.filter((id) => of(id).by === 'ai');
  await db.transaction((tx) => journalDecisions(tx, byAi, 'ai'));
  for (const id of ids.filter((item) => of(item).aiLate)) {
    const tags = of(id).ai ?? [];
    await db.transaction((tx) =>
      storeAiAnswer(tx, id, 'test', { tags, responseTimeSeconds: 1, reasoning: '' }),
    );
  }
}

/** Every report, grouping and filter, and the charts, as the endpoints read them and from the items. */
async function expectReportsExact(db: Queryable, world: World): Promise<void> {
  for (const report of REPORT_KINDS) {
    for (const group of REPORT_GROUPS) {
      for (const filter of [
        {},
        { service_id: world.services[0] },
        ...(report === 'productivity' ? [{ operator_id: world.operators[1] }] : []),
      ]) {
        const query = { report, group, from: FROM, to: TO, ...filter } as ReportQuery;
        const fromRollups = await readReport(db, query);
        expect(fromRollups.rows.length, `${report} by ${group}`).toBeGreaterThan(0);
        expectRows(fromRollups.rows, (await readReport(db, query, 'rows')).rows);
      }
    }
  }
  for (const group of REPORT_GROUPS) {
    for (const service_id of [undefined, world.services[1]]) {
      // A range starting on Tuesday: the queue depth before it comes from the rollups too.
      const query = { group, from: new Date(MONDAY + DAY_MS), to: TO, service_id };
      expectRows(
        (await readChartSeries(db, query)).points,
        (await readChartSeries(db, query, 'rows')).points,
      );
    }
  }
}

/** The agreement table worked out from the items' specs. */
function expectedAgreement(world: World) {
  const perService = world.services.map((serviceId) => ({
    service_id: serviceId,
    compared: 0,
    agreed: 0,
    ai_alone: 0,
    tags: TEST_TAGS.map((tag) => ({ tag, tp: 0, fp: 0, fn: 0, tn: 0 })),
  }));
  for (const spec of world.specs.values()) {
    const row = perService[spec.service];
    if (!row || spec.decided === null) continue;
    if (spec.by === 'ai') {
      row.ai_alone += 1;
      continue;
    }
    if (spec.ai === null || spec.status === null) continue;
    const ai = spec.ai.filter((tag) => tag !== 'SAFE');
    const human = TEST_TAGS.filter((tag) => spec.status?.[tag] === 1);
    row.compared += 1;
    if ([...new Set(ai)].sort().join() === human.sort().join()) row.agreed += 1;
    for (const counts of row.tags) {
      const aiSays = ai.includes(counts.tag);
      const humanSays = spec.status[counts.tag] === 1;
      if (aiSays && humanSays) counts.tp += 1;
      else if (aiSays) counts.fp += 1;
      else if (humanSays) counts.fn += 1;
      else counts.tn += 1;
    }
  }
  return perService
    .filter((row) => row.compared + row.ai_alone > 0)
    .map((row) => ({ ...row, tags: row.compared > 0 ? row.tags : [] }));
}

async function expectAgreementExact(db: Queryable, world: World): Promise<void> {
  const table = await agreementTable(db, { fromDay: '2026-04-06', toDay: '2026-04-12' });
  const ours = table.filter((row) => world.services.includes(row.service_id));
  expect(
    ours.map((row) => ({
      service_id: row.service_id,
      compared: row.compared,
      agreed: row.agreed,
      ai_alone: row.ai_alone,
      tags: row.tags.map(({ tag, tp, fp, fn, tn }) => ({ tag, tp, fp, fn, tn })),
    })),
  ).toEqual(expectedAgreement(world));
}

async function journalRows(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from rollup_journal');
  return row?.n ?? 0;
}

/** Folds everything, in batches of `batch`. */
async function foldAll(db: Database, batch = 5_000): Promise<void> {
  while ((await foldRollupJournal(db, batch)) !== 0) {
    // A fold answers null while another holds the lock; only an empty journal answers 0.
  }
}

describe('the rollup journal', () => {
  let database: TestDatabase;
  let world: World;
  const random = generator(20260406);

  beforeAll(async () => {
    database = await openTestDatabase('demo');
    const db = database.db;
    const services = [
      (await createTestService(db, { name: 'Journal alpha' })).service.id,
      (await createTestService(db, { name: 'Journal beta' })).service.id,
    ] as [number, number];
    await db.query('update services set sla_minutes = 5 where id = $1', [services[1]]);
    const operators: number[] = [];
    for (const name of ['ann', 'bob', 'cid']) {
      operators.push(
        await createUser(db, {
          username: `journal_${name}`,
          role: 'operator',
          password_hash: 'no-password',
          max_content: 6,
        }),
      );
    }
    const [subscriber] = await db.query<{ id: number }>(
      `insert into subscribers (service_id, external_id, name) values ($1, 'journal', 'Journal')
       returning id`,
      [services[0]],
    );
    world = { db, services, operators, subscriber: Number(subscriber?.id), specs: new Map() };
    const ids = await insertItems(world, makeSpecs(random, 90));
    await journalItems(world, ids);
  });

  afterAll(async () => {
    await database?.dispose();
  });

  it('reads every report, chart and the AI agreement exactly with nothing folded yet', async () => {
    expect(await journalRows(world.db)).toBeGreaterThan(150);
    expect(await reportRollupSnapshot(world.db)).toEqual([]);
    expect(await aiReviewSnapshot(world.db)).toEqual([]);
    await expectReportsExact(world.db, world);
    await expectAgreementExact(world.db, world);
  });

  it('loses and doubles nothing when a fold dies before its commit', async () => {
    const { db } = world;
    // Half the journal folded first, so the failed fold would add to existing rows.
    await db.transaction(async (tx) => {
      expect(await tryRollupFold(tx)).toBe(true);
      expect(await foldJournalBatch(tx, Math.floor((await journalRows(tx)) / 2))).toBeGreaterThan(
        0,
      );
    });
    const rows = await journalRows(db);
    const rollups = await reportRollupSnapshot(db);
    const review = await aiReviewSnapshot(db);
    const crash = db.transaction(async (tx) => {
      expect(await tryRollupFold(tx)).toBe(true);
      expect(await foldJournalBatch(tx, 40)).toBe(40);
      // On PostgreSQL the connection itself goes, as when the process dies mid-fold.
      if (db.kind === 'postgres') await tx.query('select pg_terminate_backend(pg_backend_pid())');
      throw new Error('the folder died');
    });
    await expect(crash).rejects.toThrow();
    expect(await journalRows(db)).toBe(rows);
    expect(await reportRollupSnapshot(db)).toEqual(rollups);
    expect(await aiReviewSnapshot(db)).toEqual(review);
    await expectReportsExact(db, world);
    await expectAgreementExact(db, world);
  });

  it('stays exact between batches, and folds to what a rebuild from the items gives', async () => {
    const { db } = world;
    let folds = 0;
    while ((await foldRollupJournal(db, 29)) !== 0) {
      folds += 1;
      if (folds % 3 === 1) {
        await expectReportsExact(db, world);
        await expectAgreementExact(db, world);
      }
    }
    expect(folds).toBeGreaterThan(2);
    expect(await journalRows(db)).toBe(0);
    await expectReportsExact(db, world);
    await expectAgreementExact(db, world);
    await expectRollupsAsRebuilt(db);
  });

  it('counts each item once when rebuilt or recounted for a new SLA with rows still in the journal', async () => {
    const { db } = world;
    const ids = await insertItems(world, makeSpecs(random, 40));
    await journalItems(world, ids);
    expect(await journalRows(db)).toBeGreaterThan(40);
    await rebuildReportRollups(db);
    await db.transaction((tx) => rebuildAiAgreement(tx));
    await expectReportsExact(db, world);
    await expectAgreementExact(db, world);
    // A new SLA for beta, as the service's save does it: the lock first, then the recount.
    await db.transaction(async (tx) => {
      await holdRollupFold(tx);
      await tx.query('update services set sla_minutes = 12 where id = $1', [world.services[1]]);
      await refreshSlaRollups(tx, world.services[1]);
    });
    await expectReportsExact(db, world);
    await foldAll(db, 17);
    await expectReportsExact(db, world);
    await expectAgreementExact(db, world);
    const folded = await reportRollupSnapshot(db);
    await rebuildReportRollups(db);
    expect(await reportRollupSnapshot(db)).toEqual(folded);
  });

  it('folds every row once with two folders racing while decisions are appended', async () => {
    const { db } = world;
    // Two server processes are two pools on one PostgreSQL; the embedded database has one.
    const second =
      db.kind === 'postgres'
        ? openPostgresDatabase(database.env.DATABASE_URL ?? '', { poolSize: 4 })
        : db;
    try {
      if (db.kind === 'postgres') {
        // While one process folds, the other's fold skips its turn.
        await journalItems(world, await insertItems(world, makeSpecs(random, 3)));
        await second.transaction(async (tx) => {
          expect(await tryRollupFold(tx)).toBe(true);
          expect(await foldRollupJournal(db)).toBeNull();
        });
      }
      let writing = true;
      const writers = Array.from({ length: 3 }, async () => {
        for (let round = 0; round < 8; round += 1) {
          await journalItems(world, await insertItems(world, makeSpecs(random, 5)));
        }
      });
      const folded = [0, 0];
      const busy = [0, 0];
      const folder = async (on: Database, index: number) => {
        while (writing || (await journalRows(on)) > 0) {
          const count = await foldRollupJournal(on, 13);
          if (count === null) busy[index] = (busy[index] ?? 0) + 1;
          else folded[index] = (folded[index] ?? 0) + count;
        }
      };
      const folders = [folder(db, 0), folder(second, 1)];
      await Promise.all(writers);
      writing = false;
      await Promise.all(folders);
      expect((folded[0] ?? 0) + (folded[1] ?? 0)).toBeGreaterThan(120 * 2);
      expect(await journalRows(db)).toBe(0);
      await expectReportsExact(db, world);
      await expectAgreementExact(db, world);
      await expectRollupsAsRebuilt(db);
    } finally {
      if (second !== db) await second.close();
    }
  });
});

describe('the rollup journal behind the server', () => {
  const server = useTestServer({ env: { DEMO_FEEDER: '0' } });
  const sockets: SocketRecorder[] = [];
  let admin: SignedInUser;

  beforeAll(async () => {
    admin = await sessionFor(server.db, server.baseUrl, 'admin');
  });
  afterAll(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });

  it('shows a submit in the reports at once, before and after the folder runs', async () => {
    // The folder stopped: what the reports show comes from the journal.
    await server.app.reports.folder.stop();
    await foldAll(server.db);
    const { service, token } = await createTestService(server.db, { submitWithoutTags: true });
    await ingestTexts(server.baseUrl, token, 4);
    const operator = await createOperator(server.db, server.baseUrl);
    const claimed = await claimItems(server.baseUrl, operator, 3);
    sockets.push(claimed.socket);
    const answer = await submitResults(operator.client, [
      moderatedResult(operator, claimed.ids[0] ?? 0, { moderated_status: { spam: 1 } }),
      moderatedResult(operator, claimed.ids[1] ?? 0, { moderated_status: { spam: 0 } }),
      moderatedResult(operator, claimed.ids[2] ?? 0, { moderated_status: { violence: 1 } }),
    ]);
    expect(answer.status, answer.text).toBe(200);
    const kinds = await server.db.query<{ kind: string; n: number }>(
      `select kind, count(*)::int as n from rollup_journal
        where kind in ('arrival', 'decision') group by kind order by kind`,
    );
    expect(kinds).toEqual([
      { kind: 'arrival', n: 4 },
      { kind: 'decision', n: 3 },
    ]);

    const now = Date.now();
    const range = {
      from: new Date(now - (now % DAY_MS)).toISOString(),
      to: new Date(now - (now % DAY_MS) + DAY_MS - 1).toISOString(),
    };
    const read = async () => ({
      services: (
        await admin.client.callOk(reportEndpoints.report, {
          query: { report: 'services', group: 'day', ...range, service_id: service.id },
        })
      ).data.rows,
      productivity: (
        await admin.client.callOk(reportEndpoints.report, {
          query: { report: 'productivity', group: 'day', ...range, operator_id: operator.id },
        })
      ).data.rows,
      chart: (
        await admin.client.callOk(chartEndpoints.series, {
          query: { group: 'hour', ...range, service_id: service.id },
        })
      ).data.points.filter((point) => point.arrivals + point.decided > 0),
    });
    const before = await read();
    expect(before.services).toMatchObject([{ arrivals: 4, decided: 3, tagged: 2, untagged: 1 }]);
    expect(before.productivity).toMatchObject([{ decided: 3, active_hours: 1, untagged: 1 }]);
    expect(before.chart).toMatchObject([{ arrivals: 4, decided: 3, queue_depth: 1 }]);

    server.app.reports.folder.start();
    await waitFor(
      async () => (await journalRows(server.db)) === 0,
      'the folder empties the journal',
    );
    expect(await read()).toEqual(before);
  });
});
