import clsx from 'clsx';
import { Check, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { CUSTOM_TAG_MAX_LENGTH, MODERATION_TEXTS, type TagOption } from '../../../contract/content';
import { checkCustomTag, formatTagLabel } from '../moderation-rules';
import { focusOnMount } from '../../../lib/focus-on-mount';

const chipBase =
  'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-medium transition-colors';
const chipOff =
  'border-stone-300 bg-white text-stone-700 hover:border-gold-500 hover:bg-gold-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:bg-zinc-800';
const chipOn =
  'border-gold-500 bg-gold-500 text-zinc-950 hover:bg-gold-400 dark:border-gold-400 dark:bg-gold-400';

/** The add-one-custom-tag form behind 'Add +' (SPEC §2, §5: at most 50 characters). */
function CustomTagForm({
  onSave,
  onCancel,
}: {
  onSave: (value: string) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const tooLong = text.trim().length > CUSTOM_TAG_MAX_LENGTH;
  const shownError = tooLong ? checkCustomTag(text) : error ? { ok: false, error } : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    const checked = checkCustomTag(text);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    onSave(checked.value);
  }

  return (
    <form onSubmit={submit} className="flex w-full flex-col gap-1" noValidate>
      <div className="flex items-center gap-1.5">
        <label htmlFor={inputId} className="sr-only">
          Custom tag
        </label>
        <input
          id={inputId}
          ref={focusOnMount}
          value={text}
          placeholder="Custom tag"
          aria-invalid={shownError && !shownError.ok ? true : undefined}
          aria-describedby={`${inputId}-hint`}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              onCancel();
            }
          }}
          className="field-input h-8 min-w-0 flex-1 py-1 text-xs"
        />
        <button
          type="submit"
          className="btn-primary h-8 px-2.5 py-1 text-xs"
          disabled={tooLong}
          aria-label="Add custom tag"
        >
          <Check aria-hidden="true" className="size-3.5" />
          Add
        </button>
        <button
          type="button"
          className="btn-ghost h-8 px-2 py-1 text-xs"
          onClick={onCancel}
          aria-label="Cancel custom tag"
        >
          <X aria-hidden="true" className="size-3.5" />
        </button>
      </div>
      <p
        id={`${inputId}-hint`}
        className={clsx(
          'text-xs',
          shownError && !shownError.ok ? 'field-error mt-0' : 'text-stone-500 dark:text-zinc-400',
        )}
        aria-live="polite"
      >
        {shownError && !shownError.ok
          ? shownError.error
          : `${text.trim().length}/${CUSTOM_TAG_MAX_LENGTH} characters`}
      </p>
    </form>
  );
}

/**
 * Tag chips of one card: the service's tag options (toggle), the custom tag, and 'Add +' when
 * dynamic tags are enabled and no custom tag exists yet (one per item). The first nine chips show
 * the digit that toggles them from the keyboard.
 */
export function TagChips({
  tags,
  customTag,
  dynamicTags,
  onToggle,
  onCustomTag,
}: {
  tags: readonly TagOption[];
  customTag: string | null;
  dynamicTags: boolean;
  onToggle: (name: string) => void;
  onCustomTag: (value: string | null) => void;
}) {
  const [adding, setAdding] = useState(false);
  const custom = (customTag ?? '').trim();
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      {tags.length === 0 && !custom && !dynamicTags && (
        <span className="text-xs text-stone-500 dark:text-zinc-400">{MODERATION_TEXTS.noTags}</span>
      )}
      {tags.map((tag, index) => (
        <button
          key={tag.name}
          type="button"
          aria-pressed={tag.selected}
          onClick={() => onToggle(tag.name)}
          className={clsx(chipBase, tag.selected ? chipOn : chipOff)}
        >
          {index < 9 && (
            <kbd
              aria-hidden="true"
              className={clsx(
                'font-mono text-[10px]',
                tag.selected ? 'text-zinc-900/70' : 'text-stone-400 dark:text-zinc-500',
              )}
            >
              {index + 1}
            </kbd>
          )}
          {formatTagLabel(tag.name)}
        </button>
      ))}
      {custom && (
        <span className={clsx(chipBase, chipOn, 'pr-1')}>
          {custom}
          <button
            type="button"
            onClick={() => onCustomTag(null)}
            className="rounded-full p-0.5 hover:bg-black/10"
            aria-label={`Remove custom tag ${custom}`}
          >
            <X aria-hidden="true" className="size-3" />
          </button>
        </span>
      )}
      {dynamicTags && !custom && !adding && (
        <button
          type="button"
          onClick={() => setAdding(true)}
          className={clsx(chipBase, chipOff, 'border-dashed')}
        >
          {MODERATION_TEXTS.addTag}
        </button>
      )}
      {dynamicTags && !custom && adding && (
        <CustomTagForm
          onCancel={() => setAdding(false)}
          onSave={(value) => {
            onCustomTag(value);
            setAdding(false);
          }}
        />
      )}
    </div>
  );
}
