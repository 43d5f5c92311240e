import { LoaderCircle } from 'lucide-react';
import {
  ROTATION_OVERLAP_DEFAULT_HOURS,
  ROTATION_OVERLAP_MAX_HOURS,
  RotateSecretRequestSchema,
  type ServiceRow,
} from '../../../contract/services';
import { Dialog } from '../../../ui/dialog';
import { FormError } from '../../../ui/form/form-error';
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
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <button type="button" className="btn-secondary" disabled={busy} onClick={onClose}>
            {SERVICES_TEXTS.cancel}
          </button>
          <button
            type="submit"
            className="btn-primary"
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {busy && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
            {busy ? TEXTS.busy : TEXTS.confirm}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
