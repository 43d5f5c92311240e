import { Search, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { SERVICE_TOKEN_TEXTS } from '../../../contract/service-tokens';
import { TOKEN_PAGE_TEXTS as TEXTS } from '../service-token-page-texts';

/** The toolbar's search box (SPEC §2): placeholder 'Search' and a clear button. */
export function TokenSearchBox({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="relative w-full sm:w-64">
      <label htmlFor={id} className="sr-only">
        {TEXTS.searchLabel}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-stone-400"
      />
      <input
        ref={input}
        id={id}
        type="search"
        placeholder={SERVICE_TOKEN_TEXTS.search}
        autoComplete="off"
        className="field-input pr-8 pl-8 [&::-webkit-search-cancel-button]:hidden"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && value) {
            event.preventDefault();
            onChange('');
          }
        }}
      />
      {value && (
        <button
          type="button"
          aria-label={TEXTS.clearSearch}
          title={TEXTS.clearSearch}
          className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded p-1 text-stone-500 hover:bg-stone-100 dark:text-zinc-400 dark:hover:bg-zinc-800"
          onClick={() => {
            onChange('');
            input.current?.focus();
          }}
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
    </div>
  );
}
