import { useState } from 'react';
import { confirmedCount } from '../../../contract/discard';
import { errorMessage } from '../../../lib/api-client';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { FormError } from '../../../ui/form/form-error';
import { TextField } from '../../../ui/form/text-field';
import { DISCARD_UI_TEXTS as TEXTS } from '../discard-texts';

/**
 * The last step before a bulk discard: the number of items typed back. Discard stays disabled
 * until what was typed is that number (separators allowed), so a discard of the wrong filter
 * needs more than a stray click or Enter.
 */
export function ConfirmDiscardDialog({
  count,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  count: number | null;
  busy: boolean;
  error: unknown;
  onConfirm: (confirmation: string) => void;
  onCancel: () => void;
}) {
  const [typed, setTyped] = useState('');
  if (count === null) return null;
  const matches = confirmedCount(typed) === count;
  const close = () => {
    setTyped('');
    onCancel();
  };
  return (
    <ConfirmDialog
      open
      title={TEXTS.confirmTitle}
      description={TEXTS.confirmDescription(count)}
      confirmLabel={TEXTS.confirm}
      busyLabel={TEXTS.confirming}
      tone="danger"
      busy={busy}
      testId="confirm-discard"
      onCancel={close}
      onConfirm={() => {
        if (matches) onConfirm(typed);
      }}
      confirmDisabled={!matches}
    >
      <div className="space-y-3">
        <TextField
          label={TEXTS.confirmLabel(count)}
          hint={TEXTS.confirmHint}
          name="confirmation"
          inputMode="numeric"
          autoComplete="off"
          initialFocus
          value={typed}
          onChange={setTyped}
        />
        <FormError message={error ? errorMessage(error) : null} />
      </div>
    </ConfirmDialog>
  );
}
