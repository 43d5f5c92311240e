import type { FastifyInstance } from 'fastify';
import {
  moderationEndpoints,
  type ContentItem,
  type ModeratedResult,
  type SubmitItemResult,
  type SubmitOutcome,
} from '../../../src/contract/content';
import { batchWhileBusy } from '../../db/batch-while-busy';
import type { Database } from '../../db/database';
import { registerEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import type { UserStats } from '../statistics/user-stats-socket';
import type { ProtectItems } from '../wellbeing/item-protection';
import {
  leasedContentItems,
  submitTargets,
  type LeasedItemKey,
  type SubmitTarget,
} from './content-repository';
import { recordContentLoaded, recordMediaLog } from './moderation-log-repository';
import type { AppMetrics } from '../../observability/metrics';
import { createSubmitGroups } from './submit-groups';

export const SUBMIT_MESSAGES: Record<SubmitOutcome, string> = {
  stored: 'Stored.',
  duplicate: 'Already received; not stored twice.',
  already_decided: 'Another operator already decided this item; your result was recorded.',
  lease_moved: 'This item is now assigned to another operator; your result was recorded.',
  not_assigned:
    'This item is not assigned to you: it was never handed to you, or another operator had it after you. Your result was recorded.',
  unknown_content: 'There is no such content item; your result was recorded.',
  key_reused:
    'This idempotency key was already used for another item; your result was recorded but not applied.',
};

/** Why a result does not fit its item's configuration, or undefined when it fits. */
export function resultProblem(result: ModeratedResult, target: SubmitTarget): string | undefined {
  const { additional, ...tags } = result.moderated_status;
  const known = new Set(target.tags);
  const unknown = Object.keys(tags).filter((name) => !known.has(name));
  if (unknown.length > 0) {
    return `${unknown.map((name) => `'${name}'`).join(', ')} is not a tag of this item`;
  }
  const custom = typeof additional === 'string' ? additional.trim() : '';
  if (custom !== '' && !target.enable_dynamic_tags) {
    return 'this item takes no custom tag (enable_dynamic_tags is no)';
  }
  const anyTag = Object.values(tags).some((value) => value === 1);
  if (!target.submit_without_tags && !anyTag && custom === '') {
    return 'this item needs at least one tag or a custom tag (submit_without_tags is no)';
  }
  return undefined;
}

/**
 * The content calls of the moderation screen (SPEC §7): full items for the caller's leases,
 * idempotent submission, moderated time after load and media logs.
 */
export async function moderationRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    userStats: UserStats;
    metrics?: Pick<AppMetrics, 'itemsDecided' | 'submitsCommitted'>;
    /** Adds what operators' wellbeing forces on each item (features/wellbeing). */
    protect?: ProtectItems | undefined;
  },
): Promise<void> {
  const { db } = deps;
  // PostgreSQL serves several transactions at once; the embedded database one at a time.
  const submitGroups = createSubmitGroups(db, db.kind === 'pglite' ? 1 : 4, {
    committed: (submits) => deps.metrics?.submitsCommitted(submits),
  });
  // The items the screens ask for: requests that arrive together share one read.
  const leasedItemsOf = batchWhileBusy<LeasedItemKey, ContentItem | null>((keys) =>
    leasedContentItems(db, keys),
  );
  // The items a submit names, read to check its results: submits that arrive together share one
  // read (a submit's own transaction reads them again when it stores).
  const submitTargetsOf = batchWhileBusy<number, SubmitTarget | null>(async (ids) => {
    const found = await submitTargets(db, ids);
    return ids.map((id) => found.get(id) ?? null);
  });

  /**
   * The user's count of items moderated today, after a submit stored something. While one
   * count is being read, later submits of the same user ask for one more read after it, not one
   * each: the last read answers for all of them, and a busy database counts once, not per item.
   */
  const counting = new Map<number, { again: boolean }>();
  const notifyModerated = (userId: number, onError: (error: unknown) => void): void => {
    const running = counting.get(userId);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: false };
    counting.set(userId, state);
    const read = (): void => {
      state.again = false;
      deps.userStats
        .notifyModerated(userId)
        .catch(onError)
        .finally(() => {
          if (state.again) read();
          else counting.delete(userId);
        });
    };
    read();
  };

  registerEndpoint(app, moderationEndpoints.contentUpdate, async ({ user, body: assigned }) => {
    const ids = [...new Set(assigned.map((item) => item.id))];
    const items = (await leasedItemsOf.loadAll(ids.map((id) => ({ userId: user.id, id })))).filter(
      (item) => item !== null,
    );
    // In the queue's order, oldest first, as the screen shows them.
    items.sort((a, b) => a.bound_time.localeCompare(b.bound_time) || a.id - b.id);
    return { ok: true, data: deps.protect ? await deps.protect(user.id, items) : items };
  });

  registerEndpoint(app, moderationEndpoints.submitContents, async ({ request, user, body }) => {
    const results = body;
    const fields: Record<string, string> = {};
    results.forEach((result, index) => {
      if (result.user_id !== user.id) fields[`${index}.user_id`] = 'must be your own user id';
    });
    const targets = new Map<number, SubmitTarget>();
    for (const target of await submitTargetsOf.loadAll(
      results.map((result) => result.content_id),
    )) {
      if (target) targets.set(target.id, target);
    }
    results.forEach((result, index) => {
      const target = targets.get(result.content_id);
      const problem = target ? resultProblem(result, target) : undefined;
      if (problem) fields[`${index}.moderated_status`] = `content ${result.content_id}: ${problem}`;
    });
    if (Object.keys(fields).length > 0) {
      const message = Object.entries(fields)
        .map(([name, text]) => `${name}: ${text}`)
        .join('; ');
      throw new HttpError(422, message, fields);
    }

    const stored = await submitGroups.store(
      user.id,
      results.map((result) => ({ result, key: result.idempotency_key ?? null })),
    );
    deps.metrics?.itemsDecided(stored.filter((item) => item.status === 'stored').length);
    if (stored.some((item) => item.status === 'stored')) {
      notifyModerated(user.id, (error) => {
        request.log.error({ err: error }, 'moderated count notification failed');
      });
    }
    const data: SubmitItemResult[] = stored.map((item) => ({
      ...item,
      message: SUBMIT_MESSAGES[item.status],
    }));
    return { ok: true, data };
  });

  registerEndpoint(app, moderationEndpoints.moderatedTime, async ({ user, body: input }) => {
    if (input.user_id !== user.id) {
      throw new HttpError(422, 'user_id: must be your own user id', {
        user_id: 'must be your own user id',
      });
    }
    await recordContentLoaded(db, user.id, input.content_id, input.idempotency_key);
    return { ok: true };
  });

  registerEndpoint(app, moderationEndpoints.mediaLog, async ({ request, user, body: input }) => {
    if (input.user_id !== user.id) {
      throw new HttpError(422, 'user_id: must be your own user id', {
        user_id: 'must be your own user id',
      });
    }
    await recordMediaLog(db, user, input, request.ip);
    return { ok: true };
  });
}
