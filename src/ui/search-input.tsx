import clsx from 'clsx';
import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { UI_TEXTS } from './ui-texts';
import { SEARCH_DEBOUNCE_MS } from './use-debounced-value';

/**
 * A search box that reports what was typed once typing has paused (`delay`, 500 ms by default;
 * 0 reports every keystroke, for lists filtered on the client). Clearing, with the × button or
 * Escape, reports '' at once. The label is for assistive technology; the placeholder shows.
 *
 * `value` is the applied search (for example from the URL): when it changes from outside (back
 * button, a shared link, a reset), the box follows it.
 */
export function SearchInput({
  value,
  onChange,
  label,
  placeholder = UI_TEXTS.search,
  clearLabel = UI_TEXTS.clearSearch,
  delay = SEARCH_DEBOUNCE_MS,
  className,
  size = 'md',
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
  clearLabel?: string;
  delay?: number;
  className?: string;
  size?: 'sm' | 'md';
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(value);
  // The last value this box reported or was given, and the last `value` seen. Only a change of
  // `value` to something this box did not report is an outside change: until the screen has
  // applied what was typed (a URL update takes a moment), `value` still holds the old search.
  // The screen may also trim what it was given ('pho ' applied as 'pho'): no outside change
  // either, and the box keeps the space the user is typing on from.
  const [applied, setApplied] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== applied && value !== applied.trim()) {
      setApplied(value);
      setText(value);
    }
  }

  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  });

  useEffect(() => {
    if (text === applied) return;
    const apply = () => {
      setApplied(text);
      report.current(text);
    };
    if (delay <= 0 || text === '') {
      apply();
      return;
    }
    const timer = window.setTimeout(apply, delay);
    return () => window.clearTimeout(timer);
  }, [text, applied, delay]);

  function clear() {
    setText('');
    setApplied('');
    report.current('');
  }

  return (
    <div className={clsx('relative w-full', className ?? 'sm:w-64')}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-stone-400"
      />
      <input
        ref={input}
        id={id}
        type="search"
        placeholder={placeholder}
        autoComplete="off"
        className={clsx(
          'field-input pr-8 pl-8 [&::-webkit-search-cancel-button]:hidden',
          size === 'sm' && 'py-1.5',
        )}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && text) {
            // Clear the box only; a dialog around it stays open.
            event.preventDefault();
            event.stopPropagation();
            clear();
          }
        }}
      />
      {text && (
        <button
          type="button"
          aria-label={clearLabel}
          title={clearLabel}
          className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded p-1 text-stone-500 hover:bg-stone-100 dark:text-zinc-400 dark:hover:bg-zinc-800"
          onClick={() => {
            clear();
            input.current?.focus();
          }}
        >
          <X aria-hidden="true" className={size === 'sm' ? 'size-3.5' : 'size-4'} />
        </button>
      )}
    </div>
  );
}
