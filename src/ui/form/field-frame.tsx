import clsx from 'clsx';
import { useId, type ReactNode } from 'react';

export interface FieldProps {
  label: ReactNode;
  /** The form value's name: the input's name, and the key of its message. */
  name?: string;
  /** The message shown beside the field; marks the input invalid. */
  error?: string | undefined;
  /** A short help line under the input. */
  hint?: ReactNode;
  required?: boolean;
  className?: string;
}

export interface FieldIds {
  id: string;
  describedBy: string | undefined;
  invalid: true | undefined;
}

/**
 * The frame every field shares: a visible label tied to the input, a required mark, and under the
 * input its hint and message, both tied to it with aria-describedby, so a screen reader reads the
 * message when the field gets focus (a refused submit focuses the first refused field).
 */
export function FieldFrame({
  label,
  error,
  hint,
  required,
  className,
  children,
}: FieldProps & { children: (ids: FieldIds) => ReactNode }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={clsx('min-w-0', className)}>
      <label htmlFor={id} className="field-label">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-red-600 dark:text-red-400">
            *
          </span>
        )}
      </label>
      {children({ id, describedBy, invalid: error ? true : undefined })}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-stone-500 dark:text-zinc-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The red ring of an input whose value was refused. */
export const invalidInput =
  'aria-invalid:border-red-500 aria-invalid:focus:border-red-500 aria-invalid:focus:ring-red-500/30';
