import { CONTENT_TOOL_TEXTS, contentToolEndpoints } from '../../../src/contract/content-tool';
import { registerEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import type { ServerContext } from '../../server-context';
import { recordAudit } from '../audit/audit-repository';
import type { ModerationSocket } from '../moderation/moderation-socket';
import type { QueueSignal } from '../moderation/queue-signal';
import { readContentTimeline } from './content-timeline-repository';
import { discardItem, redeliverItem, requeueItem } from './item-actions-repository';

export interface ContentToolDeps {
  /** Tells operators whose screens held an item that it was taken from them. */
  moderation: Pick<ModerationSocket, 'itemsWithdrawn'>;
  /** Sends queued deliveries now rather than at the next poll. */
  wakeDelivery: () => void;
  /** Tells the moderation queue of items back in it (a requeue). */
  queue: Pick<QueueSignal, 'itemsQueued'>;
}

const DECIDED_AS = { human: 'decided', ai: 'decided by the AI', discard: 'discarded' } as const;

/**
 * /content-tool (section_content_tool): one item's timeline and the actions on it. Each action
 * is one transaction with its audit row; the answer is the item as it is afterwards. Operators
 * whose screen held the item are told once the change is committed.
 */
export function registerContentTool(context: ServerContext, deps: ContentToolDeps): void {
  const { http, db } = context;

  const itemOrNotFound = async (id: number) => {
    const item = await readContentTimeline(db, id);
    if (!item) throw new HttpError(404, CONTENT_TOOL_TEXTS.notFound(id));
    return { ok: true as const, data: item };
  };

  registerEndpoint(http, contentToolEndpoints.item, ({ params }) => itemOrNotFound(params.id));

  registerEndpoint(
    http,
    contentToolEndpoints.requeue,
    async ({ params: { id }, body, user, request }) => {
      const outcome = await db.transaction(async (tx) => {
        const result = await requeueItem(tx, id, user, body.reason);
        if (result.kind === 'requeued') {
          await recordAudit(tx, {
            actor: { id: user.id, username: user.username },
            action: 'content.requeue',
            target: { type: 'content', id },
            details: { reason: body.reason },
            ip: request.ip,
          });
        }
        return result;
      });
      if (outcome.kind === 'missing') throw new HttpError(404, CONTENT_TOOL_TEXTS.notFound(id));
      if (outcome.kind === 'pending') throw new HttpError(409, CONTENT_TOOL_TEXTS.alreadyPending);
      if (outcome.kind === 'in_flight') {
        throw new HttpError(409, CONTENT_TOOL_TEXTS.deliveryInFlight);
      }
      deps.queue.itemsQueued();
      if (outcome.holder !== null) deps.moderation.itemsWithdrawn([outcome.holder]);
      return itemOrNotFound(id);
    },
  );

  registerEndpoint(
    http,
    contentToolEndpoints.discard,
    async ({ params: { id }, body, user, request }) => {
      const outcome = await db.transaction(async (tx) => {
        const result = await discardItem(tx, id, user, body.reason);
        if ('discarded' in result) {
          await recordAudit(tx, {
            actor: { id: user.id, username: user.username },
            action: 'content.discard',
            target: { type: 'content', id },
            details: { reason: body.reason, was_on_screen: result.discarded.withdrawn > 0 },
            ip: request.ip,
          });
        }
        return result;
      });
      if ('refused' in outcome) {
        if (outcome.refused === 'missing') {
          throw new HttpError(404, CONTENT_TOOL_TEXTS.notFound(id));
        }
        throw new HttpError(409, CONTENT_TOOL_TEXTS.alreadyDecided(DECIDED_AS[outcome.source]));
      }
      deps.moderation.itemsWithdrawn(outcome.discarded.holders);
      deps.wakeDelivery();
      return itemOrNotFound(id);
    },
  );

  registerEndpoint(
    http,
    contentToolEndpoints.redeliver,
    async ({ params: { id }, body, user, request }) => {
      const outcome = await db.transaction(async (tx) => {
        const result = await redeliverItem(tx, id, user, body.reason);
        if (result === 'redelivered') {
          await recordAudit(tx, {
            actor: { id: user.id, username: user.username },
            action: 'content.redeliver',
            target: { type: 'content', id },
            details: { reason: body.reason },
            ip: request.ip,
          });
        }
        return result;
      });
      if (outcome === 'missing') throw new HttpError(404, CONTENT_TOOL_TEXTS.notFound(id));
      if (outcome === 'none') throw new HttpError(409, CONTENT_TOOL_TEXTS.nothingToRedeliver);
      if (outcome === 'in_flight') throw new HttpError(409, CONTENT_TOOL_TEXTS.deliveryInFlight);
      deps.wakeDelivery();
      return itemOrNotFound(id);
    },
  );
}
