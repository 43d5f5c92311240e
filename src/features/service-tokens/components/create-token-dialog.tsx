import { useId, useState, type FormEvent } from 'react';
import { SERVICE_TOKEN_TEXTS, type ServiceOption } from '../../../contract/service-tokens';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Dialog } from '../../../ui/dialog';
import { useCreateServiceToken, type CreatedServiceToken } from '../api/create-service-token';
import { useServiceOptions } from '../api/get-service-options';
import { TOKEN_PAGE_TEXTS as TEXTS } from '../service-token-page-texts';

/**
 * The first two steps of the creation flow (SPEC §2): pick a service and press Create, then
 * answer the confirmation question with Yes, which posts the request. `onCreated` gets the
 * answer, raw token included, for the result dialog.
 */
export function CreateTokenDialog({
  open,
  onCancel,
  onCreated,
}: {
  open: boolean;
  onCancel: () => void;
  onCreated: (created: CreatedServiceToken, service: ServiceOption) => void;
}) {
  const services = useServiceOptions({ enabled: open });
  const create = useCreateServiceToken();
  const [serviceId, setServiceId] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const selectId = useId();
  const selected = services.data?.find((service) => String(service.id) === serviceId);

  function reset() {
    setServiceId('');
    setConfirming(false);
    setError(null);
    create.reset();
  }

  function cancel() {
    if (create.isPending) return;
    reset();
    onCancel();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!selected) {
      setError(SERVICE_TOKEN_TEXTS.serviceRequired);
      notify.error(SERVICE_TOKEN_TEXTS.serviceRequired);
      return;
    }
    setConfirming(true);
  }

  function confirm() {
    if (!selected) return;
    create.mutate(selected.id, {
      onSuccess: (created) => {
        reset();
        onCreated(created, selected);
      },
      onError: (failure) => {
        setConfirming(false);
        notify.error(`${SERVICE_TOKEN_TEXTS.errorPrefix}${errorMessage(failure)}`);
      },
    });
  }

  if (confirming && selected) {
    return (
      <ConfirmDialog
        key="confirm"
        open={open}
        title={TEXTS.confirmTitle}
        description={TEXTS.confirmQuestion(selected.name)}
        confirmLabel={TEXTS.yes}
        cancelLabel={TEXTS.no}
        busy={create.isPending}
        busyLabel={TEXTS.creating}
        // The question's answer is the next thing to do: start there.
        focus="confirm"
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
        testId="create-token-confirm"
      />
    );
  }

  return (
    <Dialog
      key="pick"
      open={open}
      title={TEXTS.createTitle}
      onClose={cancel}
      testId="create-token-dialog"
    >
      <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
        <div>
          <label htmlFor={selectId} className="field-label">
            {TEXTS.serviceLabel}
          </label>
          <select
            id={selectId}
            className="field-input"
            value={serviceId}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${selectId}-error` : undefined}
            onChange={(event) => {
              setServiceId(event.target.value);
              setError(null);
            }}
            data-autofocus
          >
            <option value="">
              {services.isPending ? TEXTS.loadingServices : TEXTS.servicePlaceholder}
            </option>
            {services.data?.map((service) => (
              <option key={service.id} value={String(service.id)}>
                {service.name}
              </option>
            ))}
          </select>
          {error && (
            <p id={`${selectId}-error`} className="field-error">
              {error}
            </p>
          )}
          {services.isError && (
            <p role="alert" className="field-error">
              {TEXTS.servicesFailed(errorMessage(services.error))}{' '}
              <button type="button" className="underline" onClick={() => void services.refetch()}>
                {TEXTS.retry}
              </button>
            </p>
          )}
          {services.data?.length === 0 && (
            <p className="mt-1 text-xs text-stone-500 dark:text-zinc-400">{TEXTS.noServices}</p>
          )}
        </div>
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" className="btn-secondary" onClick={cancel}>
            {TEXTS.cancel}
          </button>
          <button type="submit" className="btn-primary" disabled={!selected}>
            {TEXTS.create}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
