import { useState, type FormEvent } from 'react';
import { NewPasswordSchema } from '../../../contract/auth';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { usePersistentStorageState } from '../../../lib/persistent-storage';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { changePassword } from '../../auth/api/auth-calls';
import { useCurrentUser } from '../../auth/api/current-user';
import { TwoFactorSection } from '../../two-factor/components/two-factor-section';
import { WellbeingSection } from '../../wellbeing/components/wellbeing-section';

export const PROFILE_TEXTS = {
  title: 'Profile',
  device: 'This device',
  storage: 'Offline storage',
  storageStates: {
    unknown: 'Checking…',
    granted: 'Kept: the browser will not clear submissions waiting on this device',
    denied:
      'Not guaranteed: the browser may clear waiting submissions when the device runs low on space. Installing the console as an app usually fixes this.',
    unsupported: 'Not guaranteed: this browser cannot promise to keep offline data',
  },
  passwordChanged: 'Your password has been changed.',
  mismatch: 'The two new passwords do not match',
} as const;

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid grid-cols-3 gap-4 py-2.5 text-sm">
      <dt className="text-stone-500 dark:text-zinc-400">{label}</dt>
      <dd className="col-span-2 font-medium">{value}</dd>
    </div>
  );
}

function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!current) found.current_password = 'Enter your current password';
    const checked = NewPasswordSchema.safeParse(next);
    if (!checked.success) found.new_password = checked.error.issues[0]?.message ?? '';
    else if (next !== repeat) found.repeat = PROFILE_TEXTS.mismatch;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await changePassword(current, next);
      notify.success(PROFILE_TEXTS.passwordChanged);
      setCurrent('');
      setNext('');
      setRepeat('');
    } catch (error) {
      // A validation answer names the bad fields; they show beside their inputs.
      const fields = error instanceof ApiError && error.code === 'validation' ? error.fields : {};
      if (Object.keys(fields).length > 0) setErrors(fields);
      else notify.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  const field = (
    id: string,
    label: string,
    value: string,
    set: (v: string) => void,
    auto: string,
  ) => (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        type="password"
        autoComplete={auto}
        className="field-input"
        value={value}
        aria-invalid={errors[id] ? true : undefined}
        aria-describedby={errors[id] ? `${id}-error` : undefined}
        onChange={(event) => set(event.target.value)}
      />
      {errors[id] && (
        <p id={`${id}-error`} className="field-error">
          {errors[id]}
        </p>
      )}
    </div>
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {field('current_password', 'Current password', current, setCurrent, 'current-password')}
      {field('new_password', 'New password', next, setNext, 'new-password')}
      {field('repeat', 'Repeat the new password', repeat, setRepeat, 'new-password')}
      <button type="submit" className="btn-primary" disabled={saving}>
        Change password
      </button>
    </form>
  );
}

export function ProfilePage() {
  useDocumentTitle(PROFILE_TEXTS.title);
  const user = useCurrentUser();
  const storage = usePersistentStorageState();
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ') || '-';
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{PROFILE_TEXTS.title}</h1>
      <div className="grid gap-6 lg:grid-cols-2">
        <section className="panel p-6" aria-labelledby="account-heading">
          <h2 id="account-heading" className="mb-3 text-base font-semibold">
            Account
          </h2>
          <dl className="divide-y divide-stone-200 dark:divide-zinc-800">
            <Detail label="Username" value={user.username} />
            <Detail label="Name" value={name} />
            <Detail label="Email" value={user.email ?? '-'} />
            <Detail label="Role" value={user.role} />
            <Detail
              label="Mode"
              value={user.is_batch_moderator ? 'Batch moderation' : 'Single review'}
            />
            <Detail label="Max content" value={String(user.max_content)} />
            <Detail label="Permissions" value={String(user.permissions.length)} />
          </dl>
        </section>
        <section className="panel p-6" aria-labelledby="password-heading">
          <h2 id="password-heading" className="mb-3 text-base font-semibold">
            Change password
          </h2>
          <ChangePasswordForm />
        </section>
        <TwoFactorSection />
        <WellbeingSection />
        <section className="panel p-6" aria-labelledby="device-heading">
          <h2 id="device-heading" className="mb-3 text-base font-semibold">
            {PROFILE_TEXTS.device}
          </h2>
          <dl className="divide-y divide-stone-200 dark:divide-zinc-800">
            <Detail label={PROFILE_TEXTS.storage} value={PROFILE_TEXTS.storageStates[storage]} />
          </dl>
        </section>
      </div>
    </div>
  );
}
