import { useId } from 'react';
import {
  AI_DECIDES_ALONE,
  AI_PROVIDERS,
  PRIORITY_MAX,
  PRIORITY_MIN,
  SLA_MINUTES_DEFAULT,
  SLA_MINUTES_MAX,
  SLA_MINUTES_MIN,
  ServiceFormSchema,
  type ServiceFormInput,
  type ServiceRow,
} from '../../../contract/services';
import { TREATMENTS, TREATMENT_LABELS } from '../../../contract/wellbeing';
import { Dialog } from '../../../ui/dialog';
import { CheckboxField } from '../../../ui/form/checkbox-field';
import { SwitchField } from '../../../ui/form/switch-field';
import { FormError } from '../../../ui/form/form-error';
import { FormActions } from '../../../ui/form/form-actions';
import { NumberField } from '../../../ui/form/number-field';
import { SelectField } from '../../../ui/form/select-field';
import { TextField } from '../../../ui/form/text-field';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { useCreateService, useUpdateService, type CreatedService } from '../api/service-mutations';
import { SERVICES_TEXTS as TEXTS } from '../services-texts';
import type { TagEditorState } from '../tag-options';
import { TagOptionsEditor } from './tag-options-editor';

/** What the dialog edits: a new service, or an existing one. */
export type ServiceFormTarget = { mode: 'create' } | { mode: 'edit'; service: ServiceRow };

function initialValues(target: ServiceFormTarget): ServiceFormInput {
  if (target.mode === 'create') {
    return {
      code: '',
      name: '',
      active: true,
      priority: 0,
      tags: [],
      submit_without_tags: false,
      enable_dynamic_tags: false,
      ai_provider: 'default',
      ai_decides_alone: 'never',
      sla_minutes: SLA_MINUTES_DEFAULT,
      ai_word_lists: {},
      callback_url: '',
      protect_operators: 'none',
    };
  }
  const { service } = target;
  const names = new Set(service.tags.map((tag) => tag.name));
  // A list for a tag the service no longer offers would be refused on save: it is dropped.
  const wordLists = Object.fromEntries(
    Object.entries(service.ai_word_lists).filter(([name]) => names.has(name)),
  );
  return {
    code: service.code,
    name: service.name,
    active: service.active,
    priority: service.priority,
    tags: service.tags.map((tag) => ({ ...tag })),
    submit_without_tags: service.submit_without_tags,
    enable_dynamic_tags: service.enable_dynamic_tags,
    ai_provider: service.ai_provider,
    ai_decides_alone: service.ai_decides_alone,
    sla_minutes: service.sla_minutes,
    ai_word_lists: wordLists,
    callback_url: service.callback_url ?? '',
    protect_operators: service.protect_operators,
  };
}

/**
 * Create and edit a service, checked with the schema the server checks the request with
 * (ServiceFormSchema); the server's answers (a taken or fixed code, a refused callback URL) show
 * beside their fields. Mounted per opening, so it starts from the row it edits.
 */
export function ServiceFormDialog({
  target,
  onClose,
  onCreated,
  onSaved,
}: {
  target: ServiceFormTarget;
  onClose: () => void;
  onCreated: (created: CreatedService) => void;
  onSaved: (service: ServiceRow) => void;
}) {
  const formId = useId();
  const form = useZodForm(ServiceFormSchema, initialValues(target));
  const create = useCreateService();
  const update = useUpdateService();
  const editing = target.mode === 'edit' ? target.service : null;

  const submit = form.handleSubmit(async (values) => {
    if (editing) {
      onSaved(await update.mutateAsync({ id: editing.id, body: values }));
    } else {
      onCreated(await create.mutateAsync(values));
    }
  });

  const tagState: TagEditorState = {
    tags: form.values.tags,
    wordLists: form.values.ai_word_lists,
  };
  const setTags = (next: TagEditorState) => {
    form.setFields({ tags: next.tags, ai_word_lists: next.wordLists });
  };

  const busy = form.submitting;
  return (
    <Dialog
      open
      onClose={onClose}
      busy={busy}
      size="lg"
      className="sm:max-w-3xl"
      closeLabel={TEXTS.close}
      title={editing ? TEXTS.editTitle(editing.name) : TEXTS.createTitle}
      testId="service-form-dialog"
      footer={
        <FormActions
          busy={busy}
          submitLabel={editing ? TEXTS.save : TEXTS.create}
          busyLabel={editing ? TEXTS.saving : TEXTS.creating}
          cancelLabel={TEXTS.cancel}
          onCancel={onClose}
          form={formId}
          inRow={false}
        />
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => void submit(event)}
        className="space-y-4 px-5 py-4"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={TEXTS.fields.name}
            required
            autoComplete="off"
            initialFocus
            {...form.field('name')}
          />
          <TextField
            label={TEXTS.fields.code}
            required
            autoComplete="off"
            readOnly={editing?.code_locked}
            hint={editing?.code_locked ? TEXTS.fields.codeLockedHint : TEXTS.fields.codeHint}
            {...form.field('code')}
          />
        </div>
        <TextField
          label={TEXTS.fields.callbackUrl}
          type="url"
          autoComplete="off"
          placeholder="https://example.com/moderation-results"
          hint={TEXTS.fields.callbackHint}
          {...form.field('callback_url')}
          value={typeof form.values.callback_url === 'string' ? form.values.callback_url : ''}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberField
            label={TEXTS.fields.priority}
            required
            min={PRIORITY_MIN}
            max={PRIORITY_MAX}
            hint={TEXTS.fields.priorityHint}
            {...form.field('priority')}
            value={form.values.priority as number | undefined}
          />
          <SelectField
            label={TEXTS.fields.aiProvider}
            required
            hint={TEXTS.fields.aiProviderHint}
            options={AI_PROVIDERS.map((value) => ({ value, label: TEXTS.aiProviders[value] }))}
            {...form.field('ai_provider')}
          />
          <NumberField
            label={TEXTS.fields.slaMinutes}
            required
            min={SLA_MINUTES_MIN}
            max={SLA_MINUTES_MAX}
            hint={TEXTS.fields.slaMinutesHint}
            {...form.field('sla_minutes')}
            value={form.values.sla_minutes as number | undefined}
          />
          <SelectField
            label={TEXTS.fields.aiDecidesAlone}
            required
            hint={TEXTS.fields.aiDecidesAloneHint}
            options={AI_DECIDES_ALONE.map((value) => ({
              value,
              label: TEXTS.aiDecidesAlone[value],
            }))}
            {...form.field('ai_decides_alone')}
          />
          <SelectField
            label={TEXTS.fields.protectOperators}
            hint={TEXTS.fields.protectOperatorsHint}
            options={TREATMENTS.map((value) => ({ value, label: TREATMENT_LABELS[value] }))}
            {...form.field('protect_operators')}
          />
        </div>
        <TagOptionsEditor value={tagState} onChange={setTags} errors={form.errors} />
        <div className="grid gap-3 sm:grid-cols-2">
          <CheckboxField
            label={TEXTS.fields.submitWithoutTags}
            {...form.field('submit_without_tags')}
          />
          <CheckboxField label={TEXTS.fields.dynamicTags} {...form.field('enable_dynamic_tags')} />
        </div>
        <SwitchField
          label={TEXTS.fields.active}
          hint={TEXTS.fields.activeHint}
          {...form.field('active')}
        />
        <FormError message={form.formError} />
      </form>
    </Dialog>
  );
}
