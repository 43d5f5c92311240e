import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  TREATMENTS,
  TREATMENT_LABELS,
  WELLBEING_TEXTS,
  type Treatment,
  type WellbeingPrefs,
} from '../../../contract/wellbeing';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { CheckboxField } from '../../../ui/form/checkbox-field';
import { SelectField } from '../../../ui/form/select-field';
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
  const saved = useWellbeingPrefs();
  const [media, setMedia] = useState<Treatment>(saved.media);
  const [sound, setSound] = useState(saved.sound);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const prefs: WellbeingPrefs = await saveWellbeingPrefs({ media, sound });
      queryClient.setQueryData(currentUserQuery.queryKey, (user) =>
        user ? { ...user, wellbeing: prefs } : user,
      );
      void queryClient.invalidateQueries({ queryKey: wellbeingStatusQuery.queryKey });
      setErrors({});
      notify.success(WELLBEING_TEXTS.saved);
    } catch (error) {
      const fields = error instanceof ApiError && error.code === 'validation' ? error.fields : {};
      if (Object.keys(fields).length > 0) setErrors(fields);
      else notify.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  const form = (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <SelectField<Treatment>
        label={WELLBEING_TEXTS.mediaLabel}
        name="media"
        hint={WELLBEING_TEXTS.mediaHint}
        error={errors.media}
        value={media}
        onChange={(value) => setMedia(value === '' ? 'none' : value)}
        options={TREATMENTS.map((value) => ({ value, label: TREATMENT_LABELS[value] }))}
      />
      <CheckboxField
        label={WELLBEING_TEXTS.soundLabel}
        name="sound"
        error={errors.sound}
        value={sound}
        onChange={setSound}
      />
      <button type="submit" className="btn-primary" disabled={saving}>
        Save
      </button>
    </form>
  );
  if (!framed) return form;

  return (
    <section
      className="panel p-6"
      aria-labelledby="wellbeing-heading"
      data-testid="wellbeing-section"
    >
      <h2 id="wellbeing-heading" className="mb-3 text-base font-semibold">
        {WELLBEING_TEXTS.profileTitle}
      </h2>
      {form}
    </section>
  );
}
