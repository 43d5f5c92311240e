import clsx from 'clsx';
import { LoaderCircle, RotateCw } from 'lucide-react';
import type {
  DeliveryAttempt,
  ProblemDelivery,
  ServiceDeliveryRow,
} from '../../../contract/delivery';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/notices';
import { Dialog } from '../../../ui/dialog';
import { useProblemDeliveries, useRedeliver } from '../api/aggregator-queries';
import { AGGREGATOR_TEXTS, formatLatency } from '../aggregator-texts';

const TEXTS = AGGREGATOR_TEXTS.problems;

function answerOf(attempt: DeliveryAttempt): string {
  return attempt.status_code === null ? (attempt.error_code ?? '') : String(attempt.status_code);
}

function succeeded(attempt: DeliveryAttempt): boolean {
  return attempt.status_code !== null && attempt.status_code >= 200 && attempt.status_code < 300;
}

function AttemptsTable({ delivery }: { delivery: ProblemDelivery }) {
  if (delivery.attempt_history.length === 0) {
    return (
      <p className="px-3 pb-3 text-sm text-stone-600 dark:text-zinc-400">{TEXTS.noAttempts}</p>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-xs">
        <caption className="sr-only">{TEXTS.attemptsCaption(delivery.content_id)}</caption>
        <thead className="text-stone-500 dark:text-zinc-400">
          <tr>
            {TEXTS.attemptColumns.map((name) => (
              <th key={name} scope="col" className="px-3 py-1.5 font-medium">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100 dark:divide-zinc-800">
          {delivery.attempt_history.map((attempt) => (
            <tr key={attempt.attempt} data-testid="delivery-attempt">
              <td className="px-3 py-1.5 tabular-nums">{attempt.attempt}</td>
              <td className="px-3 py-1.5 whitespace-nowrap">
                {formatDateTime(attempt.attempted_at)}
              </td>
              <td
                className={clsx(
                  'px-3 py-1.5 font-mono font-semibold',
                  succeeded(attempt)
                    ? 'text-emerald-700 dark:text-emerald-400'
                    : 'text-red-700 dark:text-red-400',
                )}
              >
                {answerOf(attempt)}
              </td>
              <td className="px-3 py-1.5 whitespace-nowrap tabular-nums">
                {formatLatency(attempt.latency_ms)}
              </td>
              <td className="max-w-md px-3 py-1.5 font-mono break-all">
                {attempt.response_excerpt}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A service's failed, retrying and stuck deliveries, each with every attempt and what the
 * receiver answered, and a Redeliver button per delivery. Refreshed while open.
 */
export function ProblemDeliveriesDialog({
  service,
  onClose,
}: {
  service: ServiceDeliveryRow | null;
  onClose: () => void;
}) {
  const problems = useProblemDeliveries(service?.service_id ?? null);
  const redeliver = useRedeliver();

  return (
    <Dialog
      open={service !== null}
      onClose={onClose}
      title={TEXTS.title(service?.service_name ?? '')}
      description={TEXTS.description}
      closeLabel={TEXTS.close}
      size="6xl"
      testId="problem-deliveries"
    >
      <div className="px-5 py-4">
        {problems.isPending ? (
          <p className="flex items-center gap-2 text-sm" role="status">
            <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
            {TEXTS.loading}
          </p>
        ) : problems.isError ? (
          <p className="text-sm text-red-700 dark:text-red-400" role="alert">
            {errorMessage(problems.error)}
          </p>
        ) : problems.data.length === 0 ? (
          <p className="text-sm text-stone-600 dark:text-zinc-400">{TEXTS.empty}</p>
        ) : (
          <ul className="space-y-3">
            {problems.data.map((delivery) => (
              <li
                key={delivery.id}
                className="rounded-lg border border-stone-200 dark:border-zinc-800"
                data-testid={`problem-delivery-${delivery.content_id}`}
              >
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
                  <h3 className="text-sm font-semibold">{TEXTS.heading(delivery.content_id)}</h3>
                  <span
                    className={clsx(
                      'rounded-full px-2 py-0.5 text-xs font-medium',
                      delivery.status === 'failed'
                        ? 'bg-red-50 text-red-800 dark:bg-red-500/10 dark:text-red-300'
                        : 'bg-amber-50 text-amber-800 dark:bg-amber-500/10 dark:text-amber-300',
                    )}
                  >
                    {TEXTS.status[delivery.status]}
                  </span>
                  <span className="text-xs text-stone-600 dark:text-zinc-400">
                    {TEXTS.attempts(delivery.attempts)}
                    {delivery.next_attempt_at &&
                      ` · ${TEXTS.nextAttempt(formatDateTime(delivery.next_attempt_at))}`}
                  </span>
                  <span className="font-mono text-xs text-stone-500 dark:text-zinc-500">
                    {delivery.webhook_id}
                  </span>
                  <button
                    type="button"
                    className="btn-ghost ml-auto px-2.5 py-1"
                    aria-label={TEXTS.redeliverLabel(delivery.content_id)}
                    disabled={redeliver.isPending}
                    onClick={() =>
                      redeliver.mutate(delivery.id, {
                        onSuccess: () =>
                          notify.success(AGGREGATOR_TEXTS.done.redeliveredOne(delivery.content_id)),
                        onError: (error) => notify.error(errorMessage(error)),
                      })
                    }
                  >
                    <RotateCw aria-hidden="true" className="size-4" />
                    {TEXTS.redeliver}
                  </button>
                </div>
                <AttemptsTable delivery={delivery} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
