import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useRef } from 'react';
import type { AttentionEntry } from '../../../lib/local-db';
import { type HandOver, useTakeOver } from '../../../ui/stand-in-trigger';
import { outbox } from '../outbox-instance';
import { OUTBOX_TEXTS, contentIdOf } from '../outbox-texts';
import { attentionTriggerProps } from './attention-trigger';

/** The operator's view of entries the server refused for good: the reason, Retry, Dismiss. */
export function NeedsAttentionMenu({
  entries,
  handOverRef,
}: {
  entries: readonly AttentionEntry[];
  handOverRef?: HandOver;
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  useTakeOver(trigger, handOverRef);
  return (
    <Popover className="relative">
      <PopoverButton ref={trigger} {...attentionTriggerProps(entries.length)} />
      <PopoverPanel
        anchor="bottom end"
        className="z-50 mt-2 w-80 rounded-lg border border-stone-200 bg-white p-3 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
      >
        <p className="font-semibold">{OUTBOX_TEXTS.listTitle}</p>
        <p className="mt-1 text-xs text-stone-500 dark:text-zinc-400">{OUTBOX_TEXTS.listHint}</p>
        <ul className="mt-3 max-h-80 space-y-2 overflow-y-auto">
          {entries.map((entry) => (
            <li
              key={entry.idempotencyKey}
              className="rounded-md border border-stone-200 p-2 dark:border-zinc-700"
            >
              <p className="font-medium">
                {OUTBOX_TEXTS.kind[entry.kind]}, {OUTBOX_TEXTS.item(contentIdOf(entry))}
              </p>
              <p className="mt-0.5 text-xs text-stone-600 dark:text-zinc-300">{entry.reason}</p>
              <div className="mt-2 flex justify-end gap-2">
                <button
                  type="button"
                  onClick={() => void outbox.dismissAttention(entry.idempotencyKey)}
                  className="rounded px-2 py-1 text-xs hover:bg-stone-100 dark:hover:bg-zinc-800"
                >
                  {OUTBOX_TEXTS.dismiss}
                </button>
                <button
                  type="button"
                  onClick={() => void outbox.retryAttention(entry.idempotencyKey)}
                  className="rounded bg-gold-500 px-2 py-1 text-xs font-medium text-zinc-950 hover:bg-gold-400"
                >
                  {OUTBOX_TEXTS.retry}
                </button>
              </div>
            </li>
          ))}
        </ul>
      </PopoverPanel>
    </Popover>
  );
}
