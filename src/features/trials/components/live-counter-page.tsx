import { getRouteApi } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Activity } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { PublicBrand, TrialStats } from '../../../contract/trials';
import { formatDay, formatTime } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { trialStatsQuery } from '../api/trial-queries';
import { TRIAL_TEXTS as TEXTS } from '../trials-texts';
import { BrandFrame } from './brand-frame';

const numberFormat = new Intl.NumberFormat('en-US');

function percent(part: number, whole: number): string {
  return whole === 0 ? '–' : `${Math.round((part / whole) * 100)}%`;
}

/** Seconds since `iso`, refreshed every second so "12 s ago" keeps counting. */
function useSecondsSince(iso: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, []);
  return iso === null ? null : (now - Date.parse(iso)) / 1000;
}

function Figures({ stats }: { stats: TrialStats }) {
  const since = useSecondsSince(stats.last_decision_at);
  const figures = [
    { label: TEXTS.counterToday, value: numberFormat.format(stats.decisions_today), id: 'today' },
    { label: TEXTS.counterTotal, value: numberFormat.format(stats.decisions_total), id: 'total' },
    {
      label: TEXTS.counterAgreement,
      value: percent(stats.matched_total, stats.decisions_total),
      id: 'agreement',
    },
    {
      label: TEXTS.counterLast,
      value: since === null ? TEXTS.counterNever : TEXTS.ago(since),
      id: 'last',
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {figures.map((figure) => (
        <div key={figure.id} className="panel px-4 py-3" data-testid={`counter-${figure.id}`}>
          <dt className="text-xs font-medium tracking-wide text-stone-600 uppercase dark:text-zinc-400">
            {figure.label}
          </dt>
          <dd className="mt-1 text-3xl font-semibold tabular-nums">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Days({ stats }: { stats: TrialStats }) {
  const highest = Math.max(1, ...stats.days.map((day) => day.decisions));
  return (
    <section className="panel p-4" aria-labelledby="counter-days">
      <h2 id="counter-days" className="text-sm font-semibold">
        {TEXTS.counterDays}
      </h2>
      <table className="mt-3 w-full text-sm">
        <caption className="sr-only">{TEXTS.counterDays}</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">{TEXTS.counterDay}</th>
            <th scope="col">{TEXTS.counterDecisions}</th>
          </tr>
        </thead>
        <tbody>
          {stats.days.map((day) => (
            <tr key={day.day}>
              <th
                scope="row"
                className="w-28 py-0.5 pr-3 text-left text-xs font-normal whitespace-nowrap text-stone-600 tabular-nums dark:text-zinc-400"
              >
                {formatDay(`${day.day}T12:00:00Z`)}
              </th>
              <td className="py-0.5">
                <span className="flex items-center gap-2">
                  <span
                    aria-hidden="true"
                    className="h-3 rounded-sm bg-(--brand-accent)"
                    style={{ width: `${(day.decisions / highest) * 85}%`, minWidth: 2 }}
                  />
                  <span className="text-xs tabular-nums">{numberFormat.format(day.decisions)}</span>
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Samples({ stats }: { stats: TrialStats }) {
  return (
    <section className="panel overflow-x-auto p-4" aria-labelledby="counter-samples">
      <h2 id="counter-samples" className="text-sm font-semibold">
        {TEXTS.counterSamples}
      </h2>
      <table className="mt-3 w-full text-sm">
        <thead>
          <tr className="border-b border-stone-200 text-left text-xs text-stone-600 dark:border-zinc-800 dark:text-zinc-400">
            <th scope="col" className="py-1.5 pr-3 font-medium">
              {TEXTS.counterSample}
            </th>
            <th scope="col" className="py-1.5 pr-3 text-right font-medium">
              {TEXTS.counterDecisions}
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              {TEXTS.counterMatched}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100 dark:divide-zinc-800">
          {stats.samples.map((sample) => (
            <tr key={sample.sample_id}>
              <th scope="row" className="py-1.5 pr-3 text-left font-normal">
                {sample.title}
              </th>
              <td className="py-1.5 pr-3 text-right tabular-nums">
                {numberFormat.format(sample.decisions)}
              </td>
              <td className="py-1.5 text-right tabular-nums">
                {percent(sample.matched, sample.decisions)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function LiveCounter({ brand }: { brand: PublicBrand }) {
  useDocumentTitle(TEXTS.counterDocTitle(brand.name));
  const stats = useQuery(trialStatsQuery(brand.slug));
  return (
    <div className="space-y-5">
      <section className="space-y-2">
        <h1 className="flex items-center gap-2 text-2xl font-semibold">
          <Activity aria-hidden="true" className="size-6" />
          {TEXTS.counterTitle(brand.name)}
        </h1>
        <p className="max-w-3xl text-sm text-stone-600 dark:text-zinc-400">
          {TEXTS.counterIntro(brand.name)}
        </p>
      </section>
      {stats.data ? (
        <>
          <Figures stats={stats.data} />
          <div className="grid gap-4 lg:grid-cols-2">
            <Days stats={stats.data} />
            <Samples stats={stats.data} />
          </div>
          <p className="text-xs text-stone-600 dark:text-zinc-400" data-testid="counter-updated">
            {stats.isError
              ? TEXTS.counterStale
              : TEXTS.counterUpdated(formatTime(stats.data.counted_at))}
          </p>
        </>
      ) : (
        <p role="status" className="text-sm text-stone-600 dark:text-zinc-400">
          {stats.isError ? TEXTS.counterStale : TEXTS.loadingBrand}
        </p>
      )}
    </div>
  );
}

/** /trial/<brand>/public: the read-only live counter of the brand's trial decisions. */
export function LiveCounterPage({ slug }: { slug: string }) {
  return (
    <BrandFrame slug={slug} current="counter">
      {(brand) => <LiveCounter brand={brand} />}
    </BrandFrame>
  );
}

const counterRoute = getRouteApi('/trial/$brand/public');

export function LiveCounterRoute() {
  const { brand } = counterRoute.useParams();
  return <LiveCounterPage slug={brand} />;
}
