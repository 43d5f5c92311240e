import type { AiResultRow } from '../../../contract/ai-review';
import { formatDateTime } from '../../../lib/dates';
import { createColumnHelper } from '../../../ui/data-table/columns';
import { TruncatedText } from '../../../ui/data-table/truncated-text';
import { AI_MODERATION_TEXTS as TEXTS } from '../ai-review-texts';
import { AgreementBadge, TagChips } from './ai-badges';
import { cutAt, itemColumns } from './item-columns';

const column = createColumnHelper<AiResultRow>();

/** What the operator decided: their tags (and custom tag), or why there is no decision. */
function DecisionCell({ row }: { row: AiResultRow }) {
  if (row.agreement === 'ai_alone') {
    return <span className="text-xs text-stone-600 dark:text-zinc-400">{TEXTS.none}</span>;
  }
  if (row.human_tags === null) {
    return <span className="text-xs text-stone-600 dark:text-zinc-400">{TEXTS.undecided}</span>;
  }
  const tags = row.human_custom_tag ? [...row.human_tags, row.human_custom_tag] : row.human_tags;
  return <TagChips tags={tags} empty={TEXTS.none} />;
}

export const AI_RESULT_COLUMNS = [
  ...itemColumns<AiResultRow>(),
  column.accessor('ai_tags', {
    header: TEXTS.columns.aiTags,
    cell: ({ getValue }) => <TagChips tags={getValue()} />,
  }),
  column.display({
    id: 'decision',
    header: TEXTS.columns.decision,
    cell: ({ row }) => <DecisionCell row={row.original} />,
  }),
  column.accessor('agreement', {
    header: TEXTS.columns.agreement,
    cell: ({ getValue }) => <AgreementBadge agreement={getValue()} />,
  }),
  column.accessor('ai_response_ms', {
    header: TEXTS.columns.response,
    cell: ({ getValue }) => {
      const value = getValue();
      return value === null ? TEXTS.noFigure : TEXTS.ms(value);
    },
    meta: { numeric: true, cellClassName: 'whitespace-nowrap' },
  }),
  column.accessor('ai_reasoning', {
    header: TEXTS.columns.reasoning,
    cell: ({ getValue }) => <TruncatedText text={getValue()} cut={cutAt(50)} />,
    meta: { cellClassName: 'max-w-56' },
  }),
  column.accessor('decided_by', {
    header: TEXTS.columns.decidedBy,
    cell: ({ row }) => (
      <span className="flex flex-col whitespace-nowrap">
        <span>
          {row.original.agreement === 'ai_alone' ? TEXTS.decidedByAi : row.original.decided_by}
        </span>
        <span className="text-xs text-stone-500 dark:text-zinc-400">
          {formatDateTime(row.original.decided_at)}
        </span>
      </span>
    ),
  }),
];
