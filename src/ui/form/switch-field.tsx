import { Field, Label, Description, Switch } from '@headlessui/react';
import clsx from 'clsx';
import { useId } from 'react';
import { ToggleMessage, type ToggleProps } from './checkbox-field';

// Apart from checkbox-field.tsx so that a form with checkboxes only (the sign-in page) does not
// load the Headless UI switch.
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
      <ToggleMessage id={errorId} error={error} />
    </Field>
  );
}
