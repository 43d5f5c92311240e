import clsx from 'clsx';
import { useId } from 'react';

export interface FilterOption {
  value: string;
  label: string;
}

/**
 * A list filter's choice in a toolbar, beside the search boxes: a native select (keyboard,
 * screen readers and the tablet's own picker know it) whose label is for assistive technology,
 * like SearchInput's; the first option is "no filter" and reports ''. Forms use SelectField.
 */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
  allLabel,
  className,
}: {
  label: string;
  /** The applied value; '' or undefined for none. */
  value: string | undefined;
  onChange: (value: string) => void;
  options: readonly FilterOption[];
  /** The "no filter" choice, e.g. 'All actions'. */
  allLabel: string;
  className?: string;
}) {
  const id = useId();
  const known = value === undefined || value === '' || options.some((o) => o.value === value);
  return (
    <div className={clsx('w-full sm:w-auto', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        className="field-input py-2 pr-8"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {/* A value from a shared link that this build does not list still shows as chosen. */}
        {!known && <option value={value}>{value}</option>}
      </select>
    </div>
  );
}
