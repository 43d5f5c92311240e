import clsx from 'clsx';
import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { MAX_TAGS } from '../../../contract/services';
import { invalidInput } from '../../../ui/form/field-frame';
import { SERVICES_TEXTS } from '../services-texts';
import {
  addTag,
  hotkeyOf,
  moveTag,
  relabelTag,
  removeTag,
  renameTag,
  setWords,
  wordsToText,
  type TagEditorState,
} from '../tag-options';

const TEXTS = SERVICES_TEXTS.tags;

/**
 * The ordered tag options of a service with their labels and AI words. The order is the hotkey
 * order, so it is shown as the hotkey badge; Move up / Move down buttons (and Alt+Arrow keys in a
 * row's fields) reorder, keeping the focus on the moved tag, and a live region says where it went.
 */
export function TagOptionsEditor({
  value,
  onChange,
  errors,
}: {
  value: TagEditorState;
  onChange: (next: TagEditorState) => void;
  /** The form's messages, keyed like 'tags.1.name'. */
  errors: Record<string, string>;
}) {
  const baseId = useId();
  const list = useRef<HTMLOListElement>(null);
  const [announcement, setAnnouncement] = useState('');
  // After a move or an add, where the focus goes once the list re-rendered with the change.
  const focusTarget = useRef<{ index: number; control: string } | null>(null);
  const setFocusTarget = (target: { index: number; control: string }) => {
    focusTarget.current = target;
  };

  useEffect(() => {
    const target = focusTarget.current;
    if (!target) return;
    focusTarget.current = null;
    list.current
      ?.querySelector<HTMLElement>(
        `[data-row="${target.index}"] [data-control="${target.control}"]`,
      )
      ?.focus();
  });

  const { tags } = value;

  function move(index: number, by: -1 | 1, control: string) {
    const target = index + by;
    if (target < 0 || target >= tags.length) return;
    onChange({ ...value, tags: moveTag(tags, index, by) });
    const name = tags[index]?.name ?? '';
    setAnnouncement(TEXTS.moved(name, target + 1));
    // A button that cannot be pressed any more at the edge hands the focus to its twin.
    const edge = (by === -1 && target === 0) || (by === 1 && target === tags.length - 1);
    const otherControl = control === 'up' ? 'down' : control === 'down' ? 'up' : control;
    setFocusTarget({ index: target, control: edge ? otherControl : control });
  }

  function onRowKeyDown(event: KeyboardEvent<HTMLElement>, index: number, control: string) {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    move(index, event.key === 'ArrowUp' ? -1 : 1, control);
  }

  function add() {
    onChange(addTag(value, { name: '', label: '' }));
    setFocusTarget({ index: tags.length, control: 'name' });
  }

  function remove(index: number) {
    const name = tags[index]?.name ?? '';
    onChange(removeTag(value, index));
    setAnnouncement(TEXTS.removed(name));
    if (tags.length > 1) {
      setFocusTarget({ index: Math.min(index, tags.length - 2), control: 'remove' });
    }
  }

  return (
    <fieldset className="min-w-0" aria-describedby={`${baseId}-hint`}>
      <legend className="field-label">{TEXTS.legend}</legend>
      <p id={`${baseId}-hint`} className="mb-2 text-xs text-stone-500 dark:text-zinc-400">
        {TEXTS.hint}
      </p>
      {tags.length === 0 && (
        <p className="rounded-md border border-dashed border-stone-300 px-3 py-2 text-sm text-stone-600 dark:border-zinc-700 dark:text-zinc-300">
          {TEXTS.none}
        </p>
      )}
      <ol ref={list} className="space-y-2" data-testid="tag-options">
        {tags.map((tag, index) => {
          const nameError = errors[`tags.${index}.name`];
          const labelError = errors[`tags.${index}.label`];
          const rowId = `${baseId}-${index}`;
          const hotkey = hotkeyOf(index);
          const words = value.wordLists[tag.name];
          return (
            <li
              key={index}
              data-row={index}
              data-testid={`tag-option-${index}`}
              className="rounded-md border border-stone-200 p-2 dark:border-zinc-800"
            >
              <div className="flex flex-wrap items-start gap-2 sm:flex-nowrap">
                <span
                  className={clsx(
                    'mt-1.5 inline-flex h-7 min-w-7 shrink-0 items-center justify-center rounded-md px-1.5 text-xs font-semibold',
                    hotkey
                      ? 'bg-gold-100 text-gold-900 dark:bg-gold-500/15 dark:text-gold-300'
                      : 'bg-stone-100 text-stone-500 dark:bg-zinc-800 dark:text-zinc-400',
                  )}
                  title={hotkey ? TEXTS.hotkey(hotkey) : TEXTS.noHotkey}
                >
                  <span aria-hidden="true">{hotkey ?? '–'}</span>
                  <span className="sr-only">{hotkey ? TEXTS.hotkey(hotkey) : TEXTS.noHotkey}</span>
                </span>
                <div className="min-w-0 flex-1">
                  <label htmlFor={`${rowId}-name`} className="sr-only">
                    {`${TEXTS.name} ${index + 1}`}
                  </label>
                  <input
                    id={`${rowId}-name`}
                    data-control="name"
                    className={clsx('field-input', invalidInput)}
                    placeholder={TEXTS.name}
                    autoComplete="off"
                    value={tag.name}
                    aria-invalid={nameError ? true : undefined}
                    aria-describedby={nameError ? `${rowId}-name-error` : undefined}
                    onChange={(event) => onChange(renameTag(value, index, event.target.value))}
                    onKeyDown={(event) => onRowKeyDown(event, index, 'name')}
                  />
                  {nameError && (
                    <p id={`${rowId}-name-error`} className="field-error">
                      {nameError}
                    </p>
                  )}
                </div>
                <div className="min-w-0 flex-1">
                  <label htmlFor={`${rowId}-label`} className="sr-only">
                    {`${TEXTS.label} ${index + 1}`}
                  </label>
                  <input
                    id={`${rowId}-label`}
                    data-control="label"
                    className={clsx('field-input', invalidInput)}
                    placeholder={TEXTS.label}
                    autoComplete="off"
                    value={tag.label}
                    aria-invalid={labelError ? true : undefined}
                    aria-describedby={labelError ? `${rowId}-label-error` : undefined}
                    onChange={(event) => onChange(relabelTag(value, index, event.target.value))}
                    onKeyDown={(event) => onRowKeyDown(event, index, 'label')}
                  />
                  {labelError && (
                    <p id={`${rowId}-label-error`} className="field-error">
                      {labelError}
                    </p>
                  )}
                </div>
                <div className="flex shrink-0 items-center gap-0.5 pt-0.5">
                  <button
                    type="button"
                    data-control="up"
                    className="btn-ghost p-1.5"
                    aria-label={TEXTS.moveUp(tag.name)}
                    title={TEXTS.moveUp(tag.name)}
                    disabled={index === 0}
                    onClick={() => move(index, -1, 'up')}
                  >
                    <ArrowUp aria-hidden="true" className="size-4" />
                  </button>
                  <button
                    type="button"
                    data-control="down"
                    className="btn-ghost p-1.5"
                    aria-label={TEXTS.moveDown(tag.name)}
                    title={TEXTS.moveDown(tag.name)}
                    disabled={index === tags.length - 1}
                    onClick={() => move(index, 1, 'down')}
                  >
                    <ArrowDown aria-hidden="true" className="size-4" />
                  </button>
                  <button
                    type="button"
                    data-control="remove"
                    className="btn-ghost p-1.5 text-red-700 dark:text-red-400"
                    aria-label={TEXTS.remove(tag.name)}
                    title={TEXTS.remove(tag.name)}
                    onClick={() => remove(index)}
                  >
                    <X aria-hidden="true" className="size-4" />
                  </button>
                </div>
              </div>
              {tag.name && (
                <WordsField
                  key={tag.name}
                  id={`${rowId}-words`}
                  label={`${TEXTS.words}: ${tag.name}`}
                  count={words?.length ?? 0}
                  initial={wordsToText(words)}
                  onChange={(text) => onChange(setWords(value, tag.name, text))}
                />
              )}
            </li>
          );
        })}
      </ol>
      {errors.tags && <p className="field-error">{errors.tags}</p>}
      {errors.ai_word_lists && <p className="field-error">{errors.ai_word_lists}</p>}
      <button
        type="button"
        className="btn-secondary mt-2"
        onClick={add}
        disabled={tags.length >= MAX_TAGS}
      >
        <Plus aria-hidden="true" className="size-4" />
        {TEXTS.add}
      </button>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </fieldset>
  );
}

/**
 * One tag's word list, one per line. It keeps its own text, so a line being typed (or an empty
 * last line) is not lost when the words are parsed into the form's list on each change.
 */
function WordsField({
  id,
  label,
  count,
  initial,
  onChange,
}: {
  id: string;
  label: string;
  count: number;
  initial: string;
  onChange: (text: string) => void;
}) {
  const [text, setText] = useState(initial);
  return (
    <details className="mt-1.5 pl-9">
      <summary className="cursor-pointer text-xs text-stone-600 select-none dark:text-zinc-300">
        {`${TEXTS.words} (${count})`}
      </summary>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        className="field-input mt-1"
        value={text}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          setText(event.target.value);
          onChange(event.target.value);
        }}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500 dark:text-zinc-400">
        {TEXTS.wordsHint}
      </p>
    </details>
  );
}
