import { Loader2 } from 'lucide-react';
import { errorMessage } from '../../../lib/api-client';
import { SANDBOX_TEXTS as TEXTS } from '../demo-texts';

/** The sandbox while its samples load, or why they did not. */
export function SandboxLoading() {
  return (
    <div
      role="status"
      className="panel flex items-center justify-center gap-2 px-6 py-16 text-sm text-stone-600 dark:text-zinc-400"
    >
      <Loader2 aria-hidden="true" className="size-4 motion-safe:animate-spin" />
      {TEXTS.loading}
    </div>
  );
}

export function SandboxFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="panel flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm text-red-800 dark:text-red-300"
    >
      {TEXTS.loadFailed(errorMessage(error))}
      <button type="button" className="btn-secondary py-1.5" onClick={onRetry}>
        {TEXTS.retry}
      </button>
    </div>
  );
}
