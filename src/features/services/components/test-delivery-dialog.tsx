import clsx from 'clsx';
import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { TestDeliveryResult } from '../../../contract/delivery';
import type { ServiceRow } from '../../../contract/services';
import { errorMessage } from '../../../lib/api-client';
import { Dialog } from '../../../ui/dialog';
import { useTestDelivery } from '../api/service-mutations';
import { SERVICES_TEXTS } from '../services-texts';

const TEXTS = SERVICES_TEXTS.test;

/**
 * Sends one signed sample decision to the service's callback as it opens, and shows what came
 * back: the status code (none when no answer came), the latency, the response body and the
 * error. "Send again" repeats it, e.g. after the receiver was fixed.
 */
export function TestDeliveryDialog({
  service,
  onClose,
}: {
  service: ServiceRow;
  onClose: () => void;
}) {
  const test = useTestDelivery();
  const { mutate } = test;

  // Once per opening, also where development mode runs effects twice: each send is a real POST.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate(service.id);
  }, [mutate, service.id]);

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={TEXTS.title(service.name)}
      testId="test-delivery-dialog"
      footer={
        <>
          <button
            type="button"
            className="btn-secondary"
            disabled={test.isPending}
            onClick={() => mutate(service.id)}
          >
            {TEXTS.again}
          </button>
          <button type="button" className="btn-primary" onClick={onClose}>
            {TEXTS.close}
          </button>
        </>
      }
    >
      <div className="mt-4" aria-live="polite" aria-busy={test.isPending || undefined}>
        {test.isPending && (
          <p className="flex items-center gap-2 text-sm text-stone-600 dark:text-zinc-300">
            <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
            {TEXTS.sending}
          </p>
        )}
        {test.isError && (
          <p
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-400"
          >
            {`${TEXTS.failed}: ${errorMessage(test.error)}`}
          </p>
        )}
        {test.isSuccess && <TestDeliveryOutcome result={test.data} />}
      </div>
    </Dialog>
  );
}

function TestDeliveryOutcome({ result }: { result: TestDeliveryResult }) {
  const term = 'text-xs font-medium text-stone-500 dark:text-zinc-400';
  return (
    <div className="space-y-3" data-testid="test-delivery-result">
      <p
        className={clsx(
          'flex items-center gap-2 text-sm font-medium',
          result.delivered
            ? 'text-emerald-700 dark:text-emerald-400'
            : 'text-red-700 dark:text-red-400',
        )}
      >
        {result.delivered ? (
          <CircleCheck aria-hidden="true" className="size-4" />
        ) : (
          <CircleX aria-hidden="true" className="size-4" />
        )}
        {result.delivered ? TEXTS.delivered : TEXTS.notDelivered}
      </p>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className={term}>{TEXTS.url}</dt>
        <dd className="font-mono text-xs break-all">{result.url}</dd>
        <dt className={term}>{TEXTS.status}</dt>
        <dd data-testid="test-delivery-status">{result.status_code ?? TEXTS.noStatus}</dd>
        <dt className={term}>{TEXTS.latency}</dt>
        <dd>{TEXTS.latencyValue(result.latency_ms)}</dd>
        {result.error && (
          <>
            <dt className={term}>{TEXTS.error}</dt>
            <dd className="text-red-700 dark:text-red-400">{result.error}</dd>
          </>
        )}
      </dl>
      <div>
        <p className={term}>{TEXTS.body}</p>
        <pre className="mt-1 max-h-48 overflow-auto rounded-md border border-stone-200 bg-stone-50 p-2 text-xs whitespace-pre-wrap break-all dark:border-zinc-800 dark:bg-zinc-950">
          {result.response_body || TEXTS.emptyBody}
        </pre>
      </div>
    </div>
  );
}
