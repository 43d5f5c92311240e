import type { UserPendingStat } from '../../../src/contract/socket-events';
import type { Queryable } from '../../db/database';

/**
 * Items each of `userIds` decided in [start, end), by user, in one statement: the count after
 * every stored submit asks it for all the users whose submits arrived together. Each user's count
 * reads the (decided_by, decided_at) index: the range is written as row comparisons, which only
 * that index can serve. Without statistics (PGlite never analyzes) the planner otherwise takes
 * the decided_at index and reads every item decided that day, on every submit.
 */
export async function countModeratedByUsers(
  db: Queryable,
  userIds: readonly number[],
  start: Date,
  end: Date,
): Promise<Map<number, number>> {
  // Prepared: it runs after every submit, and planning it costs more than running it.
  const rows = await db.queryPrepared<{ user_id: number; count: number }>(
    'count_moderated_by_users',
    `select u.id as user_id,
            (select count(*)::int from contents
              where status = 'decided' and decided_by = u.id
                and (decided_by, decided_at) >= (u.id, $2::timestamptz)
                and (decided_by, decided_at) < (u.id, $3::timestamptz)) as count
       from unnest($1::int[]) as u(id)`,
    // Prepared statements take text, not Date objects.
    [userIds, start.toISOString(), end.toISOString()],
  );
  return new Map(rows.map((row) => [row.user_id, row.count]));
}

/** Items the user decided in [start, end). */
export async function countModeratedBy(
  db: Queryable,
  userId: number,
  start: Date,
  end: Date,
): Promise<number> {
  return (await countModeratedByUsers(db, [userId], start, end)).get(userId) ?? 0;
}

/** Items each of `userIds` decided since midnight UTC, by user. */
export function countModeratedToday(
  db: Queryable,
  userIds: readonly number[],
): Promise<Map<number, number>> {
  const start = new Date();
  start.setUTCHours(0, 0, 0, 0);
  return countModeratedByUsers(db, userIds, start, new Date(start.getTime() + 86_400_000));
}

export interface QueueCounts {
  pending: number;
  assigned: number;
  /** Items leased per user. */
  byUser: Map<number, number>;
}

/** One cheap pass over the undecided items (both partial indexes), shared by every asker. */
export async function queueCounts(db: Queryable): Promise<QueueCounts> {
  const rows = await db.query<{ assigned_to: number | null; count: number }>(
    `select null::int as assigned_to, count(*)::int as count from contents where status = 'pending'
     union all
     select assigned_to, count(*)::int from contents where status = 'assigned' group by assigned_to`,
  );
  const byUser = new Map<number, number>();
  let pending = 0;
  let assigned = 0;
  for (const row of rows) {
    if (row.assigned_to === null) pending += row.count;
    else {
      byUser.set(row.assigned_to, row.count);
      assigned += row.count;
    }
  }
  return { pending, assigned, byUser };
}

export function pendingStatFor(counts: QueueCounts, userId: number): UserPendingStat {
  return {
    total_pending: counts.pending + counts.assigned,
    pending: counts.pending,
    assigned: counts.byUser.get(userId) ?? 0,
  };
}

/**
 * Queue counts computed at most once per `maxAgeMs` per process, so a thousand top bars asking
 * every 2 s cost one query a second.
 */
export class QueueCountsCache {
  private value: QueueCounts | undefined;
  private at = 0;
  private inflight: Promise<QueueCounts> | undefined;

  constructor(
    private readonly db: Queryable,
    private readonly maxAgeMs = 1_000,
  ) {}

  get(): Promise<QueueCounts> {
    if (this.value && Date.now() - this.at < this.maxAgeMs) return Promise.resolve(this.value);
    this.inflight ??= queueCounts(this.db)
      .then((value) => {
        this.value = value;
        this.at = Date.now();
        return value;
      })
      .finally(() => {
        this.inflight = undefined;
      });
    return this.inflight;
  }
}
