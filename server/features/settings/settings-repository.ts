import { queryOne, type Queryable } from '../../db/database';

export async function getSetting<T>(db: Queryable, key: string): Promise<T | undefined> {
  const row = await queryOne<{ value: T }>(db, 'select value from settings where key = $1', [key]);
  return row?.value;
}

export async function putSetting(db: Queryable, key: string, value: unknown): Promise<void> {
  await db.query(
    `insert into settings (key, value, updated_at) values ($1, $2::jsonb, now())
     on conflict (key) do update set value = excluded.value, updated_at = now()`,
    [key, JSON.stringify(value)],
  );
}
