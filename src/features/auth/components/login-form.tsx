import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { LOGIN_TEXTS } from '../../../contract/auth';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { CheckboxField } from '../../../ui/form/checkbox-field';
import { login } from '../api/auth-calls';
import { currentUserQuery } from '../api/current-user';
import { AuthCard, Spinner } from './auth-card';
import { SecondFactorForm } from './second-factor-form';
import { useReloadAfterFocusChanges } from './use-reload-after-focus-changes';
import { focusOnMount } from '../../../lib/focus-on-mount';

export function LoginForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  // Off by default: on a shared machine the session should end when the browser closes.
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const [submitting, setSubmitting] = useState(false);
  /** Set when the password was right and the account needs its second factor. */
  const [challenge, setChallenge] = useState<string | null>(null);
  useReloadAfterFocusChanges();

  async function enter(redirect: string) {
    // 'all': the cached "nobody signed in" answer has no observer on this page, and the
    // signed-in area's guard reads the cache, so it must hold the user before navigating.
    await queryClient.invalidateQueries({
      queryKey: currentUserQuery.queryKey,
      refetchType: 'all',
    });
    await navigate({ to: redirect });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = {
      ...(username.trim() ? {} : { username: LOGIN_TEXTS.usernameRequired }),
      ...(password ? {} : { password: LOGIN_TEXTS.passwordRequired }),
    };
    setErrors(found);
    if (found.username || found.password) return;
    setSubmitting(true);
    try {
      const answer = await login({ username: username.trim(), password, remember });
      if ('second_factor' in answer) {
        setChallenge(answer.second_factor.challenge);
        setPassword('');
        setSubmitting(false);
        return;
      }
      await enter(answer.redirect);
    } catch (error) {
      notify.error(errorMessage(error));
      setSubmitting(false);
    }
  }

  if (challenge) {
    return (
      <AuthCard title={LOGIN_TEXTS.title}>
        <SecondFactorForm
          challenge={challenge}
          username={username.trim()}
          onSignedIn={enter}
          onRestart={() => setChallenge(null)}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={LOGIN_TEXTS.title}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <div>
          <label htmlFor="username" className="field-label">
            Username
          </label>
          <input
            id="username"
            name="username"
            autoComplete="username"
            ref={focusOnMount}
            className="field-input"
            value={username}
            aria-invalid={errors.username ? true : undefined}
            aria-describedby={errors.username ? 'username-error' : undefined}
            onChange={(event) => setUsername(event.target.value)}
          />
          {errors.username && (
            <p id="username-error" className="field-error">
              {errors.username}
            </p>
          )}
        </div>
        <div>
          <label htmlFor="password" className="field-label">
            Password
          </label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            className="field-input"
            value={password}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? 'password-error' : undefined}
            onChange={(event) => setPassword(event.target.value)}
          />
          {errors.password && (
            <p id="password-error" className="field-error">
              {errors.password}
            </p>
          )}
        </div>
        <CheckboxField
          name="remember"
          label={LOGIN_TEXTS.rememberMe}
          value={remember}
          onChange={setRemember}
        />
        <button type="submit" className="btn-primary w-full" disabled={submitting}>
          {submitting && <Spinner label="Signing in" />}
          Login
        </button>
        <p className="text-center text-sm">
          <Link
            to="/forgot-password"
            className="text-gold-700 underline-offset-2 hover:underline dark:text-gold-400"
          >
            Forgot password?
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
