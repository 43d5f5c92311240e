import {
  ROTATION_OVERLAP_DEFAULT_HOURS,
  ROTATION_OVERLAP_MAX_HOURS,
  RotateSecretRequestSchema,
  type ServiceRow,
} from '../../../contract/services';
import { Dialog } from '../../../ui/dialog';
import { FormError } from '../../../ui/form/form-error';
import { FormActions } from '../../../ui/form/form-actions';
import { NumberField } from '../../../ui/form/number-field';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { useRotateSecret, type RotatedSecret } from '../api/service-mutations';
import { SERVICES_TEXTS } from '../services-texts';

const TEXTS = SERVICES_TEXTS.rotate_;

/** Asks for the overlap, then rotates; the new secret is shown by the page's SecretDialog. */
export function RotateSecretDialog({
  service,
  onClose,
  onRotated,
}: {
  service: ServiceRow;
  onClose: () => void;
  onRotated: (rotated: RotatedSecret) => void;
}) {
  const form = useZodForm(RotateSecretRequestSchema, {
    overlap_hours: ROTATION_OVERLAP_DEFAULT_HOURS,
  });
  const rotate = useRotateSecret();
  const submit = form.handleSubmit(async (body) => {
    onRotated(await rotate.mutateAsync({ id: service.id, body }));
  });
  const busy = form.submitting;
  return (
    <Dialog
      open
      onClose={onClose}
      busy={busy}
      size="md"
      title={TEXTS.title(service.name)}
      description={TEXTS.description}
      testId="rotate-secret-dialog"
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
        <NumberField
          label={TEXTS.overlap}
          min={0}
          max={ROTATION_OVERLAP_MAX_HOURS}
          hint={TEXTS.overlapHint}
          {...form.field('overlap_hours')}
          value={form.values.overlap_hours as number | undefined}
        />
        <FormError message={form.formError} />
        <FormActions
          busy={busy}
          submitLabel={TEXTS.confirm}
          busyLabel={TEXTS.busy}
          cancelLabel={SERVICES_TEXTS.cancel}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
