import { useQuery } from '@tanstack/react-query';
import { Cpu, Globe } from 'lucide-react';
import { useId } from 'react';
import type { AiHealth, AiProviderRow, AiServices } from '../../../contract/ai-services';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { aiServicesQuery } from '../api/get-ai-services';
import { AI_SERVICES_PAGE_TEXTS as TEXTS } from '../ai-services-texts';
import { TestConnection } from './test-connection';

const muted = 'text-stone-500 dark:text-zinc-400';
/** Quiet text on the page background, which is darker than a panel's. */
const onPage = 'text-stone-600 dark:text-zinc-400';
const chip =
  'rounded-full bg-stone-100 px-2 py-0.5 text-xs text-stone-700 dark:bg-zinc-800 dark:text-zinc-300';

function Figures({ health, minutes }: { health: AiHealth; minutes: number }) {
  const ms = (value: number | null) => (value === null ? TEXTS.noFigure : TEXTS.ms(value));
  const figures: [string, string, boolean][] = [
    [TEXTS.calls, health.calls.toLocaleString('en-US'), false],
    [TEXTS.failures, health.failures.toLocaleString('en-US'), health.failures > 0],
    [TEXTS.p50, ms(health.p50_ms), false],
    [TEXTS.p95, ms(health.p95_ms), false],
  ];
  return (
    <div>
      <h3 className={`mb-1.5 text-xs font-medium uppercase tracking-wide ${muted}`}>
        {TEXTS.health(minutes)}
      </h3>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {figures.map(([label, value, bad]) => (
          <div
            key={label}
            className="rounded-md border border-stone-200 px-3 py-2 dark:border-zinc-800"
          >
            <dt className={`text-xs ${muted}`}>{label}</dt>
            <dd
              className={
                bad
                  ? 'whitespace-nowrap text-base font-semibold tabular-nums text-red-700 dark:text-red-400'
                  : 'whitespace-nowrap text-base font-semibold tabular-nums'
              }
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function ProviderPanel({ provider, minutes }: { provider: AiProviderRow; minutes: number }) {
  const headingId = useId();
  const Icon = provider.kind === 'local' ? Cpu : Globe;
  return (
    <section
      className="panel min-w-0 space-y-4 p-4"
      aria-labelledby={headingId}
      data-testid={`ai-provider-${provider.id}`}
    >
      <header className="flex flex-wrap items-center gap-2">
        <Icon aria-hidden="true" className="size-5 text-gold-600 dark:text-gold-400" />
        <h2 id={headingId} className="text-base font-semibold">
          {provider.name}
        </h2>
        <span className={`text-sm ${muted}`}>{TEXTS.kinds[provider.kind]}</span>
        {provider.is_default && (
          <span
            className="rounded-full bg-gold-100 px-2 py-0.5 text-xs font-medium text-gold-900 dark:bg-gold-500/15 dark:text-gold-200"
            title={TEXTS.defaultHint}
          >
            {TEXTS.defaultBadge}
          </span>
        )}
      </header>
      {provider.kind === 'local' ? (
        <p className={`text-sm ${muted}`}>{TEXTS.localDescription}</p>
      ) : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className={muted}>{TEXTS.baseUrl}</dt>
          <dd className="break-all font-mono text-xs leading-5">{provider.base_url}</dd>
          <dt className={muted}>{TEXTS.model}</dt>
          <dd>{provider.model}</dd>
          {provider.timeout_ms !== null && (
            <>
              <dt className={muted}>{TEXTS.timeout}</dt>
              <dd>{TEXTS.ms(provider.timeout_ms)}</dd>
            </>
          )}
        </dl>
      )}
      <Figures health={provider.health} minutes={minutes} />
      <div>
        <h3 className={`mb-1.5 text-xs font-medium uppercase tracking-wide ${muted}`}>
          {TEXTS.usedBy}
        </h3>
        {provider.services.length === 0 ? (
          <p className={`text-sm ${muted}`}>{TEXTS.noServices}</p>
        ) : (
          <ul className="flex flex-wrap gap-1">
            {provider.services.map((service) => (
              <li key={service.id} className={chip}>
                {service.name}
                {service.choice === 'local' && !provider.is_default && (
                  <span className={`ml-1 ${muted}`}>({TEXTS.byChoice})</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="border-t border-stone-200 pt-4 dark:border-zinc-800">
        <TestConnection provider={provider.id} name={provider.name} />
      </div>
    </section>
  );
}

/** Where a remote provider would be: says how to configure one. */
function RemoteMissing() {
  const headingId = useId();
  return (
    <section
      className="panel min-w-0 space-y-2 border-dashed p-4"
      aria-labelledby={headingId}
      data-testid="ai-provider-remote-missing"
    >
      <header className="flex items-center gap-2">
        <Globe aria-hidden="true" className={`size-5 ${muted}`} />
        <h2 id={headingId} className="text-base font-semibold">
          {TEXTS.remoteMissingTitle}
        </h2>
      </header>
      <p className={`text-sm ${muted}`}>{TEXTS.remoteMissing}</p>
    </section>
  );
}

function WithoutAi({ services }: { services: AiServices['without_ai'] }) {
  const headingId = useId();
  if (services.length === 0) return null;
  return (
    <section className="panel space-y-2 p-4" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-base font-semibold">
        {TEXTS.withoutAi}
      </h2>
      <p className={`text-sm ${muted}`}>{TEXTS.withoutAiHint}</p>
      <ul className="flex flex-wrap gap-1">
        {services.map((service) => (
          <li key={service.id} className={chip}>
            {service.name}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /aiservices: the AI providers, their health over the last hour, the services using each, and
 * a test call per provider.
 */
export function AiServicesPage() {
  useDocumentTitle(TEXTS.title);
  const services = useQuery(aiServicesQuery);
  const data = services.data;
  return (
    <div className="space-y-6">
      <h1 className="text-xl font-semibold">{TEXTS.title}</h1>
      <p className={`max-w-3xl text-sm ${onPage}`}>{TEXTS.intro}</p>
      {services.isError && (
        <div role="alert" className="panel flex flex-wrap items-center gap-3 p-4 text-sm">
          <span className="text-red-700 dark:text-red-400">
            {TEXTS.loadFailed(errorMessage(services.error))}
          </span>
          <button type="button" className="btn-secondary" onClick={() => void services.refetch()}>
            {TEXTS.retry}
          </button>
        </div>
      )}
      {!data && !services.isError && <p className={`text-sm ${onPage}`}>{TEXTS.loading}</p>}
      {data && (
        <>
          <div className="grid items-start gap-6 xl:grid-cols-2">
            {data.providers.map((provider) => (
              <ProviderPanel key={provider.id} provider={provider} minutes={data.window_minutes} />
            ))}
            {!data.providers.some((provider) => provider.id === 'remote') && <RemoteMissing />}
          </div>
          <WithoutAi services={data.without_ai} />
        </>
      )}
    </div>
  );
}
