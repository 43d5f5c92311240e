import type { Queryable } from '../../db/database';

/**
 * Reads of the Online Users screen: the people behind the open connections, and every user who
 * holds moderation even without an open connection (dropped within the lease grace period).
 */
export interface PresenceUserRow {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  role: string;
  park_time: Date | null;
  /** The connection that holds moderation for the user, if any. */
  holder_socket: string | null;
  holder_since: Date | null;
}

export async function presenceOfUsers(
  db: Queryable,
  connectedUserIds: readonly number[],
): Promise<PresenceUserRow[]> {
  return db.query<PresenceUserRow>(
    `select u.id, u.username, u.first_name, u.last_name, r.name as role, u.park_time,
            p.socket_id as holder_socket, p.since as holder_since
       from users u
       join roles r on r.id = u.role_id
       left join moderation_presence p on p.user_id = u.id
      where u.id = any($1::int[]) or p.user_id is not null
      order by lower(u.username), u.id`,
    [connectedUserIds],
  );
}

/**
 * What the user may do now, read from the database rather than from the socket's handshake,
 * so a permission taken away is refused at the next question, not at the next sign-in.
 */
export async function currentPermissions(db: Queryable, userId: number): Promise<string[]> {
  const rows = await db.query<{ permission: string }>(
    `select rp.permission
       from users u join role_permissions rp on rp.role_id = u.role_id
      where u.id = $1 and not u.disabled`,
    [userId],
  );
  return rows.map((row) => row.permission);
}
