import { Link, getRouteApi, useNavigate } from '@tanstack/react-router';
import clsx from 'clsx';
import { Send } from 'lucide-react';
import { useState } from 'react';
import {
  SANDBOX_MODES,
  SANDBOX_SAMPLE_TEXT,
  StartSandboxRunSchema,
  type SandboxMode,
  type SandboxOptions,
} from '../../../contract/sandbox';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { FormError } from '../../../ui/form/form-error';
import { SelectField } from '../../../ui/form/select-field';
import { TextareaField } from '../../../ui/form/text-field';
import { useZodForm } from '../../../ui/form/use-zod-form';
import {
  useSandboxOptions,
  useSandboxRun,
  useSandboxRuns,
  useStartRun,
} from '../api/sandbox-calls';
import { SANDBOX_UI_TEXTS as TEXTS } from '../sandbox-texts';
import { ApiSamplesPanel } from './api-samples-panel';
import { RunView } from './run-view';

const route = getRouteApi('/app/sandbox');
const muted = 'text-stone-600 dark:text-zinc-400';

/**
 * /sandbox, the Dev Box: a sample form, the run being watched (`?run=` in the address, so a
 * reload keeps it), the ingest API samples for the chosen service and the caller's recent runs.
 */
export function SandboxPage() {
  useDocumentTitle(TEXTS.title);
  const options = useSandboxOptions();
  const { run: runId } = route.useSearch();
  const run = useSandboxRun(runId);
  return (
    <div className="space-y-6">
      <h1 className="text-xl font-semibold">{TEXTS.title}</h1>
      <p className={clsx('max-w-3xl text-sm', muted)}>{TEXTS.intro}</p>
      {options.isError ? (
        <div role="alert" className="panel space-y-3 p-5 text-sm">
          <p>
            {TEXTS.loadFailed} {errorMessage(options.error)}
          </p>
          <button type="button" className="btn-secondary" onClick={() => void options.refetch()}>
            {TEXTS.retry}
          </button>
        </div>
      ) : options.data ? (
        <SandboxWorkbench options={options.data} />
      ) : (
        <p role="status" className={clsx('text-sm', muted)}>
          {TEXTS.loading}
        </p>
      )}
      {runId !== undefined &&
        (run.isError ? (
          <div role="alert" className="panel p-5 text-sm">
            {errorMessage(run.error)}
          </div>
        ) : run.data ? (
          <RunView run={run.data} />
        ) : null)}
      <RecentRuns />
    </div>
  );
}

function SandboxWorkbench({ options }: { options: SandboxOptions }) {
  const navigate = useNavigate();
  const start = useStartRun();
  const form = useZodForm(StartSandboxRunSchema, {
    service_id: options.services[0]?.id ?? 0,
    mode: 'operator' as SandboxMode,
    text: SANDBOX_SAMPLE_TEXT,
  });
  const [origin] = useState(() => window.location.origin);
  const service = options.services.find((candidate) => candidate.id === form.values.service_id);
  const submit = form.handleSubmit(async (values) => {
    const run = await start.mutateAsync(values);
    await navigate({ to: '/sandbox', search: { run: run.id } });
  });
  if (options.services.length === 0) {
    return <p className="panel p-5 text-sm">{TEXTS.noServices}</p>;
  }
  const mode = form.values.mode as SandboxMode;
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <form
        noValidate
        aria-label={TEXTS.runForm}
        className="panel min-w-0 space-y-4 p-5"
        onSubmit={(event) => void submit(event)}
      >
        <h2 className="text-base font-semibold">{TEXTS.runForm}</h2>
        <SelectField<number>
          label={TEXTS.service}
          required
          options={options.services.map((choice) => ({ value: choice.id, label: choice.name }))}
          {...form.field('service_id')}
          value={form.values.service_id as number}
        />
        <fieldset>
          <legend className="mb-1 text-sm font-medium">{TEXTS.mode}</legend>
          <div className="flex flex-wrap gap-2">
            {SANDBOX_MODES.map((choice) => (
              <label
                key={choice}
                className="has-checked:border-gold-500 has-checked:bg-gold-50 dark:has-checked:bg-gold-500/10 flex cursor-pointer items-center gap-2 rounded-md border border-stone-300 px-3 py-1.5 text-sm has-focus-visible:ring-2 has-focus-visible:ring-gold-500/50 dark:border-zinc-700"
              >
                <input
                  type="radio"
                  name="mode"
                  value={choice}
                  checked={mode === choice}
                  onChange={() => form.setValue('mode', choice)}
                  className="accent-gold-600"
                />
                {TEXTS.modes[choice]}
              </label>
            ))}
          </div>
        </fieldset>
        <TextareaField
          label={TEXTS.text}
          required
          rows={3}
          {...form.field('text')}
          value={form.values.text ?? ''}
        />
        <p className={clsx('text-xs', muted)}>{TEXTS.forgotten}</p>
        <FormError message={form.formError} />
        <button type="submit" className="btn-primary" disabled={form.submitting}>
          <Send aria-hidden="true" className="size-4" />
          {form.submitting ? TEXTS.sending : TEXTS.send}
        </button>
      </form>
      <ApiSamplesPanel
        input={{ origin, serviceCode: service?.code ?? '', text: form.values.text ?? '' }}
      />
    </div>
  );
}

function RecentRuns() {
  const runs = useSandboxRuns();
  if (!runs.data) return null;
  return (
    <section className="panel p-5" aria-labelledby="sandbox-recent-title">
      <h2 id="sandbox-recent-title" className="mb-2 text-base font-semibold">
        {TEXTS.recent}
      </h2>
      {runs.data.length === 0 ? (
        <p className={clsx('text-sm', muted)}>{TEXTS.noRuns}</p>
      ) : (
        <ul className="divide-y divide-stone-200 text-sm dark:divide-zinc-800">
          {runs.data.map((run) => (
            <li key={run.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <Link
                to="/sandbox"
                search={{ run: run.id }}
                className="font-medium text-gold-800 underline dark:text-gold-300"
              >
                {TEXTS.run(run.id)}
              </Link>
              <span>{run.service_name ?? '-'}</span>
              <span className={muted}>{TEXTS.modes[run.mode]}</span>
              <span className={muted}>{TEXTS.reached(run.reached)}</span>
              <span className={clsx('text-xs tabular-nums', muted)}>
                {formatDateTime(run.created_at)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
