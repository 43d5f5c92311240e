import clsx from 'clsx';
import { ListChecks, Pause, Play, Power, RotateCw } from 'lucide-react';
import { useId, useState } from 'react';
import type { ServiceDeliveryRow } from '../../../contract/delivery';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/notices';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { createColumnHelper } from '../../../ui/data-table/columns';
import { DataTable } from '../../../ui/data-table/data-table';
import { TruncatedText } from '../../../ui/data-table/truncated-text';
import {
  useRedeliverFailed,
  useServiceAction,
  useServiceDeliveries,
  type ServiceAction,
} from '../api/aggregator-queries';
import { AGGREGATOR_TEXTS as TEXTS, formatLatency, formatRate } from '../aggregator-texts';
import { ProblemDeliveriesDialog } from './problem-deliveries-dialog';

const ERROR_PREVIEW_CHARS = 20;

export function DeliveryStateBadge({ row }: { row: ServiceDeliveryRow }) {
  const label =
    row.state === 'disabled'
      ? TEXTS.state.disabled
      : row.state === 'paused'
        ? TEXTS.state.paused(row.paused_by)
        : TEXTS.state.active;
  const title =
    row.state === 'disabled'
      ? (row.disabled_reason ?? undefined)
      : row.state === 'paused' && row.paused_at
        ? formatDateTime(row.paused_at)
        : undefined;
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        row.state === 'active' &&
          'bg-emerald-50 text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-300',
        row.state === 'paused' &&
          'bg-amber-50 text-amber-800 dark:bg-amber-500/10 dark:text-amber-300',
        row.state === 'disabled' && 'bg-red-50 text-red-800 dark:bg-red-500/10 dark:text-red-300',
      )}
      title={title}
      data-testid={`delivery-state-${row.service_id}`}
    >
      <span
        aria-hidden="true"
        className={clsx(
          'size-1.5 rounded-full',
          row.state === 'active' && 'bg-emerald-500',
          row.state === 'paused' && 'bg-amber-500',
          row.state === 'disabled' && 'bg-red-500',
        )}
      />
      {label}
    </span>
  );
}

const column = createColumnHelper<ServiceDeliveryRow>();
const COLUMNS = [
  column.accessor('service_name', {
    header: TEXTS.columns.service,
    // The state sits under the name: one column less keeps the figures on a laptop screen.
    cell: ({ row }) => (
      <span className="flex flex-col items-start gap-1">
        <span className="font-medium" title={row.original.callback_url ?? TEXTS.noCallback}>
          {row.original.service_name}
        </span>
        <DeliveryStateBadge row={row.original} />
      </span>
    ),
    meta: { rowHeader: true },
  }),
  column.accessor('waiting', {
    header: TEXTS.columns.waiting,
    // Rows being sent right now are few and short-lived: a second line, not a column.
    cell: ({ row }) => (
      <span className="flex flex-col items-end">
        <span>{row.original.waiting}</span>
        <span className="text-xs text-stone-500 dark:text-zinc-400">
          {TEXTS.inFlight(row.original.in_flight)}
        </span>
      </span>
    ),
    meta: { numeric: true },
  }),
  column.accessor('failed', {
    header: TEXTS.columns.failed,
    cell: ({ getValue }) => (
      <span className={clsx(getValue() > 0 && 'font-semibold text-red-700 dark:text-red-400')}>
        {getValue()}
      </span>
    ),
    meta: { numeric: true, firstSort: 'desc' },
  }),
  column.accessor('delivered_today', {
    header: TEXTS.columns.deliveredToday,
    meta: { numeric: true, firstSort: 'desc' },
  }),
  column.accessor('success_rate', {
    header: TEXTS.columns.window,
    cell: ({ getValue, row }) => (
      // The latencies may wrap: on a tablet the row's actions would otherwise be pushed out of view.
      <span className="flex flex-col items-end text-right">
        <span
          className="whitespace-nowrap"
          title={TEXTS.attemptsInWindow(row.original.attempts_window)}
        >
          {TEXTS.success(formatRate(getValue()))}
        </span>
        <span className="text-xs text-stone-500 dark:text-zinc-400">
          {TEXTS.latency(
            formatLatency(row.original.p50_latency_ms),
            formatLatency(row.original.p95_latency_ms),
          )}
        </span>
      </span>
    ),
    meta: { numeric: true, label: TEXTS.columns.window },
  }),
  column.accessor((row) => row.last_error?.at ?? '', {
    id: 'last_error',
    header: TEXTS.columns.lastError,
    cell: ({ row }) => {
      const error = row.original.last_error;
      if (!error) return TEXTS.noData;
      return (
        <span className="flex flex-col">
          <span className="font-mono text-xs font-semibold">{error.code}</span>
          <TruncatedText
            text={error.response}
            cut={(text) =>
              text.length > ERROR_PREVIEW_CHARS ? `${text.slice(0, ERROR_PREVIEW_CHARS)}…` : text
            }
            mono
          />
          <span className="text-xs whitespace-nowrap text-stone-500 dark:text-zinc-400">
            {formatDateTime(error.at)}
          </span>
        </span>
      );
    },
    meta: { firstSort: 'desc', cellClassName: 'max-w-56' },
  }),
];

type Pending =
  | { kind: 'pause' | 'enable'; row: ServiceDeliveryRow }
  | { kind: 'redeliver'; row: ServiceDeliveryRow }
  | null;

/**
 * /aggregator: the delivery picture per service, its failed and stuck deliveries with every
 * attempt, and the switches (pause, resume, enable after 410, redeliver). The server records
 * each action in the audit log.
 */
export function AggregatorPage() {
  useDocumentTitle(TEXTS.title);
  const headingId = useId();
  const services = useServiceDeliveries();
  const action = useServiceAction();
  const redeliverFailed = useRedeliverFailed();
  const [pending, setPending] = useState<Pending>(null);
  const [inspecting, setInspecting] = useState<ServiceDeliveryRow | null>(null);

  const run = (kind: ServiceAction, row: ServiceDeliveryRow, after?: () => void) =>
    action.mutate(
      { action: kind, serviceId: row.service_id },
      {
        onSuccess: () => {
          const done = {
            pause: TEXTS.done.paused,
            resume: TEXTS.done.resumed,
            enable: TEXTS.done.enabled,
          }[kind];
          notify.success(done(row.service_name));
          after?.();
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );

  const confirm = () => {
    if (!pending) return;
    if (pending.kind === 'redeliver') {
      redeliverFailed.mutate(pending.row.service_id, {
        onSuccess: (count) => {
          notify.success(TEXTS.done.redelivered(count));
          setPending(null);
        },
        onError: (error) => notify.error(errorMessage(error)),
      });
      return;
    }
    run(pending.kind, pending.row, () => setPending(null));
  };

  const rowActions = (row: ServiceDeliveryRow) => (
    <span className="flex justify-end gap-0.5">
      <button
        type="button"
        className="btn-ghost px-2 py-1"
        aria-label={TEXTS.actions.deliveriesLabel(row.service_name)}
        title={TEXTS.actions.deliveriesLabel(row.service_name)}
        onClick={() => setInspecting(row)}
      >
        <ListChecks aria-hidden="true" className="size-4" />
        <span className="sr-only @6xl:not-sr-only">{TEXTS.actions.deliveries}</span>
      </button>
      {row.failed > 0 && (
        <button
          type="button"
          className="btn-ghost px-2 py-1"
          aria-label={TEXTS.actions.redeliverFailedLabel(row.service_name, row.failed)}
          title={TEXTS.actions.redeliverFailedLabel(row.service_name, row.failed)}
          onClick={() => setPending({ kind: 'redeliver', row })}
        >
          <RotateCw aria-hidden="true" className="size-4" />
          <span className="sr-only @6xl:not-sr-only">
            {TEXTS.actions.redeliverFailed(row.failed)}
          </span>
        </button>
      )}
      {row.state === 'disabled' && (
        <button
          type="button"
          className="btn-ghost px-2 py-1 text-red-700 dark:text-red-400"
          aria-label={TEXTS.actions.enableLabel(row.service_name)}
          title={TEXTS.actions.enableLabel(row.service_name)}
          onClick={() => setPending({ kind: 'enable', row })}
        >
          <Power aria-hidden="true" className="size-4" />
          <span className="sr-only @6xl:not-sr-only">{TEXTS.actions.enable}</span>
        </button>
      )}
      {row.paused_at ? (
        <button
          type="button"
          className="btn-ghost px-2 py-1"
          aria-label={TEXTS.actions.resumeLabel(row.service_name)}
          title={TEXTS.actions.resumeLabel(row.service_name)}
          disabled={action.isPending}
          onClick={() => run('resume', row)}
        >
          <Play aria-hidden="true" className="size-4" />
          <span className="sr-only @6xl:not-sr-only">{TEXTS.actions.resume}</span>
        </button>
      ) : (
        <button
          type="button"
          className="btn-ghost px-2 py-1"
          aria-label={TEXTS.actions.pauseLabel(row.service_name)}
          title={TEXTS.actions.pauseLabel(row.service_name)}
          onClick={() => setPending({ kind: 'pause', row })}
        >
          <Pause aria-hidden="true" className="size-4" />
          <span className="sr-only @6xl:not-sr-only">{TEXTS.actions.pause}</span>
        </button>
      )}
    </span>
  );

  const busy = action.isPending || redeliverFailed.isPending;
  const question =
    pending?.kind === 'pause'
      ? { title: TEXTS.confirm.pauseTitle, text: TEXTS.confirm.pause(pending.row.service_name) }
      : pending?.kind === 'enable'
        ? { title: TEXTS.confirm.enableTitle, text: TEXTS.confirm.enable(pending.row.service_name) }
        : pending?.kind === 'redeliver'
          ? {
              title: TEXTS.confirm.redeliverTitle,
              text: TEXTS.confirm.redeliver(pending.row.service_name, pending.row.failed),
            }
          : null;

  return (
    // A container, not the viewport, decides whether action buttons show their words.
    <div className="@container space-y-4">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">{TEXTS.title}</h1>
        <p className="text-sm text-stone-600 dark:text-zinc-400">{TEXTS.intro}</p>
      </div>
      <section className="panel min-w-0" aria-labelledby={headingId} data-testid="aggregator">
        <header className="flex min-h-11 items-center border-b border-stone-200 px-4 py-2 dark:border-zinc-800">
          <h2 id={headingId} className="text-sm font-semibold">
            {TEXTS.tableTitle}
          </h2>
        </header>
        <DataTable
          caption={TEXTS.tableTitle}
          columns={COLUMNS}
          rows={services.data}
          getRowId={(row) => String(row.service_id)}
          clientSort
          rowActions={rowActions}
          empty={TEXTS.empty}
          loadingLabel={TEXTS.loading}
          error={
            services.isError
              ? {
                  message: TEXTS.loadFailed(errorMessage(services.error)),
                  onRetry: () => void services.refetch(),
                }
              : null
          }
          waitingText={services.isPaused ? TEXTS.waitingForNetwork : null}
          density="compact"
          testId="aggregator-table"
          rowTestId={(row) => `aggregator-row-${row.service_id}`}
        />
      </section>

      <ConfirmDialog
        open={question !== null}
        title={question?.title ?? ''}
        description={question?.text}
        confirmLabel={
          pending?.kind === 'pause'
            ? TEXTS.actions.pause
            : pending?.kind === 'enable'
              ? TEXTS.actions.enable
              : TEXTS.actions.redeliverFailed(pending?.row.failed ?? 0)
        }
        busy={busy}
        busyLabel={TEXTS.confirm.busy}
        tone={pending?.kind === 'pause' ? 'danger' : 'primary'}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
        testId="aggregator-confirm"
      />
      <ProblemDeliveriesDialog service={inspecting} onClose={() => setInspecting(null)} />
    </div>
  );
}
