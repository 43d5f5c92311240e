import type { AttentionEntry, OutboxKind } from '../../lib/local-db';

const OUTBOX_KIND_LABELS = {
  result: 'Submission',
  'moderated-time': 'Moderated time',
  'media-log': 'Media log',
} as const satisfies Record<OutboxKind, string>;

/** Texts of the needs-attention list, shared by the component and tests. */
export const OUTBOX_TEXTS = {
  needsAttention: (count: number) => `${count} need${count === 1 ? 's' : ''} attention`,
  listTitle: 'Not accepted by the server',
  listHint: 'These were kept on this device. Retry sends one again; Dismiss drops it for good.',
  retry: 'Retry',
  dismiss: 'Dismiss',
  kind: OUTBOX_KIND_LABELS,
  item: (id: number) => `item #${id}`,
  refused: (kind: OutboxKind, id: number, reason: string) =>
    `${OUTBOX_KIND_LABELS[kind]} for item #${id} was not accepted: ${reason} It is kept under 'needs attention'.`,
} as const;

export function contentIdOf(entry: AttentionEntry): number {
  return entry.kind === 'media-log' ? entry.payload.content.content_id : entry.payload.content_id;
}
