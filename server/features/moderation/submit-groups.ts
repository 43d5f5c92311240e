import type { Database } from '../../db/database';
import {
  decideRequests,
  storeSubmissions,
  type StoredSubmission,
  type SubmissionInput,
  type SubmitRequest,
} from './content-repository';
import { recordDecisionEffects } from './decision-effects';

/**
 * Submits that arrive while earlier ones are being stored wait, and are then stored together in
 * one transaction (a group commit). Why: a transaction's cost is mostly per statement and per
 * commit, not per item, and every decision brings its effects (decision-effects.ts: the
 * delivery rows, the rollup journal rows). With operators submitting one item per request,
 * storing each submit in a transaction of its own spent most of the database's time on those
 * statements (about half of it on the report rollups alone, when they were still added to in
 * the submit), and the queue stalled at a few hundred items a second. Rules:
 * - Each submit is stored by storeSubmissions' rules (decideRequests), in arrival order, as if
 *   each had had its own transaction after the one before; submits that share no key and no item
 *   share their statements. Then the group's decision effects are recorded once, over every item
 *   the group decided, in the same transaction, so none is left out or counted twice.
 * - An idle database takes a submit at once (a group of one): grouping only ever happens when
 *   submits would have queued anyway, so it adds no wait.
 * - With one transaction at a time (the embedded database), a group is taken when its
 *   transaction begins, not when it was asked for: the transaction waits its turn behind other
 *   statements (claims, session look-ups), and the submits that arrive meanwhile join it. On the
 *   queue bench in single mode a group held 2.4 to 2.6 submits on average when taken on asking,
 *   4.0 to 5.0 when taken on beginning, and the server's CPU per item fell by about a tenth.
 *   With several at once (PostgreSQL's pool), a transaction begins at once and the group is
 *   taken when asked: taken on beginning there, it gave no gain in five alternated runs (790
 *   against 816 items/s, p99 submit 1.56 against 1.49 s).
 * - At most MAX_GROUP submits in a transaction, and at most `concurrency` transactions at once
 *   (1 on the embedded database, whose one connection runs them one at a time anyway).
 * - When a group's transaction fails, its submits are retried one by one, each in a transaction
 *   of its own: one submit's failure is its own answer, never its neighbours'.
 */
const MAX_GROUP = 64;

interface Waiting extends SubmitRequest {
  resolve: (stored: StoredSubmission[]) => void;
  reject: (error: unknown) => void;
}

export interface SubmitGroups {
  /** Stores one user's submits (one request), with the submits waiting beside it. */
  store(userId: number, submissions: readonly SubmissionInput[]): Promise<StoredSubmission[]>;
}

export function createSubmitGroups(
  db: Database,
  concurrency: number,
  /** Told how many submits each transaction that committed stored (its group's size). */
  committed: (submits: number) => void = () => {},
): SubmitGroups {
  const waiting: Waiting[] = [];
  let running = 0;

  const storeAlone = (entry: Waiting) =>
    db
      .transaction((tx) => storeSubmissions(tx, entry.userId, entry.submissions))
      .then((stored) => {
        committed(1);
        entry.resolve(stored);
      }, entry.reject);

  /** Stores `asked`, or when none is given, the submits waiting when the transaction begins. */
  const storeGroup = async (asked?: Waiting[]): Promise<void> => {
    let group = asked;
    let answers: StoredSubmission[][];
    try {
      answers = await db.transaction(async (tx) => {
        group ??= waiting.splice(0, MAX_GROUP);
        const { stored, decided } = await decideRequests(tx, group);
        await recordDecisionEffects(tx, decided, 'human');
        return stored;
      });
    } catch (error) {
      // A transaction that could not begin took no group: the submits waiting fail alone.
      group ??= waiting.splice(0, MAX_GROUP);
      // A submit that was alone in its transaction already has its own answer.
      if (group.length === 1) group[0]?.reject(error);
      else for (const entry of group) await storeAlone(entry);
      return;
    }
    const members = group ?? [];
    committed(members.length);
    members.forEach((entry, index) => entry.resolve(answers[index] ?? []));
  };

  const drain = async (): Promise<void> => {
    running += 1;
    try {
      while (waiting.length > 0) {
        await storeGroup(concurrency === 1 ? undefined : waiting.splice(0, MAX_GROUP));
      }
    } finally {
      running -= 1;
    }
  };

  return {
    store(userId, submissions) {
      return new Promise<StoredSubmission[]>((resolve, reject) => {
        waiting.push({ userId, submissions, resolve, reject });
        if (running < concurrency) void drain();
      });
    },
  };
}
