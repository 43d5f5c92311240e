import clsx from 'clsx';
import {
  AlertTriangle,
  Bot,
  CheckCircle2,
  Eye,
  Inbox,
  Repeat,
  RotateCcw,
  Send,
  SendHorizontal,
  Trash2,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import type { TimelineEvent } from '../../../contract/content-tool';
import { formatDateTime } from '../../../lib/dates';
import { describeEvent, type TimelineText } from '../content-tool-texts';

function iconOf(event: TimelineEvent): LucideIcon {
  switch (event.kind) {
    case 'ingested':
      return Inbox;
    case 'ai_answered':
      return Bot;
    case 'ai_failed':
      return AlertTriangle;
    case 'lease':
      return UserRound;
    case 'loaded':
      return Eye;
    case 'submitted':
      return SendHorizontal;
    case 'decided':
      return CheckCircle2;
    case 'action':
      return event.action === 'discarded'
        ? Trash2
        : event.action === 'requeued'
          ? RotateCcw
          : Repeat;
    case 'delivery':
    case 'attempt':
      return Send;
  }
}

const TONES: Record<TimelineText['tone'], string> = {
  neutral: 'bg-stone-100 text-stone-600 dark:bg-zinc-800 dark:text-zinc-300',
  good: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300',
  bad: 'bg-red-100 text-red-700 dark:bg-red-500/15 dark:text-red-300',
  staff: 'bg-gold-100 text-gold-900 dark:bg-gold-400/15 dark:text-gold-200',
};

/** The item's life, oldest first: one line per event with its time and what it said. */
export function ItemTimeline({ events }: { events: readonly TimelineEvent[] }) {
  return (
    <ol className="space-y-0" data-testid="item-timeline">
      {events.map((event, index) => {
        const text = describeEvent(event);
        const Icon = iconOf(event);
        return (
          <li
            key={`${event.kind}-${event.at}-${index}`}
            className="flex gap-3"
            data-kind={event.kind}
          >
            <div className="flex flex-col items-center">
              <span
                aria-hidden="true"
                className={clsx(
                  'grid size-7 shrink-0 place-items-center rounded-full',
                  TONES[text.tone],
                )}
              >
                <Icon className="size-3.5" />
              </span>
              {index < events.length - 1 && (
                <span aria-hidden="true" className="w-px flex-1 bg-stone-200 dark:bg-zinc-700" />
              )}
            </div>
            <div className="min-w-0 flex-1 pb-4">
              <p className="flex flex-wrap items-baseline gap-x-3 text-sm">
                <span className="font-medium">{text.title}</span>
                <time
                  dateTime={event.at}
                  className="text-xs text-stone-500 tabular-nums dark:text-zinc-400"
                >
                  {formatDateTime(event.at)}
                </time>
              </p>
              {text.lines.map((line, lineIndex) => (
                <p
                  key={lineIndex}
                  className="text-sm break-words whitespace-pre-wrap text-stone-600 dark:text-zinc-300"
                >
                  {line}
                </p>
              ))}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
