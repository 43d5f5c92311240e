import clsx from 'clsx';
import {
  AI_CONTENT_STATES,
  type AiContentState,
  type AiContentSummary,
} from '../../../contract/ai-review';
import { formatTime } from '../../../lib/dates';
import { AI_CONTENT_PAGE_TEXTS as TEXTS, AI_MODERATION_TEXTS } from '../ai-review-texts';

const count = (value: number) => value.toLocaleString('en-US');
const ms = (value: number | null) =>
  value === null ? AI_MODERATION_TEXTS.noFigure : AI_MODERATION_TEXTS.ms(Math.round(value));

function hint(state: AiContentState, summary: AiContentSummary): string {
  if (state === 'waiting') return TEXTS.cardHints.waiting(summary.retrying);
  if (state === 'answered') return TEXTS.cardHints.answered(summary.window_minutes);
  return TEXTS.cardHints[state];
}

/**
 * The four states as cards that also choose the list below (a pressed card is the list shown),
 * then the last hour's rate, latency and calls per bucket.
 */
export function AiActivity({
  summary,
  state,
  onState,
}: {
  summary: AiContentSummary | undefined;
  state: AiContentState;
  onState: (state: AiContentState) => void;
}) {
  const peak = Math.max(1, ...(summary?.buckets.map((bucket) => bucket.calls) ?? []));
  return (
    <div className="grid gap-3 @4xl:grid-cols-[1fr_20rem]">
      <div
        role="group"
        aria-label={TEXTS.stateTabs}
        className="grid grid-cols-2 gap-3 @xl:grid-cols-4"
      >
        {AI_CONTENT_STATES.map((key) => (
          <button
            key={key}
            type="button"
            aria-pressed={state === key}
            onClick={() => onState(key)}
            data-testid={`ai-card-${key}`}
            className={clsx(
              'panel px-4 py-3 text-left transition-colors hover:border-gold-400 focus-visible:outline-2 focus-visible:outline-gold-500',
              state === key &&
                'border-gold-500 ring-1 ring-gold-500 dark:border-gold-400 dark:ring-gold-400',
            )}
          >
            <span className="block text-xs font-medium tracking-wide text-stone-500 uppercase dark:text-zinc-400">
              {TEXTS.cards[key]}
            </span>
            <span
              className={clsx(
                'mt-1 block text-2xl font-semibold tabular-nums',
                key === 'failed' && (summary?.failed ?? 0) > 0 && 'text-red-700 dark:text-red-400',
              )}
            >
              {summary ? count(summary[key]) : AI_MODERATION_TEXTS.noFigure}
            </span>
            <span className="mt-0.5 block text-xs text-stone-500 dark:text-zinc-400">
              {summary ? hint(key, summary) : '\u00a0'}
            </span>
          </button>
        ))}
      </div>
      <section className="panel px-4 py-3" aria-label={TEXTS.chartTitle} data-testid="ai-rate">
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <div>
            <dt className="text-xs text-stone-500 dark:text-zinc-400">{TEXTS.rate}</dt>
            <dd className="font-semibold tabular-nums">
              {summary ? summary.answers_per_minute.toFixed(2) : AI_MODERATION_TEXTS.noFigure}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-stone-500 dark:text-zinc-400">{TEXTS.latency}</dt>
            <dd className="font-semibold whitespace-nowrap tabular-nums">
              {summary
                ? `${ms(summary.p50_ms)} / ${ms(summary.p95_ms)}`
                : AI_MODERATION_TEXTS.noFigure}
            </dd>
          </div>
        </dl>
        <ol
          className="mt-3 flex h-12 items-end gap-0.5 border-b border-stone-200 dark:border-zinc-700"
          aria-label={TEXTS.chartTitle}
        >
          {summary?.buckets.map((bucket) => {
            const label = TEXTS.chartBar(
              formatTime(bucket.start),
              bucket.calls,
              bucket.failures,
              ms(bucket.p95_ms),
            );
            return (
              <li
                key={bucket.start}
                className="flex h-full flex-1 flex-col justify-end"
                title={label}
              >
                <span className="sr-only">{label}</span>
                <span
                  aria-hidden="true"
                  className="block rounded-sm bg-gold-500/80 dark:bg-gold-400/80"
                  style={{ height: `${((bucket.calls - bucket.failures) / peak) * 100}%` }}
                />
                <span
                  aria-hidden="true"
                  className="block rounded-sm bg-red-500/80"
                  style={{ height: `${(bucket.failures / peak) * 100}%` }}
                />
              </li>
            );
          })}
        </ol>
        <p className="mt-1 text-xs text-stone-500 dark:text-zinc-400">
          {summary ? TEXTS.calls(summary.calls, summary.failures) : '\u00a0'}
        </p>
      </section>
    </div>
  );
}
