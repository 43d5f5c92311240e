import type { AiContentRow, AiContentState } from '../../../contract/ai-review';
import { formatDateTime, formatTime } from '../../../lib/dates';
import { createColumnHelper } from '../../../ui/data-table/columns';
import { TruncatedText } from '../../../ui/data-table/truncated-text';
import { AI_CONTENT_PAGE_TEXTS as TEXTS, AI_MODERATION_TEXTS } from '../ai-review-texts';
import { TagChips } from './ai-badges';
import { cutAt, itemColumns } from './item-columns';

const column = createColumnHelper<AiContentRow>();

/**
 * When the item moves next: in progress, when its lease ends; waiting, when its retry is due
 * (or now: never asked, or a lapsed lease); answered, when.
 */
function WhenCell({ row, state }: { row: AiContentRow; state: AiContentState }) {
  if (row.ai_state === 'done') return <>{formatDateTime(row.ai_answered_at)}</>;
  if (row.ai_state !== 'pending') return null;
  const next = row.ai_next_attempt_at;
  if (state === 'in_progress' && next) return <>{TEXTS.leaseEnds(formatTime(next))}</>;
  return <>{next && row.error ? TEXTS.retryAt(formatTime(next)) : TEXTS.dueNow}</>;
}

function ErrorCell({ row }: { row: AiContentRow }) {
  const error = row.error;
  if (!error) return null;
  return (
    <span className="flex flex-col">
      <span className="font-mono text-xs font-semibold text-red-700 dark:text-red-400">
        {error.code}
      </span>
      <TruncatedText text={error.response} cut={cutAt(30)} mono />
      <span className="text-xs whitespace-nowrap text-stone-500 dark:text-zinc-400">
        {error.provider} · {formatDateTime(error.at)}
      </span>
    </span>
  );
}

/** The columns for one state, what matters in it first. */
export function aiContentColumns(state: AiContentState) {
  const lead = itemColumns<AiContentRow>((row) => TEXTS.itemStatus[row.status]);
  const attempts = column.accessor('ai_attempts', {
    header: TEXTS.columns.attempts,
    meta: { numeric: true },
  });
  const when = column.display({
    id: 'when',
    header: state === 'answered' ? TEXTS.whenAnswered : TEXTS.columns.when,
    cell: ({ row }) => <WhenCell row={row.original} state={state} />,
    meta: { cellClassName: 'whitespace-nowrap' },
  });
  const error = column.display({
    id: 'error',
    header: TEXTS.columns.error,
    cell: ({ row }) => <ErrorCell row={row.original} />,
    meta: { cellClassName: 'max-w-64' },
  });
  const answer = column.accessor('ai_tags', {
    header: TEXTS.columns.answer,
    cell: ({ row }) => (
      <span className="flex flex-col gap-0.5">
        <TagChips tags={row.original.ai_tags ?? []} />
        <span className="text-xs text-stone-500 dark:text-zinc-400">
          {row.original.ai_response_ms === null
            ? ''
            : AI_MODERATION_TEXTS.ms(row.original.ai_response_ms)}
          {row.original.ai_provider ? ` · ${row.original.ai_provider}` : ''}
        </span>
      </span>
    ),
  });
  switch (state) {
    case 'answered':
      return [...lead, answer, when];
    case 'failed':
      return [...lead, error, attempts];
    default:
      return [...lead, attempts, when, error];
  }
}
