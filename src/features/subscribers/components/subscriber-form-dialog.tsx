import { SubscriberFormSchema, type SubscriberRow } from '../../../contract/subscribers';
import { Dialog } from '../../../ui/dialog';
import { SwitchField } from '../../../ui/form/switch-field';
import { FormError } from '../../../ui/form/form-error';
import { FormActions } from '../../../ui/form/form-actions';
import { TextareaField, TextField } from '../../../ui/form/text-field';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { useUpdateSubscriber } from '../api/update-subscriber';
import { SUBSCRIBERS_TEXTS as TEXTS } from '../subscribers-texts';

/**
 * Edit a subscriber's display name and notes, block or unblock it, checked with the schema the
 * server checks the request with. Mounted per opening, so it starts from the row it edits.
 */
export function SubscriberFormDialog({
  subscriber,
  onClose,
  onSaved,
}: {
  subscriber: SubscriberRow;
  onClose: () => void;
  onSaved: (row: SubscriberRow) => void;
}) {
  const form = useZodForm(SubscriberFormSchema, {
    name: subscriber.name,
    notes: subscriber.notes,
    blocked: subscriber.blocked,
  });
  const update = useUpdateSubscriber();
  const submit = form.handleSubmit(async (body) => {
    onSaved(await update.mutateAsync({ id: subscriber.id, body }));
  });
  const busy = form.submitting;
  return (
    <Dialog
      open
      onClose={onClose}
      busy={busy}
      size="lg"
      title={TEXTS.editTitle(subscriber.name)}
      description={TEXTS.externalId(subscriber.external_id, subscriber.service_name)}
      testId="subscriber-form-dialog"
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
        <TextField
          label={TEXTS.fields.name}
          required
          autoComplete="off"
          initialFocus
          hint={TEXTS.fields.nameHint}
          {...form.field('name')}
        />
        <TextareaField
          label={TEXTS.fields.notes}
          hint={TEXTS.fields.notesHint}
          {...form.field('notes')}
        />
        <SwitchField
          label={TEXTS.fields.blocked}
          hint={TEXTS.fields.blockedHint}
          {...form.field('blocked')}
        />
        <FormError message={form.formError} />
        <FormActions
          busy={busy}
          submitLabel={TEXTS.save}
          busyLabel={TEXTS.saving}
          cancelLabel={TEXTS.cancel}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
