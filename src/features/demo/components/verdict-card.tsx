import clsx from 'clsx';
import { Bot, CheckCircle2, CircleSlash, MinusCircle } from 'lucide-react';
import type { Agreement, SampleItem, SampleSetSummary, Verdict } from '../../../contract/demo';
import { formatTagLabel } from '../../moderation/moderation-rules';
import { AGREEMENT_LABELS, AI_AGREEMENT_LABELS, SANDBOX_TEXTS as TEXTS } from '../demo-texts';

const AGREEMENT_STYLE: Record<Agreement, string> = {
  match:
    'border-emerald-300 bg-emerald-50 text-emerald-800 dark:border-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-300',
  partial:
    'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-200',
  differ:
    'border-red-300 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-300',
};

const AGREEMENT_ICON = { match: CheckCircle2, partial: MinusCircle, differ: CircleSlash };

export function AgreementBadge({ agreement }: { agreement: Agreement }) {
  const Icon = AGREEMENT_ICON[agreement];
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold',
        AGREEMENT_STYLE[agreement],
      )}
      data-agreement={agreement}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {AGREEMENT_LABELS[agreement]}
    </span>
  );
}

function labelOf(set: SampleSetSummary, name: string): string {
  return set.tags.find((tag) => tag.name === name)?.label ?? formatTagLabel(name);
}

function Tags({
  names,
  set,
  empty,
  highlight,
}: {
  names: readonly string[] | null;
  set: SampleSetSummary;
  empty: string;
  /** Tags to mark as not in the reference. */
  highlight?: readonly string[];
}) {
  if (names === null || names.length === 0) {
    return <span className="text-stone-500 dark:text-zinc-400">{empty}</span>;
  }
  return (
    <span className="flex flex-wrap gap-1">
      {names.map((name) => (
        <span
          key={name}
          className={clsx(
            'rounded-full border px-2 py-0.5 text-xs font-medium',
            highlight?.includes(name)
              ? 'border-dashed border-stone-400 text-stone-700 dark:border-zinc-500 dark:text-zinc-300'
              : 'border-gold-500 bg-gold-100 text-gold-900 dark:border-gold-500/60 dark:bg-gold-500/15 dark:text-gold-200',
          )}
        >
          {labelOf(set, name)}
        </span>
      ))}
    </span>
  );
}

/**
 * A decided sample: the decision beside the reference result and the AI's suggestion, how they
 * agree, and why the reference decides as it does. Takes the place of the sample's card.
 */
export function VerdictCard({
  sample,
  set,
  serviceName,
  verdict,
}: {
  sample: SampleItem;
  set: SampleSetSummary;
  /** The service line of the sample's card, which this card replaces. */
  serviceName: string;
  verdict: Verdict;
}) {
  const headingId = `verdict-${sample.id}-heading`;
  return (
    <article
      aria-labelledby={headingId}
      className="panel flex min-w-0 flex-col gap-3 p-4"
      data-verdict-id={sample.id}
    >
      <header className="flex flex-wrap items-start gap-2">
        <h2 id={headingId} className="min-w-0 flex-1 text-sm font-semibold">
          #{sample.id} · {serviceName}
        </h2>
        <AgreementBadge agreement={verdict.agreement} />
      </header>
      {sample.message_type === 'text' ? (
        <blockquote className="line-clamp-3 border-l-2 border-stone-300 pl-3 text-sm text-stone-600 dark:border-zinc-700 dark:text-zinc-300">
          {sample.content}
        </blockquote>
      ) : (
        <img
          src={sample.content}
          alt={`Content item ${sample.id}, decided`}
          className="h-28 w-full rounded-md bg-stone-100 object-contain dark:bg-zinc-950"
        />
      )}
      <dl className="grid grid-cols-[max-content_1fr] items-start gap-x-4 gap-y-2 text-sm">
        <dt className="text-xs font-semibold text-stone-600 dark:text-zinc-300">
          {TEXTS.yourDecision}
        </dt>
        <dd className="min-w-0">
          <Tags names={verdict.tags} set={set} empty={TEXTS.noTags} highlight={verdict.extra} />
          {verdict.custom_tag && (
            <span className="mt-1 block text-xs text-stone-500 dark:text-zinc-400">
              {TEXTS.customTag(verdict.custom_tag)}
            </span>
          )}
        </dd>
        <dt className="text-xs font-semibold text-stone-600 dark:text-zinc-300">
          {TEXTS.reference}
        </dt>
        <dd className="min-w-0">
          <Tags names={verdict.reference_tags} set={set} empty={TEXTS.noTags} />
        </dd>
        <dt className="inline-flex items-center gap-1 text-xs font-semibold text-stone-600 dark:text-zinc-300">
          <Bot aria-hidden="true" className="size-3.5" />
          {TEXTS.aiSuggested}
        </dt>
        <dd className="flex min-w-0 flex-wrap items-center gap-2">
          <Tags
            names={verdict.ai_tags}
            set={set}
            empty={verdict.ai_tags === null ? TEXTS.noAi : TEXTS.noTags}
          />
          {verdict.ai_agreement && (
            <span className="text-xs text-stone-500 dark:text-zinc-400">
              ({AI_AGREEMENT_LABELS[verdict.ai_agreement]})
            </span>
          )}
        </dd>
      </dl>
      {(verdict.missed.length > 0 || verdict.extra.length > 0) && (
        <p className="text-xs text-stone-600 dark:text-zinc-300">
          {verdict.missed.length > 0 && (
            <span className="mr-3">
              {TEXTS.missed}:{' '}
              <strong>{verdict.missed.map((name) => labelOf(set, name)).join(', ')}</strong>
            </span>
          )}
          {verdict.extra.length > 0 && (
            <span>
              {TEXTS.extra}:{' '}
              <strong>{verdict.extra.map((name) => labelOf(set, name)).join(', ')}</strong>
            </span>
          )}
        </p>
      )}
      <p className="rounded-md bg-stone-50 px-3 py-2 text-sm text-stone-700 dark:bg-zinc-950/60 dark:text-zinc-300">
        <span className="font-semibold">{TEXTS.why}: </span>
        {verdict.reasoning}
      </p>
    </article>
  );
}
