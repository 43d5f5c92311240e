import clsx from 'clsx';
import { Link } from '@tanstack/react-router';
import { Bot, Trash2, UserRound } from 'lucide-react';
import { useCallback, useState, type ReactNode } from 'react';
import { MODERATION_TEXTS } from '../../../contract/content';
import type { DeliveryAttempt } from '../../../contract/delivery';
import type { HistoryDelivery, HistoryDetail, MediaLogEntry } from '../../../contract/history';
import { canOpen } from '../../../contract/routes';
import { errorMessage } from '../../../lib/api-client';
import { formatArrivalTime, formatDateTime } from '../../../lib/dates';
import { createColumnHelper } from '../../../ui/data-table/columns';
import { DataTable, TableSkeleton } from '../../../ui/data-table/data-table';
import { Dialog } from '../../../ui/dialog';
import { useCurrentUser } from '../../auth/api/current-user';
import { ContentViewer } from '../../moderation/components/content-viewer';
import { MediaDialog } from '../../moderation/components/media-dialog';
import { aiSuggestion, formatResponseTime } from '../../moderation/moderation-rules';
import { useHistoryItem, type HistoryVariant } from '../api/get-history';
import { formatDuration, timingSteps } from '../history-timings';
import { HISTORY_TEXTS as TEXTS } from '../history-texts';
import { DecisionTags } from './decision-tags';

/**
 * One decided item in a drawer at the right: its content through the moderation screen's
 * viewer (click to load; nothing is logged, the item is only looked at), the decision beside the
 * AI's suggestion, the timings of each step, the media log and every delivery attempt. Opened
 * from a row; the URL keeps `?item=`, so a link opens it too.
 */
export function HistoryDrawer({
  variant,
  id,
  onClose,
}: {
  variant: HistoryVariant;
  id: number | null;
  onClose: () => void;
}) {
  const item = useHistoryItem(variant, id);
  const data = item.data;
  return (
    <Dialog
      open={id !== null}
      onClose={onClose}
      title={data ? TEXTS.itemTitle(data.id, data.service_name) : TEXTS.itemTitle(id ?? 0, '…')}
      closeLabel={TEXTS.closeItem}
      placement="side"
      size="3xl"
      testId="history-drawer"
    >
      {data ? (
        <ItemDetails item={data} staff={variant === 'staff'} />
      ) : item.isError ? (
        <p role="alert" className="px-5 py-6 text-sm text-red-700 dark:text-red-400">
          {TEXTS.itemFailed(errorMessage(item.error))}
        </p>
      ) : (
        <TableSkeleton columns={3} label={TEXTS.loadingItem} />
      )}
    </Dialog>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-b border-stone-200 px-5 py-4 last:border-b-0 dark:border-zinc-800">
      <h3 className="mb-2 text-xs font-semibold tracking-wide text-stone-500 uppercase dark:text-zinc-400">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Field({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={clsx('min-w-0', className)}>
      <dt className="text-xs text-stone-500 dark:text-zinc-400">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

function ItemDetails({ item, staff }: { item: HistoryDetail; staff: boolean }) {
  const user = useCurrentUser();
  const [enlarged, setEnlarged] = useState(false);
  const noop = useCallback(() => {}, []);
  return (
    <div>
      <Section title={TEXTS.content}>
        <div className="h-64 overflow-hidden rounded-md border border-stone-200 bg-stone-50 dark:border-zinc-800 dark:bg-zinc-950/60">
          <ContentViewer
            key={item.id}
            item={item}
            userId={null}
            autoLoad={false}
            onLoaded={noop}
            onEnlarge={() => setEnlarged(true)}
          />
        </div>
        {enlarged && (
          <MediaDialog
            item={{ ...item, service: item.service_name }}
            userId={null}
            open
            startAt={0}
            onClose={() => setEnlarged(false)}
          />
        )}
        <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
          <Field label={TEXTS.subscriber}>{item.subscriber_name}</Field>
          <Field label={TEXTS.user}>
            {item.username || '-'}{' '}
            <span className="text-stone-500 dark:text-zinc-400">({item.user_id})</span>
          </Field>
          <Field label={TEXTS.columns.type}>{TEXTS.types[item.message_type]}</Field>
          {item.notes && <Field label={TEXTS.notes}>{item.notes}</Field>}
        </dl>
      </Section>
      <div className="grid border-b border-stone-200 sm:grid-cols-2 dark:border-zinc-800 [&>section]:border-b-0">
        <Section title={TEXTS.decision}>
          {item.source === 'discard' ? (
            <p className="text-sm text-stone-500 dark:text-zinc-400">{TEXTS.discarded}</p>
          ) : (
            <DecisionTags tags={item.tags} additional={item.additional} />
          )}
          <p className="mt-2 flex items-center gap-1.5 text-sm text-stone-600 dark:text-zinc-300">
            {item.source === 'ai' ? (
              <Bot aria-hidden="true" className="size-4" />
            ) : item.source === 'discard' ? (
              <Trash2 aria-hidden="true" className="size-4" />
            ) : (
              <UserRound aria-hidden="true" className="size-4" />
            )}
            <span className="sr-only">{TEXTS.decidedBy}: </span>
            {item.source === 'ai'
              ? TEXTS.aiAlone
              : item.source === 'discard'
                ? TEXTS.discardedBy(staff ? item.operator_username : null)
                : staff
                  ? (item.operator_username ?? '-')
                  : TEXTS.moderator}
          </p>
          {staff && canOpen('/content-tool', user.permissions) && (
            <Link
              to="/content-tool"
              search={{ id: item.id }}
              className="mt-2 inline-block text-sm text-gold-800 underline dark:text-gold-300"
            >
              {TEXTS.openInContentTool}
            </Link>
          )}
        </Section>
        <Section title={TEXTS.aiSuggestion}>
          <AiSuggestion item={item} />
        </Section>
      </div>
      <Section title={TEXTS.timings}>
        <Timings item={item} />
      </Section>
      <Section title={TEXTS.mediaLog}>
        <MediaLog entries={item.media_log} staff={staff} />
      </Section>
      <Section title={TEXTS.delivery}>
        <Delivery delivery={item.delivery} />
      </Section>
    </div>
  );
}

function AiSuggestion({ item }: { item: HistoryDetail }) {
  const suggestion = aiSuggestion(item.ai_tags);
  return (
    <div className="space-y-2 text-sm">
      <p>
        {suggestion.kind === 'tags'
          ? suggestion.labels.join(', ')
          : suggestion.kind === 'safe'
            ? TEXTS.aiSafe
            : suggestion.kind === 'none'
              ? MODERATION_TEXTS.noAiResponse
              : MODERATION_TEXTS.noTags}
      </p>
      <dl className="grid grid-cols-2 gap-2">
        <Field label={TEXTS.responseTime}>{formatResponseTime(item.ai_response_time)}</Field>
        {item.ai_provider && <Field label={TEXTS.provider}>{item.ai_provider}</Field>}
        <Field label={TEXTS.reasoning} className="col-span-2">
          <span className="whitespace-pre-wrap">
            {item.ai_reasoning ?? MODERATION_TEXTS.noReasoning}
          </span>
        </Field>
      </dl>
    </div>
  );
}

function Timings({ item }: { item: HistoryDetail }) {
  const steps = timingSteps(item.timings);
  const total = Date.parse(item.timings.decided_at) - Date.parse(item.timings.arrived_at);
  return (
    <>
      <ol className="relative space-y-0" data-testid="history-timings">
        {steps.map((step, index) => (
          <li key={step.key} className="flex gap-3">
            <div className="flex flex-col items-center">
              <span
                aria-hidden="true"
                className={clsx(
                  'mt-1.5 size-2.5 shrink-0 rounded-full',
                  step.at ? 'bg-gold-500' : 'border border-stone-300 dark:border-zinc-600',
                )}
              />
              {index < steps.length - 1 && (
                <span aria-hidden="true" className="w-px flex-1 bg-stone-200 dark:bg-zinc-700" />
              )}
            </div>
            <div className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-3 pb-3 text-sm">
              <span className="w-36 font-medium">{TEXTS.steps[step.key]}</span>
              <span className="tabular-nums text-stone-600 dark:text-zinc-300">
                {step.at
                  ? step.key === 'arrived_at'
                    ? formatArrivalTime(step.at)
                    : formatDateTime(step.at)
                  : TEXTS.stepMissing}
              </span>
              {step.sincePrevious !== null && (
                <span className="ml-auto tabular-nums text-stone-500 dark:text-zinc-400">
                  {TEXTS.sincePrevious(formatDuration(step.sincePrevious))}
                </span>
              )}
            </div>
          </li>
        ))}
      </ol>
      <p className="text-sm font-medium">{TEXTS.totalTime(formatDuration(Math.max(0, total)))}</p>
    </>
  );
}

const mediaColumn = createColumnHelper<MediaLogEntry>();

function MediaLog({ entries, staff }: { entries: MediaLogEntry[]; staff: boolean }) {
  if (entries.length === 0) {
    return <p className="text-sm text-stone-500 dark:text-zinc-400">{TEXTS.noMediaLog}</p>;
  }
  const columns = [
    mediaColumn.accessor('at', {
      header: TEXTS.mediaColumns.at,
      cell: ({ getValue }) => formatDateTime(getValue()),
    }),
    mediaColumn.accessor('action', { header: TEXTS.mediaColumns.action }),
    ...(staff
      ? [
          mediaColumn.accessor('username', {
            header: TEXTS.mediaColumns.by,
            cell: ({ getValue }) => getValue() ?? '',
          }),
        ]
      : []),
    mediaColumn.accessor('media_time', {
      header: TEXTS.mediaColumns.position,
      meta: { numeric: true },
      cell: ({ row: { original: entry } }) =>
        `${entry.media_time.toFixed(1)} s${entry.duration !== null ? ` / ${entry.duration.toFixed(1)} s` : ''}`,
    }),
    mediaColumn.accessor('on_enlarged', {
      header: TEXTS.mediaColumns.enlarged,
      cell: ({ getValue }) => (getValue() ? TEXTS.yes : TEXTS.no),
    }),
  ];
  return (
    <DataTable
      caption={TEXTS.mediaLog}
      columns={columns}
      rows={entries}
      getRowId={(entry) => String(entry.id)}
      density="compact"
      scrollClassName="max-h-64"
      testId="history-media-log"
    />
  );
}

const attemptColumn = createColumnHelper<DeliveryAttempt>();

const ATTEMPT_COLUMNS = [
  attemptColumn.accessor('attempt', {
    header: TEXTS.attemptColumns.attempt,
    meta: { numeric: true },
  }),
  attemptColumn.accessor('attempted_at', {
    header: TEXTS.attemptColumns.at,
    cell: ({ getValue }) => formatDateTime(getValue()),
  }),
  attemptColumn.accessor('status_code', {
    header: TEXTS.attemptColumns.result,
    cell: ({ row: { original: attempt } }) => {
      const ok = attempt.status_code !== null && attempt.status_code < 300;
      return (
        <span
          className={clsx(
            'font-medium tabular-nums',
            ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400',
          )}
        >
          {attempt.status_code ?? attempt.error_code ?? '-'}
        </span>
      );
    },
  }),
  attemptColumn.accessor('latency_ms', {
    header: TEXTS.attemptColumns.latency,
    meta: { numeric: true },
    cell: ({ getValue }) => TEXTS.latency(getValue()),
  }),
  attemptColumn.accessor('response_excerpt', {
    header: TEXTS.attemptColumns.response,
    meta: { cellClassName: 'max-w-56 truncate font-mono text-xs' },
    cell: ({ getValue }) => <span title={getValue()}>{getValue()}</span>,
  }),
];

function Delivery({ delivery }: { delivery: HistoryDelivery | null }) {
  if (delivery === null) {
    return <p className="text-sm text-stone-500 dark:text-zinc-400">{TEXTS.noDelivery}</p>;
  }
  return (
    <div className="space-y-2">
      <p className="flex flex-wrap gap-x-3 text-sm">
        <span className="font-medium" data-testid="history-delivery-status">
          {TEXTS.deliveryStatus[delivery.status]}
        </span>
        {delivery.delivered_at && (
          <span className="text-stone-600 dark:text-zinc-300">
            {TEXTS.deliveredAt(formatDateTime(delivery.delivered_at))}
          </span>
        )}
        {delivery.next_attempt_at && (
          <span className="text-stone-600 dark:text-zinc-300">
            {TEXTS.nextAttempt(formatDateTime(delivery.next_attempt_at))}
          </span>
        )}
      </p>
      <DataTable
        caption={TEXTS.delivery}
        columns={ATTEMPT_COLUMNS}
        rows={delivery.attempts}
        getRowId={(attempt) => String(attempt.attempt)}
        density="compact"
        scrollClassName="max-h-64"
        empty={TEXTS.noAttempts}
        testId="history-attempts"
      />
    </div>
  );
}
