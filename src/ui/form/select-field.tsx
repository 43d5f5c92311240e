import clsx from 'clsx';
import { FieldFrame, invalidInput, type FieldProps } from './field-frame';

export interface SelectOption<V extends string | number> {
  value: V;
  label: string;
  disabled?: boolean;
}

/**
 * A labelled native select (keyboard and screen readers know it; it opens as the platform's own
 * picker on a tablet). `placeholder` adds an empty first choice, reported as ''.
 */
export function SelectField<V extends string | number>({
  label,
  name,
  error,
  hint,
  required,
  className,
  value,
  onChange,
  onBlur,
  options,
  placeholder,
  disabled,
  initialFocus,
}: FieldProps & {
  value: V | '' | null | undefined;
  onChange: (value: V | '') => void;
  onBlur?: () => void;
  options: readonly SelectOption<V>[];
  placeholder?: string;
  disabled?: boolean;
  /** The field a dialog focuses when it opens (its `data-autofocus` marker, see ui/dialog). */
  initialFocus?: boolean;
}) {
  return (
    <FieldFrame {...{ label, error, hint, required, className }}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          name={name}
          required={required}
          disabled={disabled}
          data-autofocus={initialFocus || undefined}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          className={clsx('field-input', invalidInput)}
          value={value === null || value === undefined ? '' : String(value)}
          onChange={(event) => {
            const chosen = options.find((option) => String(option.value) === event.target.value);
            onChange(chosen ? chosen.value : '');
          }}
          onBlur={onBlur}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={String(option.value)} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
