import type { Queryable } from '../../db/database';

/**
 * Which socket holds moderation for each user, shared by every server process. A holder whose
 * socket is gone keeps the row until its heartbeat is older than the lease grace period; any
 * live socket of the user may take over from such a holder at once.
 *
 * The statements every joining or moderating operator runs are prepared: run unprepared, each
 * was planned anew, about 15 s of the database's time for 10,000 operators joining.
 */
export async function moderatingSocketOf(
  db: Queryable,
  userId: number,
): Promise<string | undefined> {
  const rows = await db.queryPrepared<{ socket_id: string }>(
    'moderation_holder',
    'select socket_id from moderation_presence where user_id = $1',
    [userId],
  );
  return rows[0]?.socket_id;
}

/**
 * Makes `socketId` the holder unless another socket in `liveSocketIds` holds moderation now.
 * Answers the holder after the attempt. One statement, so two sockets racing on two processes
 * cannot both win.
 */
export async function takeModeration(
  db: Queryable,
  options: { userId: number; socketId: string; nodeId: string; liveSocketIds: readonly string[] },
): Promise<string | undefined> {
  const [won] = await db.queryPrepared<{ socket_id: string }>(
    'moderation_take',
    `insert into moderation_presence (user_id, socket_id, node_id) values ($1, $2, $3)
     on conflict (user_id) do update
        set socket_id = excluded.socket_id, node_id = excluded.node_id,
            since = case when moderation_presence.socket_id = excluded.socket_id
                         then moderation_presence.since else now() end,
            heartbeat_at = now()
      where moderation_presence.socket_id = excluded.socket_id
         or not (moderation_presence.socket_id = any($4::text[]))
     returning socket_id`,
    [options.userId, options.socketId, options.nodeId, options.liveSocketIds],
  );
  return won?.socket_id ?? (await moderatingSocketOf(db, options.userId));
}

/** Ends moderation for the user (park): no holder, park time set, leases released by caller. */
export async function clearModeration(db: Queryable, userId: number): Promise<void> {
  await db.query('delete from moderation_presence where user_id = $1', [userId]);
}

export async function setParkTime(db: Queryable, userId: number, parked: boolean): Promise<void> {
  await (parked
    ? db.queryPrepared(
        'park_time_set',
        'update users set park_time = coalesce(park_time, now()) where id = $1',
        [userId],
      )
    : db.queryPrepared(
        'park_time_clear',
        'update users set park_time = null where id = $1 and park_time is not null',
        [userId],
      ));
}

/** Heartbeat of the holders connected to this process; answers those still holding. */
export async function heartbeat(db: Queryable, socketIds: readonly string[]): Promise<string[]> {
  if (socketIds.length === 0) return [];
  const rows = await db.queryPrepared<{ socket_id: string }>(
    'moderation_heartbeat',
    `update moderation_presence set heartbeat_at = now()
      where socket_id = any($1::text[]) returning socket_id`,
    [socketIds],
  );
  return rows.map((row) => row.socket_id);
}

/** Removes holders silent for longer than the grace period; answers their users. */
export async function sweepStalePresence(db: Queryable, graceSeconds: number): Promise<number[]> {
  const rows = await db.query<{ user_id: number }>(
    `delete from moderation_presence
      where heartbeat_at < now() - $1 * interval '1 second' returning user_id`,
    [graceSeconds],
  );
  return rows.map((row) => row.user_id);
}

export async function moderatingUsers(db: Queryable): Promise<Map<number, string>> {
  const rows = await db.query<{ user_id: number; socket_id: string }>(
    'select user_id, socket_id from moderation_presence',
  );
  return new Map(rows.map((row) => [row.user_id, row.socket_id]));
}
