import { Link } from '@tanstack/react-router';
import { Bot, Trash2 } from 'lucide-react';
import type { HistoryRow } from '../../../contract/history';
import { formatDateTime } from '../../../lib/dates';
import { createColumnHelper } from '../../../ui/data-table/columns';
import { TruncatedText } from '../../../ui/data-table/truncated-text';
import { aiSuggestion } from '../../moderation/moderation-rules';
import { HISTORY_TEXTS as TEXTS } from '../history-texts';
import { DecisionTags } from './decision-tags';

const column = createColumnHelper<HistoryRow>();

const PREVIEW_LENGTH = 30;
const cutPreview = (text: string) =>
  text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH)}…` : text;

function AiCell({ tags }: { tags: string[] | null }) {
  const suggestion = aiSuggestion(tags);
  if (suggestion.kind === 'tags') return <>{suggestion.labels.join(', ')}</>;
  return (
    <span className="text-stone-500 dark:text-zinc-400">
      {suggestion.kind === 'safe' ? 'Safe' : suggestion.kind === 'none' ? '–' : TEXTS.noTags}
    </span>
  );
}

/**
 * The history's columns. The item id is a link that opens the item's drawer (its address keeps
 * `?item=`, so it can be shared); the subscriber is a button that narrows the list to them.
 */
export function historyColumns(options: {
  staff: boolean;
  onShowSubscriber: (row: HistoryRow) => void;
}) {
  return [
    column.accessor('id', {
      header: TEXTS.columns.item,
      enableHiding: false,
      meta: { rowHeader: true, numeric: true },
      cell: ({ getValue }) => (
        <Link
          to="."
          search={
            ((previous: Record<string, unknown>) => ({
              ...previous,
              item: String(getValue()),
            })) as never
          }
          className="font-medium text-gold-800 underline-offset-4 hover:underline dark:text-gold-300"
          aria-label={TEXTS.openItem(getValue())}
          data-testid={`open-item-${getValue()}`}
        >
          {getValue()}
        </Link>
      ),
    }),
    column.accessor('decided_at', {
      header: TEXTS.columns.decided,
      meta: { cellClassName: 'tabular-nums' },
      cell: ({ getValue }) => formatDateTime(getValue()),
    }),
    column.accessor('service_name', { header: TEXTS.columns.service }),
    column.accessor('subscriber_name', {
      header: TEXTS.columns.subscriber,
      cell: ({ row: { original: row } }) => (
        <button
          type="button"
          className="underline-offset-4 hover:underline"
          title={TEXTS.showSubscriber(row.subscriber_name)}
          onClick={() => options.onShowSubscriber(row)}
        >
          {row.subscriber_name}
        </button>
      ),
    }),
    column.accessor('username', {
      header: TEXTS.columns.user,
      cell: ({ row: { original: row } }) => (
        <span title={row.user_id}>{row.username || row.user_id}</span>
      ),
    }),
    column.accessor('message_type', {
      header: TEXTS.columns.type,
      cell: ({ getValue }) => TEXTS.types[getValue()],
    }),
    column.accessor('tags', {
      header: TEXTS.columns.decision,
      cell: ({ row: { original: row } }) =>
        row.source === 'discard' ? (
          <span className="text-stone-500 dark:text-zinc-400">{TEXTS.discarded}</span>
        ) : (
          <DecisionTags tags={row.tags} additional={row.additional} inline />
        ),
    }),
    column.accessor('operator_username', {
      id: 'by',
      header: TEXTS.columns.by,
      cell: ({ row: { original: row } }) =>
        row.source === 'ai' ? (
          <span className="inline-flex items-center gap-1">
            <Bot aria-hidden="true" className="size-3.5" />
            {TEXTS.ai}
          </span>
        ) : row.source === 'discard' ? (
          <span className="inline-flex items-center gap-1">
            <Trash2 aria-hidden="true" className="size-3.5" />
            {TEXTS.discardedBy(options.staff ? row.operator_username : null)}
          </span>
        ) : options.staff ? (
          (row.operator_username ?? '')
        ) : (
          TEXTS.moderator
        ),
    }),
    column.accessor('ai_tags', {
      header: TEXTS.columns.ai,
      cell: ({ getValue }) => <AiCell tags={getValue()} />,
    }),
    column.accessor('preview', {
      header: TEXTS.columns.content,
      cell: ({ getValue }) => <TruncatedText text={getValue()} cut={cutPreview} />,
    }),
  ];
}
