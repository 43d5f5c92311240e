import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { TWO_FACTOR_TEXTS, TotpCodeSchema, twoFactorEndpoints } from '../../../contract/two-factor';
import { ApiError, api, errorMessage } from '../../../lib/api-client';
import { FormError } from '../../../ui/form/form-error';
import { TextField } from '../../../ui/form/text-field';
import { useConfirmSetup } from '../api/two-factor-calls';
import { TWO_FACTOR_UI_TEXTS as T } from '../two-factor-texts';
import { copyText } from './recovery-codes';

/**
 * Setting up: a fresh key as a QR code and as text, then a code from the app to prove the app
 * has it. The key is asked for once per mount (a query, so a double render asks once); the
 * server keeps only the latest key it handed out, and it counts once confirmed.
 */
export function SetupSteps({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const setup = useQuery({
    queryKey: ['two-factor', 'setup'],
    queryFn: async () => (await api.call(twoFactorEndpoints.startSetup, {})).data,
    staleTime: Infinity,
    gcTime: 0,
    // The key is a secret: never in localStorage, and never shown to the next user of the tab.
    meta: { persist: false },
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const confirm = useConfirmSetup();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = TotpCodeSchema.safeParse(code);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? TWO_FACTOR_TEXTS.codeFormat);
      return;
    }
    setError(undefined);
    setFormError(null);
    try {
      onEnabled(await confirm.mutateAsync(checked.data));
    } catch (failure) {
      if (failure instanceof ApiError && failure.fields.code) setError(failure.fields.code);
      else setFormError(errorMessage(failure));
    }
  }

  if (setup.isPending) {
    return (
      <p role="status" className="text-sm text-stone-500 dark:text-zinc-400">
        Preparing a key…
      </p>
    );
  }
  if (setup.isError) return <FormError message={errorMessage(setup.error)} />;

  const { qr_svg: qrSvg, secret } = setup.data;
  const grouped = secret.match(/.{1,4}/g)?.join(' ') ?? secret;
  return (
    <div className="space-y-4">
      <p className="text-sm text-stone-600 dark:text-zinc-400">{T.scan}</p>
      {/* Always dark on white with its quiet zone, in both themes: scanners need the contrast. */}
      <div
        role="img"
        aria-label={T.qrLabel}
        className="mx-auto size-44 rounded-md bg-white p-1 ring-1 ring-stone-200 dark:ring-zinc-700 [&>svg]:size-full"
        // The server draws the SVG with the qrcode library from the key alone: paths, no text.
        dangerouslySetInnerHTML={{ __html: qrSvg }}
      />
      <div>
        <p className="field-label">{T.manualKey}</p>
        <div className="flex items-center gap-2">
          <code
            data-testid="two-factor-key"
            className="min-w-0 flex-1 rounded-md bg-stone-100 px-2.5 py-1.5 font-mono text-sm break-all dark:bg-zinc-800"
          >
            {grouped}
          </code>
          <button type="button" className="btn-secondary shrink-0" onClick={() => copyText(secret)}>
            {T.copyKey}
          </button>
        </div>
      </div>
      <form noValidate onSubmit={onSubmit} className="space-y-3">
        <TextField
          label={T.code}
          name="one-time-code"
          required
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          value={code}
          error={error}
          onChange={(value) => {
            setCode(value);
            setError(undefined);
          }}
        />
        <FormError message={formError} />
        <button type="submit" className="btn-primary w-full" disabled={confirm.isPending}>
          {confirm.isPending ? T.confirming : T.confirm}
        </button>
      </form>
    </div>
  );
}
