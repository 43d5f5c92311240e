import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { landingPath } from '../../../contract/routes';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { currentUserQuery, fetchCurrentUser } from '../../auth/api/current-user';
import { useSignOut } from '../../auth/api/use-sign-out';
import { AuthCard } from '../../auth/components/auth-card';
import { TWO_FACTOR_UI_TEXTS as T } from '../two-factor-texts';
import { RecoveryCodes } from './recovery-codes';
import { SetupSteps } from './setup-steps';

/**
 * The first screen after signing in for a user whose role requires two-factor sign-in and who
 * has not set it up: the server answers nothing else until they have, so this stands outside
 * the signed-in layout, as the choose-password screen does.
 */
export function TwoFactorSetupPage({ username }: { username: string }) {
  useDocumentTitle(T.forcedTitle);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const [codes, setCodes] = useState<string[] | null>(null);

  async function proceed() {
    const user = await queryClient.fetchQuery({
      ...currentUserQuery,
      queryFn: fetchCurrentUser,
      staleTime: 0,
    });
    await navigate({ to: user ? landingPath(user.permissions) : '/login' });
  }

  return (
    <AuthCard title={codes ? T.codesTitle : T.forcedTitle}>
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => void proceed()} doneLabel={T.continue} />
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-stone-600 dark:text-zinc-400">
            {T.forcedIntro} Signed in as <strong>{username}</strong>.
          </p>
          <SetupSteps
            // The recovery codes that follow are the confirmation: no notice on top.
            onEnabled={setCodes}
          />
        </div>
      )}
      <p className="mt-4 text-center text-sm">
        <button
          type="button"
          className="text-gold-700 underline-offset-2 hover:underline dark:text-gold-400"
          onClick={() => void signOut()}
        >
          {T.signOut}
        </button>
      </p>
    </AuthCard>
  );
}
