import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import {
  BRAND_LIMITS,
  BrandFormSchema,
  type BrandRow,
  type BrandFormInput,
} from '../../../contract/trials';
import type { SampleSetSummary } from '../../../contract/demo';
import { errorMessage } from '../../../lib/api-client';
import { Dialog } from '../../../ui/dialog';
import { FieldFrame, invalidInput } from '../../../ui/form/field-frame';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { SelectField } from '../../../ui/form/select-field';
import { SwitchField } from '../../../ui/form/switch-field';
import { TextField } from '../../../ui/form/text-field';
import { useZodForm, type FieldBinding } from '../../../ui/form/use-zod-form';
import { readableOn } from '../../trials/brand-theme';
import { trialBrandOptionsQuery, useCreateBrand, useUpdateBrand } from '../api/trial-brand-queries';
import { TRIAL_BRANDS_TEXTS as TEXTS } from '../trial-brands-texts';

export type BrandFormTarget = { mode: 'add' } | { mode: 'edit'; brand: BrandRow };

const HEX = /^#[0-9a-f]{6}$/i;

/** A colour as #rrggbb: the platform's picker beside the text of the value. */
function ColorField({
  label,
  hint,
  binding,
}: {
  label: string;
  hint: string;
  binding: FieldBinding<string>;
}) {
  return (
    <FieldFrame label={label} hint={hint} error={binding.error} required>
      {({ id, describedBy, invalid }) => (
        <div className="flex items-center gap-2">
          <input
            type="color"
            aria-label={TEXTS.colourPicker(label)}
            value={HEX.test(binding.value) ? binding.value.toLowerCase() : '#000000'}
            onChange={(event) => binding.onChange(event.target.value)}
            className="h-9 w-12 shrink-0 cursor-pointer rounded border border-stone-300 bg-white p-0.5 dark:border-zinc-700 dark:bg-zinc-900"
          />
          <input
            id={id}
            name={binding.name}
            value={binding.value}
            maxLength={7}
            spellCheck={false}
            autoComplete="off"
            aria-describedby={describedBy}
            aria-invalid={invalid}
            onChange={(event) => binding.onChange(event.target.value)}
            onBlur={binding.onBlur}
            className={clsx('field-input font-mono', invalidInput)}
          />
        </div>
      )}
    </FieldFrame>
  );
}

function Preview({ values }: { values: BrandFormInput }) {
  const primary = HEX.test(values.primary_color) ? values.primary_color : '#1d4ed8';
  const accent = HEX.test(values.accent_color) ? values.accent_color : '#f59e0b';
  return (
    <figure className="overflow-hidden rounded-md border border-stone-200 dark:border-zinc-800">
      <div
        className="flex items-center gap-2 px-3 py-2 text-sm font-semibold"
        style={{ backgroundColor: primary, color: readableOn(primary) }}
      >
        <span
          aria-hidden="true"
          className="grid size-6 place-items-center rounded-full border-2 border-current text-xs"
        >
          {(values.name || 'B').charAt(0).toUpperCase()}
        </span>
        {values.name || TEXTS.name}
      </div>
      <div className="h-1.5" style={{ backgroundColor: accent }} />
      <figcaption className="px-3 py-1.5 text-xs text-stone-600 dark:text-zinc-400">
        {TEXTS.preview}
      </figcaption>
    </figure>
  );
}

function BrandForm({
  target,
  sets,
  onClose,
  onDone,
}: {
  target: BrandFormTarget;
  sets: readonly SampleSetSummary[];
  onClose: () => void;
  onDone: (brand: BrandRow) => void;
}) {
  const brand = target.mode === 'edit' ? target.brand : undefined;
  const create = useCreateBrand();
  const update = useUpdateBrand();
  const form = useZodForm(BrandFormSchema, {
    slug: brand?.slug ?? '',
    name: brand?.name ?? '',
    primary_color: brand?.primary_color ?? '#1d4ed8',
    accent_color: brand?.accent_color ?? '#f59e0b',
    sample_set: brand?.sample_set ?? '',
    headline: brand?.headline ?? '',
    active: brand?.active ?? true,
  });
  const submit = form.handleSubmit(async (body) =>
    onDone(
      brand ? await update.mutateAsync({ ...body, id: brand.id }) : await create.mutateAsync(body),
    ),
  );
  const chosen = sets.find((set) => set.id === form.values.sample_set);

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={TEXTS.name}
          required
          initialFocus
          autoComplete="off"
          maxLength={BRAND_LIMITS.name}
          {...form.field('name')}
        />
        <TextField
          label={TEXTS.slug}
          required
          autoComplete="off"
          maxLength={BRAND_LIMITS.slug}
          hint={TEXTS.slugHint(form.values.slug.trim().toLowerCase())}
          {...form.field('slug')}
        />
      </div>
      <TextField
        label={TEXTS.headline}
        hint={TEXTS.headlineHint}
        autoComplete="off"
        maxLength={BRAND_LIMITS.headline}
        {...form.field('headline')}
        value={form.values.headline ?? ''}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <ColorField
          label={TEXTS.primary}
          hint={TEXTS.primaryHint}
          binding={form.field('primary_color')}
        />
        <ColorField
          label={TEXTS.accent}
          hint={TEXTS.accentHint}
          binding={form.field('accent_color')}
        />
      </div>
      <Preview values={form.values} />
      <SelectField
        label={TEXTS.set}
        required
        placeholder={TEXTS.setPlaceholder}
        options={sets.map((set) => ({ value: set.id, label: set.title }))}
        hint={chosen ? TEXTS.setHint(chosen.description, chosen.size) : undefined}
        {...form.field('sample_set')}
      />
      <SwitchField
        label={TEXTS.activeLabel}
        hint={TEXTS.activeHint}
        name="active"
        value={form.values.active}
        onChange={(value) => form.setValue('active', value)}
        error={form.errors.active}
      />
      <FormError message={form.formError} />
      <FormActions
        busy={form.submitting}
        submitLabel={brand ? TEXTS.save : TEXTS.create}
        busyLabel={brand ? TEXTS.saving : TEXTS.creating}
        cancelLabel={TEXTS.cancel}
        onCancel={onClose}
      />
    </form>
  );
}

/**
 * Add or edit a trial brand, checked with the schema the server checks the request with; a
 * taken address (409) shows beside the address field.
 */
export function BrandFormDialog({
  target,
  onClose,
  onDone,
}: {
  target: BrandFormTarget;
  onClose: () => void;
  onDone: (brand: BrandRow) => void;
}) {
  const options = useQuery(trialBrandOptionsQuery);
  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={target.mode === 'edit' ? TEXTS.editTitle(target.brand.name) : TEXTS.addTitle}
      testId="brand-form-dialog"
    >
      {options.data ? (
        <BrandForm
          target={target}
          sets={options.data.sample_sets}
          onClose={onClose}
          onDone={onDone}
        />
      ) : options.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-400">
          {TEXTS.optionsFailed(errorMessage(options.error))}
        </p>
      ) : (
        <p className="mt-4 text-sm text-stone-500 dark:text-zinc-400">{TEXTS.loadingOptions}</p>
      )}
    </Dialog>
  );
}
