import { RotateCcw } from 'lucide-react';
import type { SandboxSummary } from '../../../contract/demo';
import { SANDBOX_TEXTS as TEXTS } from '../demo-texts';

/**
 * How far the sandbox is: reviewed of total with a bar, the agreement counts, the AI's score,
 * and the Start over button. `accent` colours the bar (a brand's colour on its trial page).
 */
export function SandboxProgress({
  summary,
  accent,
  onReset,
  resetDisabled,
}: {
  summary: SandboxSummary;
  accent: string;
  onReset: () => void;
  resetDisabled: boolean;
}) {
  const share = summary.total === 0 ? 0 : Math.round((summary.reviewed / summary.total) * 100);
  return (
    <div className="panel flex flex-wrap items-center gap-x-5 gap-y-2 px-4 py-3">
      <div className="min-w-48 flex-1">
        <p className="flex items-baseline justify-between text-sm font-semibold">
          <span data-testid="sandbox-progress">
            {TEXTS.progress(summary.reviewed, summary.total)}
          </span>
          <span className="text-xs font-normal text-stone-500 tabular-nums dark:text-zinc-400">
            {share}%
          </span>
        </p>
        <div
          role="progressbar"
          aria-label={TEXTS.progress(summary.reviewed, summary.total)}
          aria-valuemin={0}
          aria-valuemax={summary.total}
          aria-valuenow={summary.reviewed}
          className="mt-1.5 h-2 overflow-hidden rounded-full bg-stone-200 dark:bg-zinc-800"
        >
          <div
            className="h-full rounded-full transition-[width]"
            style={{ width: `${share}%`, backgroundColor: accent }}
          />
        </div>
      </div>
      <p className="text-sm text-stone-600 tabular-nums dark:text-zinc-300">
        {TEXTS.counts(summary.matched, summary.partial, summary.differed)}
      </p>
      <p className="text-sm text-stone-600 tabular-nums dark:text-zinc-300">
        {TEXTS.aiScore(summary.ai_matched, summary.ai_answered)}
      </p>
      <button
        type="button"
        className="btn-secondary py-1.5"
        onClick={onReset}
        disabled={resetDisabled}
      >
        <RotateCcw aria-hidden="true" className="size-4" />
        {TEXTS.reset}
      </button>
    </div>
  );
}
