import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { NewPasswordSchema } from '../../../contract/auth';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { checkResetToken, resetPassword } from '../api/auth-calls';
import { AuthCard, Spinner } from './auth-card';
import { focusOnMount } from '../../../lib/focus-on-mount';

export const RESET_TEXTS = {
  title: 'Choose a new password',
  mismatch: 'The two passwords do not match',
  done: 'Your password has been changed. Sign in with the new password.',
} as const;

export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const status = useQuery({
    queryKey: ['auth', 'reset-token', token],
    queryFn: () => checkResetToken(token),
    retry: false,
    staleTime: Infinity,
  });
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = NewPasswordSchema.safeParse(password);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? null);
    if (password !== confirmation) return setError(RESET_TEXTS.mismatch);
    setError(null);
    setSaving(true);
    try {
      await resetPassword(token, password);
      notify.success(RESET_TEXTS.done);
      await navigate({ to: '/login' });
    } catch (failure) {
      notify.error(errorMessage(failure));
      setSaving(false);
    }
  }

  if (status.isPending) {
    return (
      <AuthCard title={RESET_TEXTS.title}>
        <p className="flex items-center gap-2 text-sm">
          <Spinner label="Checking the link" /> Checking the reset link...
        </p>
      </AuthCard>
    );
  }
  if (status.isError) {
    return (
      <AuthCard title={RESET_TEXTS.title}>
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(status.error)}
        </p>
        <p className="mt-4 text-center text-sm">
          <Link to="/forgot-password" className="text-gold-700 hover:underline dark:text-gold-400">
            Ask for a new link
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={RESET_TEXTS.title}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <p className="text-sm text-stone-600 dark:text-zinc-400">
          For user <strong>{status.data.data.username}</strong>.
        </p>
        <div>
          <label htmlFor="new-password" className="field-label">
            New password
          </label>
          <input
            id="new-password"
            type="password"
            autoComplete="new-password"
            ref={focusOnMount}
            className="field-input"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor="confirm-password" className="field-label">
            Repeat the new password
          </label>
          <input
            id="confirm-password"
            type="password"
            autoComplete="new-password"
            className="field-input"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
          />
        </div>
        {error && (
          <p role="alert" className="field-error">
            {error}
          </p>
        )}
        <button type="submit" className="btn-primary w-full" disabled={saving}>
          {saving && <Spinner label="Saving" />}
          Set password
        </button>
      </form>
    </AuthCard>
  );
}
