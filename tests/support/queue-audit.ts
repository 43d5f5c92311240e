/**
 * The queue's books, checked in the database after a load run (the queue bench, the
 * multi-process tests): no item given to two operators, none lost, every decision made once.
 *
 * The schema keeps only the current lease of an item (contents.assigned_to), so a later lease
 * overwrites an earlier one. `installAssignmentLog` adds, to a database made for the run, a
 * statement-level trigger that appends every lease taken (an item becoming assigned, or
 * assigned to someone else) to `queue_audit_assignments`; lease renewals are not leases taken.
 * It is never part of the server's schema.
 *
 * What the clients saw is checked as well: which operator each set-content named each item to,
 * which ones were answered `stored`, and the idempotency keys of the results acknowledged.
 */
import type { Queryable } from '../../server/db/database';

export async function installAssignmentLog(db: Queryable): Promise<void> {
  await db.query(
    `create table if not exists queue_audit_assignments (
       content_id bigint not null,
       user_id integer,
       at timestamptz not null default clock_timestamp()
     )`,
  );
  await db.query(
    `create or replace function queue_audit_log_assignments() returns trigger
     language plpgsql as $$
     begin
       insert into queue_audit_assignments (content_id, user_id)
       select n.id, n.assigned_to
         from new_rows n join old_rows o on o.id = n.id
        where n.status = 'assigned'
          and (o.status <> 'assigned' or o.assigned_to is distinct from n.assigned_to);
       return null;
     end $$`,
  );
  await db.query('drop trigger if exists queue_audit_assignments on contents');
  await db.query(
    `create trigger queue_audit_assignments after update on contents
       referencing new table as new_rows old table as old_rows
       for each statement execute function queue_audit_log_assignments()`,
  );
}

/** What the simulated operators saw and sent during the run. */
export class QueueClientRecord {
  /** Content id -> the operators a set-content named it to. */
  readonly handed = new Map<number, Set<number>>();
  /** Content id -> the operators whose submit was answered `stored` for it. */
  readonly stored = new Map<number, number[]>();
  /**
   * The idempotency keys of results the server acknowledged (answered 2xx, whatever each item's
   * outcome). A refused request (5xx) acknowledged nothing: the console keeps it and sends again.
   */
  readonly acknowledgedKeys: string[] = [];

  handedTo(operatorId: number, contentIds: readonly number[]): void {
    for (const id of contentIds) {
      const operators = this.handed.get(id) ?? new Set<number>();
      operators.add(operatorId);
      this.handed.set(id, operators);
    }
  }

  storedFor(operatorId: number, contentId: number): void {
    this.stored.set(contentId, [...(this.stored.get(contentId) ?? []), operatorId]);
  }
}

export interface QueueAudit {
  items: number;
  decided: number;
  /** Still pending or leased when the run ended (a deadline cut it short): not lost, not done. */
  unfinished: number;
  /** Leases taken, from the assignment log. */
  leases: number;
  /** Every broken rule, one line each (at most a few per rule). */
  failures: string[];
}

const EXAMPLES = 5;

function describeSome(label: string, ids: readonly (number | string)[]): string {
  const shown = ids.slice(0, EXAMPLES).join(', ');
  return `${ids.length} ${label}: ${shown}${ids.length > EXAMPLES ? ', ...' : ''}`;
}

/**
 * Checks the items `ingestedIds` and what the clients recorded against the database. Needs the
 * assignment log installed before the run.
 */
export async function auditQueue(
  db: Queryable,
  ingestedIds: readonly number[],
  record: QueueClientRecord,
): Promise<QueueAudit> {
  const failures: string[] = [];
  const fail = (label: string, ids: readonly (number | string)[]) => {
    if (ids.length > 0) failures.push(describeSome(label, ids));
  };
  const ids = [...ingestedIds];

  const leases = await db.query<{ content_id: number; users: number[]; n: number }>(
    `select content_id, array_agg(distinct user_id) as users, count(*)::int as n
       from queue_audit_assignments where content_id = any($1::bigint[])
      group by content_id`,
    [ids],
  );
  const leasedTo = new Map(leases.map((row) => [row.content_id, new Set(row.users)]));
  fail(
    'items leased to two operators (assignment log)',
    leases.filter((row) => row.users.length > 1).map((row) => row.content_id),
  );

  const rows = await db.query<{
    id: number;
    status: string;
    decided_by: number | null;
    stored: number;
    stored_by: number[] | null;
  }>(
    `select c.id, c.status, c.decided_by,
            count(r.id) filter (where r.outcome = 'stored')::int as stored,
            array_agg(r.user_id) filter (where r.outcome = 'stored') as stored_by
       from contents c left join moderation_results r on r.content_id = c.id
      where c.id = any($1::bigint[])
      group by c.id`,
    [ids],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  fail(
    'ingested items missing from the database',
    ids.filter((id) => !byId.has(id)),
  );
  const decided = rows.filter((row) => row.status === 'decided');
  fail(
    'decided items without exactly one stored result',
    decided.filter((row) => row.stored !== 1).map((row) => `${row.id} (${row.stored})`),
  );
  fail(
    'undecided items with a stored result',
    rows.filter((row) => row.status !== 'decided' && row.stored > 0).map((row) => row.id),
  );
  fail(
    'items decided by someone other than the operator whose result was stored',
    decided.filter((row) => row.stored_by?.[0] !== row.decided_by).map((row) => row.id),
  );
  fail(
    'items decided by an operator who never held their lease',
    decided
      .filter((row) => row.decided_by === null || !leasedTo.get(row.id)?.has(row.decided_by))
      .map((row) => row.id),
  );

  fail(
    'items handed to two operators (set-content)',
    [...record.handed].filter(([, operators]) => operators.size > 1).map(([id]) => id),
  );
  fail(
    'items answered stored to more than one submit',
    [...record.stored].filter(([, operators]) => operators.length > 1).map(([id]) => id),
  );
  fail(
    'items answered stored that the database shows decided by someone else or not at all',
    [...record.stored]
      .filter(([id, operators]) => byId.get(id)?.decided_by !== operators[0])
      .map(([id]) => id),
  );
  const storedInDatabase = decided.length;
  if (storedInDatabase !== record.stored.size) {
    failures.push(
      `${storedInDatabase} items decided in the database, ${record.stored.size} answered stored to the clients`,
    );
  }

  const keys = await db.query<{ idempotency_key: string; n: number }>(
    `select idempotency_key, count(*)::int as n from moderation_results
      where idempotency_key = any($1::text[]) group by idempotency_key`,
    [record.acknowledgedKeys],
  );
  const keptKeys = new Map(keys.map((row) => [row.idempotency_key, row.n]));
  fail(
    'acknowledged results not kept',
    record.acknowledgedKeys.filter((key) => !keptKeys.has(key)),
  );
  fail(
    'acknowledged results kept more than once',
    keys.filter((row) => row.n > 1).map((row) => row.idempotency_key),
  );

  return {
    items: ids.length,
    decided: decided.length,
    unfinished: rows.filter((row) => row.status !== 'decided').length,
    leases: leases.reduce((sum, row) => sum + row.n, 0),
    failures,
  };
}
