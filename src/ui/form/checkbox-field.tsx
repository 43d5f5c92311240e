import { Field, Label, Description, Switch } from '@headlessui/react';
import clsx from 'clsx';
import { useId, type ReactNode } from 'react';

interface ToggleProps {
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

function Message({ id, error }: { id: string; error: string | undefined }) {
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
      <Message id={`${id}-error`} error={error} />
    </div>
  );
}

/** An on/off switch (Headless UI Switch) for settings that take effect as a state, not an answer. */
export function SwitchField({
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
  const errorId = useId();
  return (
    <Field disabled={disabled} className={clsx('min-w-0', className)}>
      <div className="flex items-center justify-between gap-4">
        <div>
          <Label className="text-sm font-medium text-stone-700 dark:text-zinc-300">{label}</Label>
          {hint && (
            <Description className="text-xs text-stone-500 dark:text-zinc-400">{hint}</Description>
          )}
        </div>
        <Switch
          name={name}
          checked={value}
          onChange={onChange}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-errormessage={error ? errorId : undefined}
          className="group relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-stone-300 transition-colors data-checked:bg-gold-500 data-disabled:cursor-not-allowed data-disabled:opacity-50 dark:bg-zinc-700 dark:data-checked:bg-gold-500"
        >
          <span
            aria-hidden="true"
            className="inline-block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform group-data-checked:translate-x-[1.375rem]"
          />
        </Switch>
      </div>
      <Message id={errorId} error={error} />
    </Field>
  );
}
