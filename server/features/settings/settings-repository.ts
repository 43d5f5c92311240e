import { queryOne, type Queryable } from '../../db/database';

/**
 * Raw access to the `settings` table, for values outside the catalogue (the two-factor default
 * of demo mode, the AI worker's retry knobs) and for tests. System settings are read through the
 * registry (settings-registry.ts), which applies the precedence rule; a value written here is
 * seen by every process within WATCH_MS.
 */
export async function getSetting<T>(db: Queryable, key: string): Promise<T | undefined> {
  const row = await queryOne<{ value: T }>(db, 'select value from settings where key = $1', [key]);
  return row?.value;
}

/** Writes a value as the system (no user: "changed by" shows nobody). */
export async function putSetting(db: Queryable, key: string, value: unknown): Promise<void> {
  await db.query(
    `insert into settings (key, value, updated_at) values ($1, $2::jsonb, now())
     on conflict (key) do update set value = excluded.value, updated_at = now(), updated_by = null`,
    [key, JSON.stringify(value)],
  );
}
