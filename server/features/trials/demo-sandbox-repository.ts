import type { Queryable } from '../../db/database';

/**
 * The demo role's private sandbox (demo_decisions): one decision per user and sample, kept
 * until the user resets. The first decision of a sample stands; deciding it again answers the
 * stored one, so a double click or a replay never changes the comparison.
 */
export interface StoredDemoDecision {
  sample_id: number;
  tags: string[];
  custom_tag: string | null;
  decided_at: Date;
}

interface DecisionRow {
  sample_id: number;
  tags: string[];
  custom_tag: string | null;
  decided_at: Date | string;
}

function toDecision(row: DecisionRow): StoredDemoDecision {
  return { ...row, decided_at: new Date(row.decided_at) };
}

/** Stores the decision unless the user decided this sample already; answers the one that stands. */
export async function storeDemoDecision(
  db: Queryable,
  userId: number,
  decision: { sampleId: number; tags: readonly string[]; customTag: string | null },
): Promise<StoredDemoDecision> {
  const [row] = await db.query<DecisionRow>(
    `with added as (
       insert into demo_decisions (user_id, sample_id, tags, custom_tag)
       values ($1, $2, $3::text[], $4)
       on conflict (user_id, sample_id) do nothing
       returning sample_id, tags, custom_tag, decided_at)
     select * from added
     union all
     select sample_id, tags, custom_tag, decided_at from demo_decisions
      where user_id = $1 and sample_id = $2 and not exists (select 1 from added)`,
    [userId, decision.sampleId, decision.tags, decision.customTag],
  );
  // Empty only when a parallel request of the same user stored it after this statement began:
  // its row is committed by now.
  const stored =
    row ??
    (
      await db.query<DecisionRow>(
        `select sample_id, tags, custom_tag, decided_at from demo_decisions
          where user_id = $1 and sample_id = $2`,
        [userId, decision.sampleId],
      )
    )[0];
  if (!stored) throw new Error(`demo decision of user ${userId} on ${decision.sampleId} lost`);
  return toDecision(stored);
}

export async function listDemoDecisions(
  db: Queryable,
  userId: number,
): Promise<StoredDemoDecision[]> {
  const rows = await db.query<DecisionRow>(
    `select sample_id, tags, custom_tag, decided_at from demo_decisions
      where user_id = $1 order by decided_at, sample_id`,
    [userId],
  );
  return rows.map(toDecision);
}

export async function resetDemoDecisions(db: Queryable, userId: number): Promise<void> {
  await db.query('delete from demo_decisions where user_id = $1', [userId]);
}
