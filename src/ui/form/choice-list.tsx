import clsx from 'clsx';
import { useId, useMemo, useState } from 'react';
import { UI_TEXTS as TEXTS } from '../ui-texts';

export interface Choice {
  id: number;
  label: string;
  /** A quiet note after the label (a role, a priority). */
  note?: string | undefined;
}

/**
 * A labelled set of checkboxes with a filter (a pool's services and operators, a customer's
 * services): lists may be long, so the filter narrows what is shown without dropping what is
 * chosen. The chosen ids
 * are the form value (sorted, as the server keeps them).
 */
export function ChoiceList({
  legend,
  hint,
  name,
  choices,
  value,
  onChange,
  error,
  testId,
}: {
  legend: string;
  hint: string;
  name: string;
  choices: readonly Choice[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  error?: string | undefined;
  testId?: string;
}) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const chosen = useMemo(() => new Set(value), [value]);
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return needle
      ? choices.filter((choice) => choice.label.toLowerCase().includes(needle))
      : choices;
  }, [choices, filter]);
  const toggle = (choiceId: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(choiceId);
    else next.delete(choiceId);
    onChange([...next].sort((a, b) => a - b));
  };
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');

  return (
    <fieldset
      className="min-w-0 space-y-2"
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      data-testid={testId}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <legend className="field-label">{legend}</legend>
        <span className="text-xs text-stone-500 dark:text-zinc-400" aria-live="polite">
          {TEXTS.chosen(chosen.size, choices.length)}
        </span>
      </div>
      <p id={`${id}-hint`} className="text-xs text-stone-500 dark:text-zinc-400">
        {hint}
      </p>
      {choices.length > 6 && (
        <input
          type="search"
          className="field-input"
          aria-label={TEXTS.filterChoices(legend)}
          placeholder={TEXTS.filterChoices(legend)}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      )}
      <ul
        className={clsx(
          'max-h-44 divide-y divide-stone-100 overflow-y-auto rounded-md border dark:divide-zinc-800',
          error ? 'border-red-500' : 'border-stone-200 dark:border-zinc-700',
        )}
      >
        {shown.map((choice) => {
          const inputId = `${id}-${choice.id}`;
          return (
            <li key={choice.id} className="flex items-center gap-2.5 px-3 py-1.5">
              <input
                id={inputId}
                type="checkbox"
                name={name}
                value={choice.id}
                className="size-4 shrink-0 accent-gold-500"
                checked={chosen.has(choice.id)}
                onChange={(event) => toggle(choice.id, event.target.checked)}
              />
              <label htmlFor={inputId} className="min-w-0 flex-1 truncate text-sm">
                {choice.label}
                {choice.note && (
                  <span className="ml-2 text-xs text-stone-500 dark:text-zinc-400">
                    {choice.note}
                  </span>
                )}
              </label>
            </li>
          );
        })}
        {shown.length === 0 && (
          <li className="px-3 py-2 text-sm text-stone-500 dark:text-zinc-400">
            {choices.length === 0 ? TEXTS.nothingToChoose : TEXTS.nothingMatches}
          </li>
        )}
      </ul>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
