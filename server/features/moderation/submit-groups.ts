import { setTimeout as sleep } from 'node:timers/promises';
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
 * - An idle database takes a submit at once (a group of one). A submit waits only while
 *   earlier ones are being stored, and with one transaction at a time for the interval below.
 * - With one transaction at a time (the embedded database), a group is taken when its
 *   transaction begins, not when it was asked for: the transaction waits its turn behind other
 *   statements (claims, session look-ups), and the submits that arrive meanwhile join it. On the
 *   queue bench in single mode a group held 2.4 to 2.6 submits on average when taken on asking,
 *   4.0 to 5.0 when taken on beginning, and the server's CPU per item fell by about a tenth.
 *   With several at once (PostgreSQL's pool), a transaction begins at once and the group is
 *   taken when asked: taken on beginning there, it gave no gain in five alternated runs (790
 *   against 816 items/s, p99 submit 1.56 against 1.49 s).
 * - With one transaction at a time, once submits come faster than they are stored (the last
 *   group held more than one), a group is asked for at most every GROUP_INTERVAL_MS: a submit
 *   that arrives sooner after the last group was asked for waits out the rest of the interval,
 *   and the submits that arrive meanwhile join its group. A submit after a quiet spell, or after
 *   a group of one, is stored at once. A saturated embedded database otherwise began a
 *   transaction for every three or four submits, and each costs the same seven statements
 *   whatever its size: on the queue bench in single mode (four alternated pairs) groups grew
 *   from 3.3-3.6 submits to 7.2-9.6, the server's CPU per item fell by a fifth and its items a
 *   second rose by a third, for about 15 ms more on the median submit. No submit waits longer
 *   than the interval for it, and the outbox sends submits in the background, so the operator's
 *   next card does not wait. Submits of six items (batch mode) come too seldom to be held much:
 *   no change there. At 10,000 polling sockets it costs the event loop nothing measurable
 *   (alternated runs, README, bench:queue).
 * - At most MAX_GROUP submits in a transaction, and at most `concurrency` transactions at once
 *   (1 on the embedded database, whose one connection runs them one at a time anyway).
 * - When a group's transaction fails, its submits are retried one by one, each in a transaction
 *   of its own: one submit's failure is its own answer, never its neighbours'.
 */
const MAX_GROUP = 64;
const GROUP_INTERVAL_MS = 20;

interface Waiting extends SubmitRequest {
  resolve: (stored: StoredSubmission[]) => void;
  reject: (error: unknown) => void;
}

export interface SubmitGroups {
  /** Stores one user's submits (one request), with the submits waiting beside it. */
  store(userId: number, submissions: readonly SubmissionInput[]): Promise<StoredSubmission[]>;
}

export interface SubmitGroupOptions {
  /** Told how many submits each transaction that committed stored (its group's size). */
  committed?: (submits: number) => void;
  /** The least time between two groups with one transaction at a time (GROUP_INTERVAL_MS). */
  intervalMs?: number;
  now?: () => number;
}

export function createSubmitGroups(
  db: Database,
  concurrency: number,
  {
    committed = () => {},
    intervalMs = GROUP_INTERVAL_MS,
    now = () => performance.now(),
  }: SubmitGroupOptions = {},
): SubmitGroups {
  const waiting: Waiting[] = [];
  let running = 0;
  let lastAsked = Number.NEGATIVE_INFINITY;
  let lastGroupSize = 0;

  const storeAlone = (entry: Waiting) =>
    db
      .transaction((tx) => storeSubmissions(tx, entry.userId, entry.submissions))
      .then((stored) => {
        committed(1);
        entry.resolve(stored);
      }, entry.reject);

  /**
   * Stores `asked`, or when none is given, the submits waiting when the transaction begins.
   * Answers how many submits the group took.
   */
  const storeGroup = async (asked?: Waiting[]): Promise<number> => {
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
      return group.length;
    }
    const members = group ?? [];
    committed(members.length);
    members.forEach((entry, index) => entry.resolve(answers[index] ?? []));
    return members.length;
  };

  const drain = async (): Promise<void> => {
    running += 1;
    try {
      while (waiting.length > 0) {
        if (concurrency > 1) {
          await storeGroup(waiting.splice(0, MAX_GROUP));
          continue;
        }
        const early = lastGroupSize > 1 ? lastAsked + intervalMs - now() : 0;
        if (early > 0) await sleep(early);
        lastAsked = now();
        lastGroupSize = await storeGroup();
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
