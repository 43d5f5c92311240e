import { useMemo } from 'react';
import { z } from 'zod';
import {
  SETTINGS,
  SETTING_GROUP_LABELS,
  type SettingGroup,
  type SettingKey,
  type SettingRow,
} from '../../../contract/settings';
import { notify } from '../../../lib/notices';
import { FormError } from '../../../ui/form/form-error';
import { useZodForm, type FieldBinding } from '../../../ui/form/use-zod-form';
import { useSaveSettings } from '../api/save-settings';
import { formatSeconds, retrySpanSeconds } from '../settings-format';
import { SETTINGS_TEXTS as TEXTS } from '../settings-texts';
import { PinnedSetting, SettingField, type SettingInputValue } from './setting-field';

type FormValues = Record<string, SettingInputValue>;

/** What the input holds: the schedule as editable text, a secret empty (write-only). */
function inputValue(row: SettingRow): SettingInputValue {
  if (row.type === 'secret') return '';
  if (Array.isArray(row.value)) return row.value.join(', ');
  return row.value ?? undefined;
}

/**
 * The schedule being edited, as people read it, with how long an item is retried before it is
 * Stuck Failed (with the max attempts being edited, or in force when pinned).
 */
function summarizeSchedule(values: FormValues, rows: SettingRow[]): string | undefined {
  const schedule = SETTINGS.delivery_retry_schedule_seconds.schema.safeParse(
    values.delivery_retry_schedule_seconds ??
      rows.find((row) => row.key === 'delivery_retry_schedule_seconds')?.value,
  );
  const attempts = SETTINGS.delivery_max_attempts.schema.safeParse(
    values.delivery_max_attempts ?? rows.find((row) => row.key === 'delivery_max_attempts')?.value,
  );
  if (!schedule.success || !attempts.success) return undefined;
  return TEXTS.scheduleSpan(
    schedule.data.map(formatSeconds).join(', '),
    formatSeconds(retrySpanSeconds(schedule.data, attempts.data)),
  );
}

/**
 * One group of settings and its Save. The values are checked with the schemas the server checks
 * them with (src/contract/settings.ts); pinned settings are shown, never sent; a secret left
 * empty is left as it is. The server's refusals show beside their fields.
 */
export function SettingsGroupForm({ group, rows }: { group: SettingGroup; rows: SettingRow[] }) {
  const editable = rows.filter((row) => !row.pinned);
  const schema = useMemo(
    () =>
      z.object(
        Object.fromEntries(editable.map((row) => [row.key, SETTINGS[row.key].schema])),
      ) as unknown as z.ZodType<Record<string, unknown>, FormValues>,
    // The form is remounted when the rows change (see SettingsPage), so the keys are fixed here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const form = useZodForm(
    schema,
    Object.fromEntries(editable.map((row) => [row.key, inputValue(row)])),
  );
  const save = useSaveSettings();
  const scheduleSummary = summarizeSchedule(form.values, rows);
  const headingId = `settings-${group}-heading`;

  const onValid = async (parsed: Record<string, unknown>) => {
    const body: Record<string, unknown> = {};
    for (const row of editable) {
      const value = parsed[row.key];
      if (row.type === 'secret' && value === '') continue;
      body[row.key] = value;
    }
    if (Object.keys(body).length === 0) {
      notify.info(TEXTS.nothingChanged);
      return;
    }
    await save.mutateAsync(body);
    notify.success(TEXTS.saved);
  };

  return (
    <section className="panel p-6" aria-labelledby={headingId} data-group={group}>
      <h2 id={headingId} className="mb-4 text-base font-semibold">
        {SETTING_GROUP_LABELS[group]}
      </h2>
      <form noValidate onSubmit={form.handleSubmit(onValid)} className="space-y-5">
        <div className="grid gap-x-6 gap-y-5 md:grid-cols-2">
          {rows.map((row) =>
            row.pinned ? (
              <PinnedSetting key={row.key} row={row} />
            ) : (
              <SettingField
                key={row.key}
                row={row}
                scheduleSummary={row.type === 'seconds' ? scheduleSummary : undefined}
                binding={
                  form.field(row.key as SettingKey & string) as FieldBinding<SettingInputValue>
                }
              />
            ),
          )}
        </div>
        <FormError message={form.formError} />
        {editable.length > 0 && (
          <div className="flex justify-end">
            <button type="submit" className="btn-primary" disabled={form.submitting}>
              {form.submitting ? TEXTS.saving : TEXTS.save}
            </button>
          </div>
        )}
      </form>
    </section>
  );
}
