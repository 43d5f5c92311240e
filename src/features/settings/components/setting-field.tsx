import { Lock } from 'lucide-react';
import type { SettingRow } from '../../../contract/settings';
import { formatDateTime } from '../../../lib/dates';
import { SwitchField } from '../../../ui/form/switch-field';
import { NumberField } from '../../../ui/form/number-field';
import { SelectField } from '../../../ui/form/select-field';
import { TextField } from '../../../ui/form/text-field';
import type { FieldBinding } from '../../../ui/form/use-zod-form';
import { formatSettingValue } from '../settings-format';
import { SETTINGS_TEXTS as TEXTS } from '../settings-texts';

const muted = 'text-xs text-stone-500 dark:text-zinc-400';

/** Default, range and last change: the lines under every setting. */
function SettingFacts({ row }: { row: SettingRow }) {
  const facts = [
    row.type === 'secret' ? null : TEXTS.defaultIs(formatSettingValue(row, row.default)),
    row.type === 'number' && row.min !== null && row.max !== null
      ? TEXTS.range(row.min, row.max, row.unit ?? '')
      : null,
    row.updated_at ? TEXTS.changedBy(row.updated_by, formatDateTime(row.updated_at)) : null,
  ].filter((fact): fact is string => fact !== null);
  return <p className={`mt-1 ${muted}`}>{facts.join(' · ')}</p>;
}

/** A setting the environment pins: its value, read-only, and which variable to change. */
export function PinnedSetting({ row }: { row: SettingRow }) {
  return (
    <div className="min-w-0" data-setting={row.key}>
      <p className="field-label">{row.label}</p>
      <div className="flex flex-wrap items-center gap-2 rounded-md border border-dashed border-stone-300 px-3 py-2 text-sm dark:border-zinc-700">
        <span className="font-medium tabular-nums">{formatSettingValue(row, row.value)}</span>
        <span
          className="inline-flex items-center gap-1 rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-700 dark:bg-zinc-800 dark:text-zinc-300"
          title={TEXTS.pinnedHint(row.env)}
        >
          <Lock aria-hidden="true" className="size-3" />
          {TEXTS.pinnedBy(row.env)}
        </span>
      </div>
      <p className={`mt-1 ${muted}`}>{row.description}</p>
      <SettingFacts row={row} />
    </div>
  );
}

export type SettingInputValue = number | boolean | string | undefined;

/** The input for one editable setting, chosen by its type. */
export function SettingField({
  row,
  binding,
  scheduleSummary,
}: {
  row: SettingRow;
  binding: FieldBinding<SettingInputValue>;
  /** The retry schedule: its waits and how long an item is retried in all. */
  scheduleSummary?: string | undefined;
}) {
  const hint = (
    <>
      {row.description}
      <SettingFacts row={row} />
    </>
  );
  const common = {
    label: row.label,
    name: binding.name,
    error: binding.error,
    onBlur: binding.onBlur,
    hint,
  };
  switch (row.type) {
    case 'number':
      return (
        <NumberField
          {...common}
          value={typeof binding.value === 'number' ? binding.value : undefined}
          onChange={binding.onChange}
          min={row.min ?? undefined}
          max={row.max ?? undefined}
          step={row.integer ? 1 : 0.1}
        />
      );
    case 'boolean':
      return (
        <SwitchField
          {...common}
          value={binding.value === true}
          onChange={(value) => binding.onChange(value)}
        />
      );
    case 'choice':
      return (
        <SelectField
          {...common}
          value={typeof binding.value === 'string' ? binding.value : ''}
          onChange={binding.onChange}
          options={(row.options ?? []).map((option) => ({ value: option, label: option }))}
        />
      );
    case 'secret':
      return (
        <TextField
          {...common}
          label={
            <>
              {row.label}{' '}
              <span className="ml-1 rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-700 dark:bg-zinc-800 dark:text-zinc-300">
                {row.is_set ? TEXTS.secretSet : TEXTS.secretNotSet}
              </span>
            </>
          }
          type="password"
          autoComplete="new-password"
          placeholder={row.is_set ? TEXTS.secretPlaceholderSet : TEXTS.secretPlaceholderNotSet}
          value={typeof binding.value === 'string' ? binding.value : ''}
          onChange={binding.onChange}
        />
      );
    case 'seconds':
      return (
        <TextField
          {...common}
          className="md:col-span-2"
          hint={
            <>
              {TEXTS.scheduleHint} {row.description}
              {scheduleSummary && (
                <span className="mt-1 block tabular-nums">{scheduleSummary}</span>
              )}
              <SettingFacts row={row} />
            </>
          }
          value={typeof binding.value === 'string' ? binding.value : ''}
          onChange={binding.onChange}
        />
      );
    default:
      return (
        <TextField
          {...common}
          type={row.type === 'url' ? 'url' : 'text'}
          value={typeof binding.value === 'string' ? binding.value : ''}
          onChange={binding.onChange}
        />
      );
  }
}
