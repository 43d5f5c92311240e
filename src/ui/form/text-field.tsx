import clsx from 'clsx';
import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { FieldFrame, invalidInput, type FieldProps } from './field-frame';

type InputExtras = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'placeholder' | 'autoComplete' | 'maxLength' | 'disabled' | 'inputMode' | 'readOnly'
>;

/** A labelled one-line text input (text, email, password, url). */
export function TextField({
  label,
  name,
  error,
  hint,
  required,
  className,
  value,
  onChange,
  onBlur,
  type = 'text',
  initialFocus,
  ...input
}: FieldProps &
  InputExtras & {
    /** The field a dialog focuses when it opens (its `data-autofocus` marker, see ui/dialog). */
    initialFocus?: boolean;
    value: string;
    onChange: (value: string) => void;
    onBlur?: () => void;
    type?: 'text' | 'email' | 'password' | 'url' | 'tel';
  }) {
  return (
    <FieldFrame {...{ label, error, hint, required, className }}>
      {({ id, describedBy, invalid }) => (
        <input
          {...input}
          data-autofocus={initialFocus || undefined}
          id={id}
          name={name}
          type={type}
          required={required}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          className={clsx('field-input', invalidInput)}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      )}
    </FieldFrame>
  );
}

/** A labelled multi-line text input. */
export function TextareaField({
  label,
  name,
  error,
  hint,
  required,
  className,
  value,
  onChange,
  onBlur,
  rows = 3,
  ...input
}: FieldProps &
  Pick<TextareaHTMLAttributes<HTMLTextAreaElement>, 'placeholder' | 'maxLength' | 'disabled'> & {
    value: string;
    onChange: (value: string) => void;
    onBlur?: () => void;
    rows?: number;
  }) {
  return (
    <FieldFrame {...{ label, error, hint, required, className }}>
      {({ id, describedBy, invalid }) => (
        <textarea
          {...input}
          id={id}
          name={name}
          rows={rows}
          required={required}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          className={clsx('field-input', invalidInput)}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      )}
    </FieldFrame>
  );
}
