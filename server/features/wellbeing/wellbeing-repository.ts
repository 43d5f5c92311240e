import type { BreakReason, Treatment, WellbeingPrefs } from '../../../src/contract/wellbeing';
import { DEFAULT_WELLBEING_PREFS } from '../../../src/contract/wellbeing';
import { queryOne, type Queryable } from '../../db/database';

/** The user's own choices; the defaults when they never saved any. */
export async function readWellbeingPrefs(db: Queryable, userId: number): Promise<WellbeingPrefs> {
  const row = await queryOne<WellbeingPrefs>(
    db,
    'select media, sound from user_wellbeing_prefs where user_id = $1',
    [userId],
  );
  return row ? { media: row.media, sound: row.sound } : { ...DEFAULT_WELLBEING_PREFS };
}

export async function saveWellbeingPrefs(
  db: Queryable,
  userId: number,
  prefs: WellbeingPrefs,
): Promise<void> {
  await db.query(
    `insert into user_wellbeing_prefs (user_id, media, sound) values ($1, $2, $3)
     on conflict (user_id) do update
       set media = excluded.media, sound = excluded.sound, updated_at = now()`,
    [userId, prefs.media, prefs.sound],
  );
}

/** Each item's service treatment ('Protect operators'), for the items asked. */
export async function serviceTreatments(
  db: Queryable,
  contentIds: readonly number[],
): Promise<Map<number, Treatment>> {
  if (contentIds.length === 0) return new Map();
  // Prepared: every hand-out of items asks it, and planning it costs more than running it.
  const rows = await db.queryPrepared<{ id: number; protect_operators: Treatment }>(
    'service_treatments',
    `select c.id, s.protect_operators
       from contents c join services s on s.id = c.service_id
      where c.id = any($1::bigint[])`,
    [contentIds],
  );
  return new Map(rows.map((row) => [Number(row.id), row.protect_operators]));
}

/**
 * Records that the user was shown these sensitive items (once per item), and forgets rows older
 * than a day, which no hourly count reads.
 */
export async function recordExposures(
  db: Queryable,
  userId: number,
  contentIds: readonly number[],
): Promise<void> {
  if (contentIds.length === 0) return;
  await db.query(
    `insert into wellbeing_exposures (user_id, content_id)
     select $1, id from unnest($2::bigint[]) as id
     on conflict (user_id, content_id) do nothing`,
    [userId, contentIds],
  );
  await db.query(
    `delete from wellbeing_exposures where user_id = $1 and shown_at < now() - interval '1 day'`,
    [userId],
  );
}

/** Sensitive items the user was shown in the last hour. */
export async function countRecentExposures(db: Queryable, userId: number): Promise<number> {
  const row = await queryOne<{ count: number }>(
    db,
    `select count(*)::int as count from wellbeing_exposures
      where user_id = $1 and shown_at > now() - interval '1 hour'`,
    [userId],
  );
  return Number(row?.count ?? 0);
}

/** Opens a wellness break, unless one is open already (a second take-break changes nothing). */
export async function startWellnessBreak(
  db: Queryable,
  userId: number,
  reason: BreakReason,
): Promise<void> {
  await db.query(
    `insert into wellness_breaks (user_id, reason)
     select $1, $2
      where not exists (select 1 from wellness_breaks where user_id = $1 and ended_at is null)`,
    [userId, reason],
  );
}

/** Ends the user's open wellness break (they moderate again). */
export async function endWellnessBreaks(db: Queryable, userId: number): Promise<void> {
  await db.query(
    'update wellness_breaks set ended_at = now() where user_id = $1 and ended_at is null',
    [userId],
  );
}

export interface WellnessTime {
  periodStart: string;
  operatorId: number;
  operator: string;
  seconds: number;
}

/**
 * Seconds of wellness break per operator and report period, a break counted in the period of
 * its start (an open one up to now), for the breaks starting in [start, end).
 */
export async function wellnessTimeByPeriod(
  db: Queryable,
  filter: { group: 'hour' | 'day' | 'week'; start: Date; end: Date; operatorId?: number },
): Promise<WellnessTime[]> {
  const rows = await db.query<{
    period_start: Date;
    user_id: number;
    username: string;
    seconds: number;
  }>(
    `select date_trunc($1, b.started_at, 'UTC') as period_start, b.user_id, u.username,
            round(sum(extract(epoch from coalesce(b.ended_at, now()) - b.started_at)))::int
              as seconds
       from wellness_breaks b join users u on u.id = b.user_id
      where b.started_at >= $2 and b.started_at < $3 and ($4::int is null or b.user_id = $4)
      group by 1, 2, 3`,
    [filter.group, filter.start, filter.end, filter.operatorId ?? null],
  );
  return rows.map((row) => ({
    periodStart: new Date(row.period_start).toISOString(),
    operatorId: Number(row.user_id),
    operator: row.username,
    seconds: Number(row.seconds),
  }));
}
