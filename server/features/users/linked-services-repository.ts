import type { Queryable } from '../../db/database';

/**
 * The services linked to a user (user_services): what a customer reads on
 * /customer-moderation. Edited with the user on /users; the history reads the links in the
 * statement that reads the items (history-repository.ts).
 */

/** The ids of `ids` that name no service. */
export async function unknownServiceIds(db: Queryable, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<{ id: number }>('select id from services where id = any($1::int[])', [
    ids,
  ]);
  const known = new Set(rows.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

export async function linkedServiceIds(db: Queryable, userId: number): Promise<number[]> {
  const rows = await db.query<{ service_id: number }>(
    'select service_id from user_services where user_id = $1 order by service_id',
    [userId],
  );
  return rows.map((row) => row.service_id);
}

/** Replaces the user's links with `ids`. */
export async function setLinkedServices(
  db: Queryable,
  userId: number,
  ids: readonly number[],
): Promise<void> {
  await db.query('delete from user_services where user_id = $1 and service_id <> all($2::int[])', [
    userId,
    ids,
  ]);
  await db.query(
    `insert into user_services (user_id, service_id)
     select $1, unnest($2::int[]) on conflict do nothing`,
    [userId, ids],
  );
}

/** Every service, for the dialog's choice. */
export async function serviceChoices(db: Queryable): Promise<{ id: number; name: string }[]> {
  return db.query('select id, name from services order by lower(name), id');
}

/** The SQL of a user row's linked service ids, sorted (for the /users list). */
export function linkedServiceIdsSql(userColumn: string): string {
  return `coalesce((select array_agg(us.service_id order by us.service_id)
                      from user_services us where us.user_id = ${userColumn}), '{}')`;
}
