import clsx from 'clsx';
import type { AiAgreement } from '../../../contract/ai-review';
import { AI_MODERATION_TEXTS as TEXTS } from '../ai-review-texts';

/** Tag names as small chips; none reads SAFE (the AI found nothing) or the given word. */
export function TagChips({ tags, empty }: { tags: readonly string[]; empty?: string }) {
  if (tags.length === 0) {
    return (
      <span
        className="text-xs font-medium text-stone-500 dark:text-zinc-400"
        title={TEXTS.safeHint}
      >
        {empty ?? TEXTS.safe}
      </span>
    );
  }
  return (
    <span className="flex flex-wrap gap-1">
      {tags.map((tag) => (
        <span
          key={tag}
          className="rounded bg-stone-100 px-1.5 py-0.5 font-mono text-xs whitespace-nowrap text-stone-800 dark:bg-zinc-800 dark:text-zinc-200"
        >
          {tag}
        </span>
      ))}
    </span>
  );
}

const TONES: Record<AiAgreement, string> = {
  agree: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-300',
  disagree: 'bg-red-50 text-red-800 dark:bg-red-500/10 dark:text-red-300',
  undecided: 'bg-stone-100 text-stone-700 dark:bg-zinc-800 dark:text-zinc-300',
  ai_alone: 'bg-gold-50 text-gold-900 dark:bg-gold-500/10 dark:text-gold-300',
};

export function AgreementBadge({ agreement }: { agreement: AiAgreement }) {
  return (
    <span
      className={clsx(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        TONES[agreement],
      )}
    >
      {TEXTS.agreement[agreement]}
    </span>
  );
}
