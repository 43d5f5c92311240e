import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { NewPasswordSchema } from '../../../contract/auth';
import { landingPath } from '../../../contract/routes';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { changePassword } from '../api/auth-calls';
import { currentUserQuery, fetchCurrentUser } from '../api/current-user';
import { useSignOut } from '../api/use-sign-out';
import { AuthCard, Spinner } from './auth-card';
import { focusOnMount } from '../../../lib/focus-on-mount';

export const CHOOSE_PASSWORD_TEXTS = {
  title: 'Choose your password',
  intro:
    'You signed in with a one-time password from an administrator. Choose your own password to continue.',
  current: 'One-time password',
  currentRequired: 'Enter the one-time password you were given',
  next: 'New password',
  repeat: 'Repeat the new password',
  mismatch: 'The two new passwords do not match',
  sameAsOld: 'Choose a password other than the one-time password',
  done: 'Your password has been changed.',
  submit: 'Set password',
  signOut: 'Sign out',
} as const;

type Field = 'current_password' | 'new_password' | 'repeat';

/**
 * The first screen after signing in with a one-time password: until the user has chosen their
 * own password the server answers nothing else, so this stands outside the signed-in layout.
 */
export function ChoosePasswordForm({ username }: { username: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const [values, setValues] = useState<Record<Field, string>>({
    current_password: '',
    new_password: '',
    repeat: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!values.current_password) found.current_password = CHOOSE_PASSWORD_TEXTS.currentRequired;
    const checked = NewPasswordSchema.safeParse(values.new_password);
    if (!checked.success) found.new_password = checked.error.issues[0]?.message ?? '';
    else if (values.new_password === values.current_password) {
      found.new_password = CHOOSE_PASSWORD_TEXTS.sameAsOld;
    } else if (values.new_password !== values.repeat) {
      found.repeat = CHOOSE_PASSWORD_TEXTS.mismatch;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await changePassword(values.current_password, values.new_password);
      const user = await queryClient.fetchQuery({
        ...currentUserQuery,
        queryFn: fetchCurrentUser,
        staleTime: 0,
      });
      notify.success(CHOOSE_PASSWORD_TEXTS.done);
      await navigate({ to: user ? landingPath(user.permissions) : '/login' });
    } catch (error) {
      setSaving(false);
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        setErrors(error.fields);
      } else {
        notify.error(errorMessage(error));
      }
    }
  }

  const field = (id: Field, label: string, autoComplete: string, focusFirst = false) => (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        name={id}
        type="password"
        autoComplete={autoComplete}
        ref={focusFirst ? focusOnMount : undefined}
        className="field-input"
        value={values[id]}
        aria-invalid={errors[id] ? true : undefined}
        aria-describedby={errors[id] ? `${id}-error` : undefined}
        onChange={(event) => setValues((old) => ({ ...old, [id]: event.target.value }))}
      />
      {errors[id] && (
        <p id={`${id}-error`} className="field-error">
          {errors[id]}
        </p>
      )}
    </div>
  );

  return (
    <AuthCard title={CHOOSE_PASSWORD_TEXTS.title}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <p className="text-sm text-stone-600 dark:text-zinc-400">
          {CHOOSE_PASSWORD_TEXTS.intro} Signed in as <strong>{username}</strong>.
        </p>
        {/* Lets password managers file the new password under the right account. */}
        <input type="hidden" name="username" autoComplete="username" value={username} />
        {field('current_password', CHOOSE_PASSWORD_TEXTS.current, 'current-password', true)}
        {field('new_password', CHOOSE_PASSWORD_TEXTS.next, 'new-password')}
        {field('repeat', CHOOSE_PASSWORD_TEXTS.repeat, 'new-password')}
        <button type="submit" className="btn-primary w-full" disabled={saving}>
          {saving && <Spinner label="Saving" />}
          {CHOOSE_PASSWORD_TEXTS.submit}
        </button>
        <p className="text-center text-sm">
          <button
            type="button"
            className="text-gold-700 underline-offset-2 hover:underline dark:text-gold-400"
            onClick={() => void signOut()}
          >
            {CHOOSE_PASSWORD_TEXTS.signOut}
          </button>
        </p>
      </form>
    </AuthCard>
  );
}
