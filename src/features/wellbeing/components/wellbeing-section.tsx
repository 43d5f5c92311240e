import { useQueryClient } from '@tanstack/react-query';
import {
  TREATMENTS,
  TREATMENT_LABELS,
  WELLBEING_TEXTS,
  WellbeingPrefsSchema,
  type Treatment,
} from '../../../contract/wellbeing';
import { notify } from '../../../lib/notices';
import { CheckboxField } from '../../../ui/form/checkbox-field';
import { FormError } from '../../../ui/form/form-error';
import { SelectField } from '../../../ui/form/select-field';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { currentUserQuery } from '../../auth/api/current-user';
import {
  saveWellbeingPrefs,
  useWellbeingPrefs,
  wellbeingStatusQuery,
} from '../api/wellbeing-calls';

/**
 * The profile's wellbeing choices: how sensitive media shows until revealed, and whether video
 * and audio play with sound. Saved on the server; the current user is updated at once, so every
 * card drawn afterwards follows the new choice.
 */
export function WellbeingSection({ framed = true }: { framed?: boolean }) {
  const queryClient = useQueryClient();
  const form = useZodForm(WellbeingPrefsSchema, useWellbeingPrefs());
  const submit = form.handleSubmit(async (values) => {
    const prefs = await saveWellbeingPrefs(values);
    queryClient.setQueryData(currentUserQuery.queryKey, (user) =>
      user ? { ...user, wellbeing: prefs } : user,
    );
    void queryClient.invalidateQueries({ queryKey: wellbeingStatusQuery.queryKey });
    notify.success(WELLBEING_TEXTS.saved);
  });

  const fields = (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <FormError message={form.formError} />
      <SelectField<Treatment>
        label={WELLBEING_TEXTS.mediaLabel}
        hint={WELLBEING_TEXTS.mediaHint}
        options={TREATMENTS.map((value) => ({ value, label: TREATMENT_LABELS[value] }))}
        {...form.field('media')}
      />
      <CheckboxField label={WELLBEING_TEXTS.soundLabel} {...form.field('sound')} />
      <button type="submit" className="btn-primary" disabled={form.submitting}>
        Save
      </button>
    </form>
  );
  if (!framed) return fields;

  return (
    <section
      className="panel p-6"
      aria-labelledby="wellbeing-heading"
      data-testid="wellbeing-section"
    >
      <h2 id="wellbeing-heading" className="mb-3 text-base font-semibold">
        {WELLBEING_TEXTS.profileTitle}
      </h2>
      {fields}
    </section>
  );
}
