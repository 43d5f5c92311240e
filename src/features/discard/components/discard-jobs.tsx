import clsx from 'clsx';
import { useState } from 'react';
import type { DiscardJob } from '../../../contract/discard';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/notices';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { FormError } from '../../../ui/form/form-error';
import { useCancelDiscard, useDiscardJobs } from '../api/discard-calls';
import { DISCARD_UI_TEXTS as TEXTS, describeFilter } from '../discard-texts';

const STATE_TONES: Record<DiscardJob['status'], string> = {
  running: 'bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-300',
  done: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300',
  cancelled: 'bg-stone-100 text-stone-700 dark:bg-zinc-800 dark:text-zinc-300',
  failed: 'bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-300',
};

/** The latest bulk discards with their progress, read every second while one runs. */
export function DiscardJobs() {
  const jobs = useDiscardJobs();
  const [stopping, setStopping] = useState<DiscardJob | null>(null);
  const cancel = useCancelDiscard();
  return (
    <section className="panel p-5" aria-labelledby="discard-jobs-title">
      <h2 id="discard-jobs-title" className="mb-3 text-base font-semibold">
        {TEXTS.jobs}
      </h2>
      {jobs.isError ? (
        <div role="alert" className="space-y-2 text-sm">
          <p>
            {TEXTS.loadFailed} {errorMessage(jobs.error)}
          </p>
          <button type="button" className="btn-secondary" onClick={() => void jobs.refetch()}>
            {TEXTS.retry}
          </button>
        </div>
      ) : jobs.data?.length === 0 ? (
        <p className="text-sm text-stone-600 dark:text-zinc-400">{TEXTS.noJobs}</p>
      ) : (
        <ul className="divide-y divide-stone-200 dark:divide-zinc-800" data-testid="discard-jobs">
          {jobs.data?.map((job) => (
            <JobRow key={job.id} job={job} onStop={() => setStopping(job)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={stopping !== null}
        title={stopping ? TEXTS.stopTitle(stopping.id) : ''}
        description={TEXTS.stopDescription}
        confirmLabel={TEXTS.stop}
        busyLabel={TEXTS.stopping}
        tone="danger"
        busy={cancel.isPending}
        onCancel={() => {
          cancel.reset();
          setStopping(null);
        }}
        onConfirm={() => {
          if (!stopping) return;
          cancel.mutate(stopping.id, {
            onSuccess: (job) => {
              notify.success(TEXTS.stopped(job.id));
              setStopping(null);
            },
          });
        }}
      >
        <FormError message={cancel.isError ? errorMessage(cancel.error) : null} />
      </ConfirmDialog>
    </section>
  );
}

function JobRow({ job, onStop }: { job: DiscardJob; onStop: () => void }) {
  const share = job.expected > 0 ? Math.min(1, job.discarded / job.expected) : 1;
  const labelId = `discard-job-${job.id}`;
  return (
    <li className="space-y-2 py-3" data-testid={`discard-job-${job.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span id={labelId} className="font-medium">
            {TEXTS.jobTitle(job)}
          </span>
          <span
            className={clsx(
              'rounded-full px-2 py-0.5 text-xs font-medium',
              STATE_TONES[job.status],
            )}
            data-testid="discard-job-state"
          >
            {TEXTS.jobState[job.status]}
          </span>
          <span className="text-xs text-stone-500 dark:text-zinc-400">
            {formatDateTime(job.created_at)}
          </span>
        </div>
        {job.status === 'running' && (
          <button type="button" className="btn-secondary px-2.5 py-1" onClick={onStop}>
            {TEXTS.stop}
          </button>
        )}
      </div>
      <p className="text-sm text-stone-600 dark:text-zinc-300">
        {describeFilter(job.filter, job.service_name)}
        {job.reason && <> · “{job.reason}”</>}
      </p>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={job.expected}
        aria-valuenow={job.discarded}
        aria-valuetext={TEXTS.progress(job)}
        className="h-2 overflow-hidden rounded-full bg-stone-200 dark:bg-zinc-800"
      >
        <div
          className={clsx(
            'h-full rounded-full transition-[width]',
            job.status === 'failed' ? 'bg-red-500' : 'bg-gold-500',
          )}
          style={{ width: `${Math.round(share * 100)}%` }}
        />
      </div>
      <p
        className="text-xs text-stone-600 tabular-nums dark:text-zinc-400"
        data-testid="discard-job-progress"
      >
        {TEXTS.progress(job)}
        {job.withdrawn > 0 && <> · {TEXTS.withdrawn(job.withdrawn)}</>}
        {job.error && <> · {job.error}</>}
      </p>
    </li>
  );
}
