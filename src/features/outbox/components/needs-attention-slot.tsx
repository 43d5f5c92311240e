import { Suspense, lazy } from 'react';
import type { AttentionEntry } from '../../../lib/local-db';
import { StandInTrigger, useHandOverRef } from '../../../ui/stand-in-trigger';
import { attentionTriggerProps } from './attention-trigger';

const NeedsAttentionMenu = lazy(() =>
  import('./needs-attention-menu').then(({ NeedsAttentionMenu }) => ({
    default: NeedsAttentionMenu,
  })),
);

/**
 * The needs-attention list, its code loaded when there is something to list
 * (ui/stand-in-trigger.tsx). Renders nothing while nothing needs attention.
 */
export function NeedsAttentionSlot({ entries }: { entries: readonly AttentionEntry[] }) {
  const handOverRef = useHandOverRef();
  if (entries.length === 0) return null;
  return (
    <Suspense
      fallback={
        <StandInTrigger handOverRef={handOverRef} {...attentionTriggerProps(entries.length)} />
      }
    >
      <NeedsAttentionMenu entries={entries} handOverRef={handOverRef} />
    </Suspense>
  );
}
