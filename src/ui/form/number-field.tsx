import clsx from 'clsx';
import { useState } from 'react';
import { FieldFrame, invalidInput, type FieldProps } from './field-frame';

/**
 * A labelled number input. It reports a number, or undefined while empty (the browser reports
 * text that is no number yet, such as '-', as empty), and the form's schema says what is wrong.
 */
export function NumberField({
  label,
  name,
  error,
  hint,
  required,
  className,
  value,
  onChange,
  onBlur,
  min,
  max,
  step,
  disabled,
}: FieldProps & {
  value: number | null | undefined;
  onChange: (value: number | undefined) => void;
  onBlur?: () => void;
  min?: number;
  max?: number;
  step?: number;
  disabled?: boolean;
}) {
  const [text, setText] = useState(value === null || value === undefined ? '' : String(value));
  // A value set from outside (a reset, loaded data) replaces what is shown.
  const shown = text === '' ? undefined : Number(text);
  const display = Object.is(shown, value ?? undefined)
    ? text
    : value === null || value === undefined
      ? ''
      : String(value);
  return (
    <FieldFrame {...{ label, error, hint, required, className }}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          name={name}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={step}
          disabled={disabled}
          required={required}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          className={clsx('field-input tabular-nums', invalidInput)}
          value={display}
          onChange={(event) => {
            const next = event.target.value;
            setText(next);
            onChange(next === '' ? undefined : Number(next));
          }}
          onBlur={onBlur}
        />
      )}
    </FieldFrame>
  );
}
