import type {
  ContentToolItem,
  ItemAction,
  LeaseEndReason,
  TimelineEvent,
} from '../../contract/content-tool';
import { formatDateTime } from '../../lib/dates';
import { formatTagLabel } from '../moderation/moderation-rules';

/** Texts of /content-tool. */
export const CONTENT_TOOL_TEXTS = {
  title: 'Content Tool',
  intro:
    'Look up one item by its id to see its whole life: how it arrived, what the AI said, every lease and why it ended, the decision and every delivery attempt. Requeue, discard or redeliver it from here.',
  lookupForm: 'Look up an item',
  lookupLabel: 'Item id',
  lookupHint: 'The id shown on the moderation history, the dashboard or the service’s records.',
  lookup: 'Look up',
  loading: 'Loading the item…',
  retry: 'Retry',
  itemTitle: (id: number, service: string) => `Item #${id} · ${service}`,
  sandboxBadge: 'Dev Box sample',
  status: {
    pending: 'Waiting in the queue',
    assigned: (holder: string | null) => `On ${holder ?? 'an operator'}’s screen`,
    decided: 'Decided',
    decidedByAi: 'Decided by the AI alone',
    discarded: 'Discarded',
  },
  details: {
    subscriber: 'Subscriber',
    user: 'User',
    type: 'Type',
    arrived: 'Arrived (UTC)',
    notes: 'Notes',
    content: 'Content',
    leaseEnds: 'Lease ends unless renewed',
    openMedia: 'Open the media',
  },
  types: { text: 'Text', image: 'Photo', video: 'Video', audio: 'Audio', other: 'Other' },
  timeline: 'Timeline',
  timelineNote: 'Times in UTC, oldest first. Refreshes every few seconds.',
  actions: {
    requeue: 'Requeue',
    discard: 'Discard',
    redeliver: 'Redeliver',
  },
  actionTitles: {
    requeue: (id: number) => `Requeue item #${id}`,
    discard: (id: number) => `Discard item #${id}`,
    redeliver: (id: number) => `Redeliver item #${id}`,
  },
  actionEffects: {
    requeue: (item: ContentToolItem) =>
      item.status === 'assigned'
        ? `It leaves ${item.holder ?? 'the operator'}’s screen now and waits in the queue for the next operator.`
        : 'Its decision is taken back (kept in the timeline) and it waits in the queue again. Once decided anew, its service gets a new webhook.',
    discard: (item: ContentToolItem) =>
      `It leaves every queue${item.status === 'assigned' ? ` and ${item.holder ?? 'the operator'}’s screen` : ''} now and will never be decided. Its service is sent a content.discarded webhook.`,
    redeliver: () =>
      'Its webhook is sent again now, with the same webhook-id and body, and a new round of attempts.',
  },
  actionDone: {
    requeue: (id: number) => `Item #${id} is back in the queue.`,
    discard: (id: number) => `Item #${id} was discarded.`,
    redeliver: (id: number) => `Item #${id}’s webhook is being sent again.`,
  },
  busy: {
    requeue: 'Requeuing…',
    discard: 'Discarding…',
    redeliver: 'Sending…',
  },
  unavailable: {
    requeue: 'The item is already waiting in the queue.',
    discard: 'Only waiting or leased items can be discarded.',
    redeliver: 'The item has no delivery: it is not decided, or its service has no callback URL.',
  },
  reason: 'Reason (optional)',
  reasonHint: 'Kept in the audit log and the item’s timeline.',
} as const;

export type ToolAction = keyof typeof CONTENT_TOOL_TEXTS.actions;

const LEASE_ENDS: Record<LeaseEndReason, string> = {
  submitted: 'submitted',
  decided: 'someone else decided it',
  discarded: 'discarded by staff',
  requeued: 'requeued by staff',
  unmapped: 'given back by the console',
  parked: 'the operator parked',
  kicked: 'the operator was signed out by an administrator',
  deactivated: 'the operator’s account was deactivated',
  lapsed: 'lapsed: not renewed within the grace period (connection lost)',
  released: 'released',
};

const UNMAP_DETAILS: Record<string, string> = {
  update_failed: 'its content could not be fetched',
  cannot_load: 'its media could not be loaded',
  operator_skip: 'the operator skipped it',
  parked: 'the screen was parked',
};

const SUBMIT_OUTCOMES: Record<string, string> = {
  stored: 'stored: this decided the item',
  duplicate: 'a repeat of a stored submission',
  already_decided: 'refused: already decided',
  lease_moved: 'refused: leased to someone else by then',
  not_assigned: 'refused: not leased to them',
  unknown_content: 'refused: unknown item',
  key_reused: 'refused: idempotency key reused',
  received: 'being stored',
};

const who = (name: string | null) => name ?? 'a deleted user';
const tagList = (tags: readonly string[]) =>
  tags
    .filter((tag) => tag !== 'SAFE')
    .map(formatTagLabel)
    .join(', ');

export interface TimelineText {
  title: string;
  /** Further lines, each shown on its own. */
  lines: string[];
  tone: 'neutral' | 'good' | 'bad' | 'staff';
}

/** What one event of the timeline says. */
export function describeEvent(event: TimelineEvent): TimelineText {
  switch (event.kind) {
    case 'ingested':
      return {
        title: 'Arrived',
        lines: [
          event.via === 'api'
            ? 'Sent by the service through the ingest API.'
            : event.via === 'content_sender'
              ? `Sent by ${who(event.by)} with the content sender.`
              : `Sent by ${who(event.by)} from the Dev Box.`,
        ],
        tone: 'neutral',
      };
    case 'ai_answered': {
      const tags = event.tags === null ? '' : tagList(event.tags);
      const time = event.response_time === null ? '' : ` in ${event.response_time.toFixed(2)} s`;
      return {
        title: 'AI answered',
        lines: [
          `${event.provider ?? 'The AI'} suggested ${tags || 'no tag (safe)'}${time}.`,
          ...(event.reasoning ? [event.reasoning] : []),
        ],
        tone: 'neutral',
      };
    }
    case 'ai_failed':
      return {
        title: event.gave_up ? 'AI gave up' : 'AI failed, retrying',
        lines: [
          `${event.provider}: ${event.status} after ${event.attempts} attempt${event.attempts === 1 ? '' : 's'}.`,
          ...(event.gave_up ? ['The item went on to operators without an AI answer.'] : []),
          ...(event.response ? [event.response] : []),
        ],
        tone: 'bad',
      };
    case 'lease': {
      const ended =
        event.end_reason === null
          ? `Holds it now${event.expires_at ? `; the lease ends ${formatDateTime(event.expires_at)} unless renewed` : ''}.`
          : `Until ${formatDateTime(event.ended_at)}: ${LEASE_ENDS[event.end_reason]}${
              event.end_reason === 'unmapped' && event.end_detail
                ? ` (${UNMAP_DETAILS[event.end_detail] ?? event.end_detail})`
                : ''
            }.`;
      return {
        title: `Leased to ${who(event.operator)}`,
        lines: [ended],
        tone: event.end_reason === 'lapsed' || event.end_reason === 'kicked' ? 'bad' : 'neutral',
      };
    }
    case 'loaded':
      return { title: `Loaded on ${who(event.operator)}’s screen`, lines: [], tone: 'neutral' };
    case 'submitted':
      return {
        title: `Submission from ${who(event.operator)}`,
        lines: [SUBMIT_OUTCOMES[event.outcome] ?? event.outcome],
        tone: event.outcome === 'stored' || event.outcome === 'duplicate' ? 'neutral' : 'bad',
      };
    case 'decided': {
      const tags = [
        ...event.tags.map(formatTagLabel),
        ...(event.additional ? [`custom “${event.additional}”`] : []),
      ];
      return {
        title:
          event.source === 'ai' ? 'Decided by the AI alone' : `Decided by ${who(event.operator)}`,
        lines: [
          tags.length > 0 ? `Tags: ${tags.join(', ')}.` : 'No tag applied.',
          ...(event.taken_back ? ['Taken back by a later requeue.'] : []),
        ],
        tone: event.taken_back ? 'neutral' : 'good',
      };
    }
    case 'action': {
      const titles: Record<ItemAction, string> = {
        requeued: `Requeued by ${who(event.by)}`,
        discarded: `Discarded by ${who(event.by)}`,
        redelivered: `Redelivered by ${who(event.by)}`,
      };
      return {
        title: titles[event.action],
        lines: [
          ...(event.discard_job_id !== null ? [`Bulk discard #${event.discard_job_id}.`] : []),
          ...(event.reason ? [`Reason: ${event.reason}`] : []),
        ],
        tone: 'staff',
      };
    }
    case 'delivery':
      return {
        title: `Webhook ${event.type} queued`,
        lines: [
          `webhook-id ${event.webhook_id}`,
          event.superseded_at
            ? `Superseded by a requeue; ${event.status === 'delivered' ? 'it had been delivered' : 'cancelled'}.`
            : event.status === 'delivered'
              ? 'Delivered.'
              : event.status === 'failed'
                ? 'Given up after its attempts.'
                : 'Waiting to be sent.',
        ],
        tone: event.status === 'failed' ? 'bad' : event.status === 'delivered' ? 'good' : 'neutral',
      };
    case 'attempt': {
      const ok = event.status_code !== null && event.status_code >= 200 && event.status_code < 300;
      const result =
        event.status_code !== null
          ? `HTTP ${event.status_code}`
          : (event.error_code ?? 'no answer');
      return {
        title: `Delivery attempt ${event.attempt}: ${result}`,
        lines: [
          `${event.latency_ms.toLocaleString('en-US')} ms`,
          ...(event.response_excerpt ? [event.response_excerpt] : []),
        ],
        tone: ok ? 'good' : 'bad',
      };
    }
  }
}
