import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { FORGOT_PASSWORD_TEXTS } from '../../../contract/auth';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { requestPasswordReset } from '../api/auth-calls';
import { AuthCard, Spinner } from './auth-card';
import { focusOnMount } from '../../../lib/focus-on-mount';

export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const empty = email.trim() === '';
    // SPEC §5: an empty address shows the notice, and the request is still posted.
    if (empty) notify.error(FORGOT_PASSWORD_TEXTS.emailRequired);
    setSending(true);
    try {
      await requestPasswordReset(email.trim());
      notify.success(FORGOT_PASSWORD_TEXTS.success);
      setEmail('');
    } catch (error) {
      if (!empty) notify.error(errorMessage(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <AuthCard title={FORGOT_PASSWORD_TEXTS.title}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <p className="text-sm text-stone-600 dark:text-zinc-400">{FORGOT_PASSWORD_TEXTS.hint}</p>
        <div>
          <label htmlFor="email" className="field-label">
            Email
          </label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            ref={focusOnMount}
            className="field-input"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <button type="submit" className="btn-primary w-full" disabled={sending}>
          {sending && <Spinner label="Sending" />}
          Send
        </button>
        <p className="text-center text-sm">
          <Link
            to="/login"
            className="text-gold-700 underline-offset-2 hover:underline dark:text-gold-400"
          >
            Back to sign in
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
