import clsx from 'clsx';
import { formatTagLabel } from '../../moderation/moderation-rules';
import { HISTORY_TEXTS as TEXTS } from '../history-texts';

const chip = 'inline-flex items-center rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap';

/**
 * The tags a decision applied, and its custom tag, as chips; 'No tag' when none applied. In a
 * table row (`inline`) they stay on one line, so rows keep one height.
 */
export function DecisionTags({
  tags,
  additional,
  inline = false,
}: {
  tags: string[];
  additional: string | null;
  inline?: boolean;
}) {
  if (tags.length === 0 && additional === null) {
    return <span className="text-stone-500 dark:text-zinc-400">{TEXTS.noTags}</span>;
  }
  return (
    <span className={clsx('gap-1', inline ? 'inline-flex' : 'flex flex-wrap')}>
      {tags.map((tag) => (
        <span
          key={tag}
          className={clsx(chip, 'bg-gold-100 text-gold-900 dark:bg-gold-400/15 dark:text-gold-200')}
        >
          {formatTagLabel(tag)}
        </span>
      ))}
      {additional !== null && (
        <span
          className={clsx(
            chip,
            'border border-dashed border-stone-300 text-stone-700 dark:border-zinc-600 dark:text-zinc-200',
          )}
        >
          {TEXTS.customTag(additional)}
        </span>
      )}
    </span>
  );
}
