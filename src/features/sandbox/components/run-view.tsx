import { Link } from '@tanstack/react-router';
import clsx from 'clsx';
import {
  CheckCircle2,
  type LucideIcon,
  CircleDashed,
  LoaderCircle,
  MinusCircle,
  ShieldAlert,
  ShieldCheck,
  XCircle,
} from 'lucide-react';
import { useState } from 'react';
import type { ReceivedWebhook, SandboxRun, SandboxStep } from '../../../contract/sandbox';
import { canOpen } from '../../../contract/routes';
import { errorMessage } from '../../../lib/api-client';
import { formatTime } from '../../../lib/dates';
import { FormError } from '../../../ui/form/form-error';
import { useCurrentUser } from '../../auth/api/current-user';
import { TagChips } from '../../moderation/components/tag-chips';
import { useDecideRun } from '../api/sandbox-calls';
import { SANDBOX_UI_TEXTS as TEXTS } from '../sandbox-texts';

const STEP_ICONS: Record<SandboxStep['state'], LucideIcon> = {
  done: CheckCircle2,
  active: LoaderCircle,
  waiting: CircleDashed,
  failed: XCircle,
  skipped: MinusCircle,
};

const STEP_TONES: Record<SandboxStep['state'], string> = {
  done: 'text-emerald-600 dark:text-emerald-400',
  active: 'text-gold-700 dark:text-gold-300 motion-safe:animate-spin',
  waiting: 'text-stone-400 dark:text-zinc-500',
  failed: 'text-red-600 dark:text-red-400',
  skipped: 'text-stone-400 dark:text-zinc-500',
};

/** One run: the pipeline's steps as they happen, the decision when it is the caller's, and the webhook as received. */
export function RunView({ run }: { run: SandboxRun }) {
  const user = useCurrentUser();
  return (
    <section className="panel" aria-labelledby="sandbox-run-title" data-testid="sandbox-run">
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-stone-200 px-5 py-3 dark:border-zinc-800">
        <div>
          <h2 id="sandbox-run-title" className="text-base font-semibold">
            {TEXTS.runTitle(run.id)}
          </h2>
          <p className="text-xs text-stone-600 dark:text-zinc-400">
            {TEXTS.runMeta(run.service?.name ?? '-', run.mode)}
          </p>
        </div>
        <div className="flex items-center gap-3 text-sm">
          <span
            className={clsx(
              'rounded-full px-2 py-0.5 text-xs font-medium',
              run.finished
                ? 'bg-stone-100 text-stone-700 dark:bg-zinc-800 dark:text-zinc-300'
                : 'bg-gold-100 text-gold-900 dark:bg-gold-400/15 dark:text-gold-200',
            )}
          >
            {run.finished ? TEXTS.finished : TEXTS.live}
          </span>
          {canOpen('/content-tool', user.permissions) && (
            <Link
              to="/content-tool"
              search={{ id: run.id }}
              className="text-gold-800 underline dark:text-gold-300"
            >
              {TEXTS.openInTool}
            </Link>
          )}
        </div>
      </header>
      <ol className="grid gap-0 p-5 sm:grid-cols-2 xl:grid-cols-3" data-testid="sandbox-steps">
        {run.steps.map((step) => {
          const Icon = STEP_ICONS[step.state];
          return (
            <li
              key={step.key}
              className="flex gap-2 py-2 pr-4"
              data-step={step.key}
              data-state={step.state}
            >
              <Icon
                aria-hidden="true"
                className={clsx('mt-0.5 size-5 shrink-0', STEP_TONES[step.state])}
              />
              <div className="min-w-0">
                <p className="text-sm font-medium">
                  {TEXTS.steps[step.key]}
                  <span className="sr-only">: {TEXTS.stepStates[step.state]}</span>
                  {step.at && (
                    <time
                      dateTime={step.at}
                      className="ml-2 text-xs font-normal text-stone-500 tabular-nums dark:text-zinc-400"
                    >
                      {formatTime(step.at)}
                    </time>
                  )}
                </p>
                <p className="text-sm text-stone-600 dark:text-zinc-300">{step.detail}</p>
              </div>
            </li>
          );
        })}
      </ol>
      {run.decidable && <DecideForm run={run} />}
      <ReceivedWebhooks webhooks={run.received} />
    </section>
  );
}

function DecideForm({ run }: { run: SandboxRun }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [custom, setCustom] = useState<string | null>(null);
  const decide = useDecideRun();
  const anyTag = selected.size > 0 || (custom ?? '').trim() !== '';
  const allowed = run.submit_without_tags || anyTag;
  return (
    <form
      className="space-y-3 border-t border-stone-200 px-5 py-4 dark:border-zinc-800"
      aria-labelledby="sandbox-decide-title"
      onSubmit={(event) => {
        event.preventDefault();
        decide.mutate({
          id: run.id,
          body: { tags: [...selected], ...(custom ? { additional: custom } : {}) },
        });
      }}
    >
      <h3 id="sandbox-decide-title" className="text-sm font-semibold">
        {TEXTS.decideTitle}
      </h3>
      <p className="text-xs text-stone-600 dark:text-zinc-400">{TEXTS.decideHint}</p>
      <TagChips
        tags={run.tags.map((name) => ({ name, selected: selected.has(name) }))}
        customTag={custom}
        dynamicTags={run.enable_dynamic_tags}
        onToggle={(name) =>
          setSelected((current) => {
            const next = new Set(current);
            if (next.has(name)) next.delete(name);
            else next.add(name);
            return next;
          })
        }
        onCustomTag={setCustom}
      />
      <FormError message={decide.isError ? errorMessage(decide.error) : null} />
      <button type="submit" className="btn-primary" disabled={!allowed || decide.isPending}>
        {decide.isPending ? TEXTS.submitting : TEXTS.submit}
      </button>
    </form>
  );
}

function ReceivedWebhooks({ webhooks }: { webhooks: readonly ReceivedWebhook[] }) {
  return (
    <div
      className="space-y-3 border-t border-stone-200 px-5 py-4 dark:border-zinc-800"
      data-testid="sandbox-received"
    >
      <h3 className="text-sm font-semibold">{TEXTS.received}</h3>
      {webhooks.length === 0 ? (
        <p className="text-sm text-stone-600 dark:text-zinc-400">{TEXTS.receivedNone}</p>
      ) : (
        webhooks.map((webhook, index) => <ReceivedWebhookView key={index} webhook={webhook} />)
      )}
    </div>
  );
}

function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function ReceivedWebhookView({ webhook }: { webhook: ReceivedWebhook }) {
  const Badge = webhook.verified ? ShieldCheck : ShieldAlert;
  return (
    <div className="space-y-2">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span
          className={clsx(
            'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
            webhook.verified
              ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300'
              : 'bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-300',
          )}
          data-testid="webhook-verified"
        >
          <Badge aria-hidden="true" className="size-3.5" />
          {webhook.verified ? TEXTS.verified : TEXTS.notVerified}
        </span>
        <time
          dateTime={webhook.received_at}
          className="text-xs text-stone-500 tabular-nums dark:text-zinc-400"
        >
          {formatTime(webhook.received_at)}
        </time>
        <span className="text-xs text-stone-500 dark:text-zinc-400">
          {TEXTS.answered(webhook.answered_status)}
        </span>
      </p>
      <div className="grid gap-3 lg:grid-cols-2">
        <div className="min-w-0">
          <h4 className="mb-1 text-xs font-medium text-stone-500 dark:text-zinc-400">
            {TEXTS.headers}
          </h4>
          <table className="w-full text-left text-xs" data-testid="webhook-headers">
            <caption className="sr-only">{TEXTS.headers}</caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">{TEXTS.header}</th>
                <th scope="col">{TEXTS.value}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100 font-mono dark:divide-zinc-800">
              {Object.entries(webhook.headers).map(([name, value]) => (
                <tr key={name}>
                  <th scope="row" className="py-1 pr-3 align-top font-medium whitespace-nowrap">
                    {name}
                  </th>
                  <td className="py-1 break-all">{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="min-w-0">
          <h4 className="mb-1 text-xs font-medium text-stone-500 dark:text-zinc-400">
            {TEXTS.body}
          </h4>
          <pre
            className="rounded-md bg-stone-100 p-3 text-xs break-all whitespace-pre-wrap dark:bg-zinc-950"
            data-testid="webhook-body"
          >
            {prettyBody(webhook.body)}
          </pre>
        </div>
      </div>
    </div>
  );
}
