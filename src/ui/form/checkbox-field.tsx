import clsx from 'clsx';
import { useId, type ReactNode } from 'react';

export interface ToggleProps {
  label: ReactNode;
  name?: string;
  value: boolean;
  onChange: (value: boolean) => void;
  onBlur?: () => void;
  hint?: ReactNode;
  error?: string | undefined;
  disabled?: boolean;
  className?: string;
}

export function ToggleMessage({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="field-error">
      {error}
    </p>
  );
}

/** A labelled checkbox, its hint beside the label and its message under it. */
export function CheckboxField({
  label,
  name,
  value,
  onChange,
  onBlur,
  hint,
  error,
  disabled,
  className,
}: ToggleProps) {
  const id = useId();
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ');
  return (
    <div className={clsx('min-w-0', className)}>
      <div className="flex items-start gap-2.5">
        <input
          id={id}
          name={name}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-gold-500"
          checked={value}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => onChange(event.target.checked)}
          onBlur={onBlur}
        />
        <div>
          <label htmlFor={id} className="text-sm font-medium text-stone-700 dark:text-zinc-300">
            {label}
          </label>
          {hint && (
            <p id={`${id}-hint`} className="text-xs text-stone-500 dark:text-zinc-400">
              {hint}
            </p>
          )}
        </div>
      </div>
      <ToggleMessage id={`${id}-error`} error={error} />
    </div>
  );
}
