import { useState, type FormEvent } from 'react';
import { TWO_FACTOR_TEXTS, TotpCodeSchema, type VerifyRequest } from '../../../contract/two-factor';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { Dialog } from '../../../ui/dialog';
import { FormError } from '../../../ui/form/form-error';
import { TextField } from '../../../ui/form/text-field';
import { TWO_FACTOR_UI_TEXTS as T } from '../two-factor-texts';

/**
 * Asks for proof that the owner is at the keyboard (the password, or a code from the app)
 * before protection is turned down; `onSubmit` sends it and throws the server's refusal.
 */
export function VerifyDialog({
  open,
  title,
  intro,
  confirmLabel,
  busy,
  onSubmit,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  intro: string;
  confirmLabel: string;
  busy: boolean;
  onSubmit: (proof: VerifyRequest) => Promise<void>;
  onClose: () => void;
  children?: React.ReactNode;
}) {
  const [withCode, setWithCode] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  function close() {
    setValue('');
    setError(undefined);
    setFormError(null);
    setWithCode(false);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    let proof: VerifyRequest;
    if (withCode) {
      const checked = TotpCodeSchema.safeParse(value);
      if (!checked.success) {
        setError(checked.error.issues[0]?.message ?? TWO_FACTOR_TEXTS.codeFormat);
        return;
      }
      proof = { code: checked.data };
    } else {
      if (!value) {
        setError(TWO_FACTOR_TEXTS.verifyRequired);
        return;
      }
      proof = { password: value };
    }
    setError(undefined);
    setFormError(null);
    try {
      await onSubmit(proof);
      setValue('');
      setWithCode(false);
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.fields : {};
      const message = fields.password ?? fields.code;
      if (message) setError(message);
      else setFormError(errorMessage(failure));
    }
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={title}
      description={intro}
      busy={busy}
      size="sm"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={close} disabled={busy}>
            {T.cancel}
          </button>
          <button type="submit" form="two-factor-verify" className="btn-primary" disabled={busy}>
            {confirmLabel}
          </button>
        </>
      }
    >
      <form id="two-factor-verify" noValidate onSubmit={submit} className="space-y-3">
        {children}
        <TextField
          // A new element per mode, so the browser offers the right kind of autofill.
          key={withCode ? 'code' : 'password'}
          label={withCode ? T.code : T.password}
          name={withCode ? 'one-time-code' : 'current-password'}
          type={withCode ? 'text' : 'password'}
          autoComplete={withCode ? 'one-time-code' : 'current-password'}
          inputMode={withCode ? 'numeric' : undefined}
          initialFocus
          required
          value={value}
          error={error}
          onChange={(next) => {
            setValue(next);
            setError(undefined);
          }}
        />
        <button
          type="button"
          className="text-sm text-gold-700 underline-offset-2 hover:underline dark:text-gold-400"
          onClick={() => {
            setWithCode(!withCode);
            setValue('');
            setError(undefined);
          }}
        >
          {withCode ? T.usePassword : T.useCode}
        </button>
        <FormError message={formError} />
      </form>
    </Dialog>
  );
}
