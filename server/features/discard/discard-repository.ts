import {
  DISCARD_SAMPLE_SIZE,
  DiscardFilterSchema,
  type DiscardFilter,
  type DiscardJob,
  type DiscardPreview,
  type DiscardSample,
} from '../../../src/contract/discard';
import type { MessageType } from '../../../src/contract/content';
import { queryOne, type Queryable } from '../../db/database';
import { SqlParams } from '../../db/sql-params';
import { discardPicked, type Actor, type Discarded } from '../content-tool/item-actions-repository';

/**
 * Bulk discards: the filter as SQL, the preview, the jobs and their batches. Rules:
 * - A filter reads undecided items only, waiting ('pending') and leased ('assigned') ones each
 *   through its own partial index (migrations 002, 044), never the decided history.
 * - A job takes items up to the newest one its preview saw (`max_content_id`).
 * - A batch is one short transaction: it locks its job's row (skip locked: one batch of a job at
 *   a time, on any process), discards up to DISCARD_BATCH_SIZE items per status, skipping items
 *   another transaction holds (a submit deciding them right now; the next batch sees them
 *   again), and counts them on the job. A job is done once a batch finds nothing left.
 */
type Status = 'pending' | 'assigned';

function statusesOf(filter: DiscardFilter): Status[] {
  return filter.status === 'any' ? ['pending', 'assigned'] : [filter.status];
}

/** The filter's conditions on `contents c` of one status. */
function conditionsOf(
  filter: DiscardFilter,
  status: Status,
  params: SqlParams,
  maxContentId: number | null,
): string {
  const conditions = [`c.status = '${status}'`];
  if (maxContentId !== null) conditions.push(`c.id <= ${params.add(maxContentId)}`);
  if (filter.service_id !== undefined) {
    conditions.push(`c.service_id = ${params.add(filter.service_id)}`);
  }
  if (filter.subscriber !== undefined) {
    const serviceScope =
      filter.service_id !== undefined
        ? ` and sb.service_id = ${params.add(filter.service_id)}`
        : '';
    conditions.push(
      `c.subscriber_id in (select sb.id from subscribers sb
                            where sb.external_id = ${params.add(filter.subscriber)}${serviceScope})`,
    );
  }
  if (filter.older_than_minutes !== undefined) {
    conditions.push(
      `c.bound_time < now() - ${params.add(filter.older_than_minutes)} * interval '1 minute'`,
    );
  }
  if (filter.message_type !== undefined) {
    conditions.push(`c.message_type = ${params.add(filter.message_type)}`);
  }
  return conditions.join(' and ');
}

export async function previewDiscard(
  db: Queryable,
  filter: DiscardFilter,
): Promise<DiscardPreview> {
  const params = new SqlParams();
  const counts = statusesOf(filter).map(
    (status) =>
      `(select count(*)::int from contents c where ${conditionsOf(filter, status, params, null)}) as ${status}`,
  );
  const totals = await queryOne<{ pending?: number; assigned?: number; max_id: number | null }>(
    db,
    `select ${counts.join(', ')}, (select max(id) from contents) as max_id`,
    params.values,
  );
  const sampleParams = new SqlParams();
  const branches = statusesOf(filter).map(
    (status) =>
      `select * from (select c.id, c.bound_time from contents c
                       where ${conditionsOf(filter, status, sampleParams, null)}
                       order by c.bound_time, c.id limit ${DISCARD_SAMPLE_SIZE}) ${status}_items`,
  );
  const sample = await db.query<{
    id: number;
    service_name: string;
    subscriber_id: string;
    message_type: MessageType;
    status: Status;
    holder: string | null;
    bound_time: Date;
    preview: string;
  }>(
    `select c.id, s.name as service_name, sb.external_id as subscriber_id, c.message_type,
            c.status, u.username as holder, c.bound_time, left(c.content, 160) as preview
       from (${branches.join(' union all ')}) picked
       join contents c on c.id = picked.id
       join services s on s.id = c.service_id
       join subscribers sb on sb.id = c.subscriber_id
       left join users u on u.id = c.assigned_to and c.status = 'assigned'
      order by c.bound_time, c.id
      limit ${DISCARD_SAMPLE_SIZE}`,
    sampleParams.values,
  );
  return {
    count: (totals?.pending ?? 0) + (totals?.assigned ?? 0),
    assigned: totals?.assigned ?? 0,
    max_content_id: Number(totals?.max_id ?? 0),
    sample: sample.map((row): DiscardSample => ({
      id: Number(row.id),
      service_name: row.service_name,
      subscriber_id: row.subscriber_id,
      message_type: row.message_type,
      status: row.status,
      holder: row.holder,
      arrived_at: new Date(row.bound_time).toISOString(),
      preview: row.preview,
    })),
  };
}

/** How many items the filter matches now, up to `maxContentId`. */
export async function countMatching(
  db: Queryable,
  filter: DiscardFilter,
  maxContentId: number,
): Promise<number> {
  const params = new SqlParams();
  const counts = statusesOf(filter).map(
    (status) =>
      `(select count(*)::int from contents c where ${conditionsOf(filter, status, params, maxContentId)})`,
  );
  const row = await queryOne<{ count: number }>(
    db,
    `select ${counts.join(' + ')} as count`,
    params.values,
  );
  return row?.count ?? 0;
}

interface JobRow {
  id: number;
  status: DiscardJob['status'];
  filter: unknown;
  service_name: string | null;
  reason: string | null;
  expected: number;
  discarded: number;
  withdrawn: number;
  created_by_username: string;
  created_at: Date;
  finished_at: Date | null;
  error: string | null;
  max_content_id: number;
  created_by: number | null;
}

const JOB_COLUMNS = `j.id, j.status, j.filter, s.name as service_name, j.reason, j.expected,
  j.discarded, j.withdrawn, j.created_by_username, j.created_at, j.finished_at, j.error,
  j.max_content_id, j.created_by`;
const JOB_FROM = `discard_jobs j
  left join services s on s.id = (j.filter ->> 'service_id')::integer`;

function toJob(row: JobRow): DiscardJob {
  return {
    id: row.id,
    status: row.status,
    filter: DiscardFilterSchema.parse(row.filter),
    service_name: row.service_name,
    reason: row.reason,
    expected: row.expected,
    discarded: row.discarded,
    withdrawn: row.withdrawn,
    created_by: row.created_by_username,
    created_at: new Date(row.created_at).toISOString(),
    finished_at: row.finished_at ? new Date(row.finished_at).toISOString() : null,
    error: row.error,
  };
}

export async function createDiscardJob(
  tx: Queryable,
  job: {
    actor: Actor;
    filter: DiscardFilter;
    reason: string | null;
    maxContentId: number;
    expected: number;
  },
): Promise<number> {
  const row = await queryOne<{ id: number }>(
    tx,
    `insert into discard_jobs (created_by, created_by_username, filter, reason, max_content_id,
                               expected)
     values ($1, $2, $3::jsonb, $4, $5, $6) returning id`,
    [
      job.actor.id,
      job.actor.username,
      JSON.stringify(job.filter),
      job.reason,
      job.maxContentId,
      job.expected,
    ],
  );
  if (!row) throw new Error('the discard job was not stored');
  return row.id;
}

export async function findDiscardJob(db: Queryable, id: number): Promise<DiscardJob | undefined> {
  const row = await queryOne<JobRow>(db, `select ${JOB_COLUMNS} from ${JOB_FROM} where j.id = $1`, [
    id,
  ]);
  return row ? toJob(row) : undefined;
}

export async function listDiscardJobs(db: Queryable, limit: number): Promise<DiscardJob[]> {
  const rows = await db.query<JobRow>(
    `select ${JOB_COLUMNS} from ${JOB_FROM} order by j.id desc limit $1`,
    [limit],
  );
  return rows.map(toJob);
}

/** Stops a running job; answers false when it was not running. */
export async function cancelDiscardJob(tx: Queryable, id: number): Promise<boolean> {
  const rows = await tx.query(
    `update discard_jobs set status = 'cancelled', finished_at = now()
      where id = $1 and status = 'running' returning id`,
    [id],
  );
  return rows.length > 0;
}

export interface BatchOutcome {
  /** No running job was free to work on. */
  idle: boolean;
  jobId: number | null;
  discarded: Discarded;
  finished: boolean;
}

const NOTHING: Discarded = { ids: [], holders: [], withdrawn: 0 };

/**
 * One batch of the oldest running job no other transaction is working on: up to `batchSize`
 * items per status, discarded in the caller's transaction with the job's progress.
 */
export async function runDiscardBatch(tx: Queryable, batchSize: number): Promise<BatchOutcome> {
  const job = await queryOne<
    Pick<
      JobRow,
      'id' | 'filter' | 'reason' | 'max_content_id' | 'created_by' | 'created_by_username'
    >
  >(
    tx,
    `select id, filter, reason, max_content_id, created_by, created_by_username
       from discard_jobs where status = 'running'
      order by id limit 1
      for update skip locked`,
  );
  if (!job) return { idle: true, jobId: null, discarded: NOTHING, finished: false };
  const filter = DiscardFilterSchema.parse(job.filter);
  const maxContentId = Number(job.max_content_id);
  const params = new SqlParams();
  const branches = statusesOf(filter).map(
    (status) =>
      `select id from (select c.id from contents c
                        where ${conditionsOf(filter, status, params, maxContentId)}
                        limit ${params.add(batchSize)}
                        for update of c skip locked) ${status}_items`,
  );
  const discarded = await discardPicked(
    tx,
    { sql: branches.join(' union all '), params: params.values },
    { id: job.created_by, username: job.created_by_username },
    { reason: job.reason, jobId: job.id },
  );
  // Nothing taken: done, unless items are left that other transactions held just now.
  const finished =
    discarded.ids.length === 0 && (await countMatching(tx, filter, maxContentId)) === 0;
  await tx.query(
    `update discard_jobs
        set discarded = discarded + $2, withdrawn = withdrawn + $3,
            status = case when $4 then 'done' else status end,
            finished_at = case when $4 then now() else finished_at end
      where id = $1`,
    [job.id, discarded.ids.length, discarded.withdrawn, finished],
  );
  return { idle: false, jobId: job.id, discarded, finished };
}
