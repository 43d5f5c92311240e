import clsx from 'clsx';
import { useId } from 'react';
import type { ServiceAgreement, TagAgreement } from '../../../contract/ai-review';
import { errorMessage } from '../../../lib/api-client';
import { createColumnHelper } from '../../../ui/data-table/columns';
import { DataTable } from '../../../ui/data-table/data-table';
import { useAgreement } from '../api/ai-review-queries';
import { AI_MODERATION_TEXTS as TEXTS } from '../ai-review-texts';

/** One row per service tag; the service's name and summary head its first row. */
type AgreementRow = TagAgreement & { service: ServiceAgreement; first: boolean };

/** How far a figure can be trusted at a glance: calm below 0.7, green from 0.9. */
function Ratio({ value }: { value: number | null }) {
  if (value === null) return <span title={TEXTS.noFigureHint}>{TEXTS.noFigure}</span>;
  return (
    <span
      className={clsx(
        'font-medium tabular-nums',
        value >= 0.9 && 'text-emerald-700 dark:text-emerald-400',
        value < 0.7 && 'text-red-700 dark:text-red-400',
      )}
    >
      {(value * 100).toFixed(1)} %
    </span>
  );
}

const column = createColumnHelper<AgreementRow>();
const count = (value: number) => value.toLocaleString('en-US');
const COLUMNS = [
  column.display({
    id: 'service',
    header: TEXTS.columns.service,
    cell: ({ row: { original } }) =>
      original.first ? (
        <span className="flex flex-col">
          <span className="font-medium">{original.service.service_name}</span>
          <span className="text-xs text-stone-500 dark:text-zinc-400">
            {TEXTS.serviceSummary(
              original.service.compared,
              original.service.agreed,
              original.service.ai_alone,
            )}
          </span>
        </span>
      ) : null,
    meta: { cellClassName: 'align-top' },
  }),
  column.accessor('tag', {
    header: TEXTS.columns.tag,
    cell: ({ getValue }) => <span className="font-mono text-xs">{getValue()}</span>,
    meta: { rowHeader: true },
  }),
  column.accessor('precision', {
    header: TEXTS.columns.precision,
    cell: ({ getValue }) => <Ratio value={getValue()} />,
    meta: { numeric: true },
  }),
  column.accessor('recall', {
    header: TEXTS.columns.recall,
    cell: ({ getValue }) => <Ratio value={getValue()} />,
    meta: { numeric: true },
  }),
  ...(['tp', 'fp', 'fn', 'tn'] as const).map((key) =>
    column.accessor(key, {
      header: () => <abbr title={TEXTS.columnHints[key]}>{TEXTS.columns[key]}</abbr>,
      cell: ({ getValue }) => count(getValue()),
      meta: { numeric: true, label: TEXTS.columns[key] },
    }),
  ),
];

/**
 * The agreement table of /ai-moderation over the list's date range and service: per service,
 * how many decisions could be compared and how many agreed whole; per tag, precision and recall
 * with the four counts they come from.
 */
export function AgreementTable({
  from,
  to,
  serviceId,
}: {
  from: string | undefined;
  to: string | undefined;
  serviceId: string | undefined;
}) {
  const headingId = useId();
  const agreement = useAgreement({ from, to, service_id: serviceId });
  const rows: AgreementRow[] | undefined = agreement.data?.services.flatMap((service) =>
    service.tags.length > 0
      ? service.tags.map((tag, index) => ({ ...tag, service, first: index === 0 }))
      : [],
  );
  return (
    <section className="panel min-w-0" aria-labelledby={headingId} data-testid="ai-agreement">
      <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1 border-b border-stone-200 px-4 py-3 dark:border-zinc-800">
        <h2 id={headingId} className="text-base font-semibold">
          {TEXTS.agreementTitle}
        </h2>
        {agreement.data && (
          <span className="text-xs text-stone-500 dark:text-zinc-400">
            {TEXTS.agreementRange(agreement.data.from_day, agreement.data.to_day)}
          </span>
        )}
        <p className="w-full text-xs text-stone-600 dark:text-zinc-400">{TEXTS.agreementIntro}</p>
      </header>
      <DataTable
        caption={TEXTS.agreementTitle}
        columns={COLUMNS}
        rows={rows}
        getRowId={(row) => `${row.service.service_id}-${row.tag}`}
        empty={TEXTS.agreementEmpty}
        loadingLabel={TEXTS.agreementLoading}
        error={
          agreement.isError
            ? {
                message: TEXTS.agreementFailed(errorMessage(agreement.error)),
                onRetry: () => void agreement.refetch(),
              }
            : null
        }
        density="compact"
        testId="ai-agreement-table"
        rowTestId={(row) => `agreement-${row.service.service_id}-${row.tag}`}
      />
    </section>
  );
}
