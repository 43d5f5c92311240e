import { useState, type FormEvent } from 'react';
import { TWO_FACTOR_TEXTS } from '../../../contract/two-factor';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { signInWithSecondFactor } from '../api/second-factor-calls';
import { Spinner } from './auth-card';
import { focusOnMount } from '../../../lib/focus-on-mount';

export const SECOND_FACTOR_TEXTS = {
  intro: 'Enter the 6-digit code from your authenticator app.',
  recoveryIntro:
    'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each works once.',
  code: 'Authentication code',
  recoveryCode: 'Recovery code',
  submit: 'Verify',
  useRecovery: 'Use a recovery code',
  useApp: 'Use the authenticator app',
  back: 'Back to sign-in',
} as const;

/**
 * The second sign-in step, after a correct password of a user with two-factor sign-in: no
 * session exists yet, only the challenge, which the server keeps for 5 minutes. An expired
 * challenge sends the user back to the password (`onRestart`).
 */
export function SecondFactorForm({
  challenge,
  username,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  username: string;
  onSignedIn: (redirect: string) => Promise<void>;
  onRestart: () => void;
}) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) {
      setError(recovery ? TWO_FACTOR_TEXTS.recoveryRequired : TWO_FACTOR_TEXTS.codeRequired);
      return;
    }
    if (!recovery && !/^\d{6}$/.test(typed.replace(/\s+/g, ''))) {
      setError(TWO_FACTOR_TEXTS.codeFormat);
      return;
    }
    setError(undefined);
    setSubmitting(true);
    try {
      const { redirect } = await signInWithSecondFactor({ challenge, code: typed, recovery });
      await onSignedIn(redirect);
    } catch (failure) {
      setSubmitting(false);
      if (failure instanceof ApiError && failure.code === 'gone') {
        notify.error(failure.message);
        onRestart();
        return;
      }
      if (failure instanceof ApiError && failure.status === 401) {
        setError(failure.message);
        setCode('');
        return;
      }
      notify.error(errorMessage(failure));
    }
  }

  const id = recovery ? 'recovery-code' : 'one-time-code';
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <p className="text-sm text-stone-600 dark:text-zinc-400">
        {recovery ? SECOND_FACTOR_TEXTS.recoveryIntro : SECOND_FACTOR_TEXTS.intro} Signing in as{' '}
        <strong>{username}</strong>.
      </p>
      <div>
        <label htmlFor={id} className="field-label">
          {recovery ? SECOND_FACTOR_TEXTS.recoveryCode : SECOND_FACTOR_TEXTS.code}
        </label>
        <input
          // A new element per mode: the browser offers one-time codes only for the app's code.
          key={id}
          id={id}
          name={id}
          ref={focusOnMount}
          autoComplete={recovery ? 'off' : 'one-time-code'}
          inputMode={recovery ? 'text' : 'numeric'}
          spellCheck={false}
          maxLength={recovery ? 64 : 7}
          className="field-input font-mono tracking-widest"
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        {error && (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="btn-primary w-full" disabled={submitting}>
        {submitting && <Spinner label="Verifying" />}
        {SECOND_FACTOR_TEXTS.submit}
      </button>
      <div className="flex justify-between gap-3 text-sm">
        <button
          type="button"
          className="text-gold-700 underline-offset-2 hover:underline dark:text-gold-400"
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
            setError(undefined);
          }}
        >
          {recovery ? SECOND_FACTOR_TEXTS.useApp : SECOND_FACTOR_TEXTS.useRecovery}
        </button>
        <button
          type="button"
          className="text-stone-600 underline-offset-2 hover:underline dark:text-zinc-400"
          onClick={onRestart}
        >
          {SECOND_FACTOR_TEXTS.back}
        </button>
      </div>
    </form>
  );
}
