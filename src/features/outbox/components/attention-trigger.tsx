import { TriangleAlert } from 'lucide-react';
import { OUTBOX_TEXTS } from '../outbox-texts';

/** The needs-attention list's button, shared by the popover and its stand-in while it loads. */
export function attentionTriggerProps(count: number) {
  return {
    'data-testid': 'outbox-attention',
    className:
      'inline-flex items-center gap-1 rounded-full bg-red-100 px-2.5 py-1 text-xs font-medium text-red-800 hover:bg-red-200 dark:bg-red-950 dark:text-red-200 dark:hover:bg-red-900',
    children: (
      <>
        <TriangleAlert aria-hidden="true" className="size-3.5" />
        {OUTBOX_TEXTS.needsAttention(count)}
      </>
    ),
  };
}
