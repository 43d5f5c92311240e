import type { OutboxKind } from '../../lib/local-db';

/** Texts of the needs-attention list, shared by the component and tests. */
export const OUTBOX_TEXTS = {
  needsAttention: (count: number) => `${count} need${count === 1 ? 's' : ''} attention`,
  listTitle: 'Not accepted by the server',
  listHint: 'These were kept on this device. Retry sends one again; Dismiss drops it for good.',
  retry: 'Retry',
  dismiss: 'Dismiss',
  kind: {
    result: 'Submission',
    'moderated-time': 'Moderated time',
    'media-log': 'Media log',
  } satisfies Record<OutboxKind, string>,
  item: (id: number) => `item #${id}`,
} as const;
