import type { UserRow } from '../../../contract/users';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useResetPassword, useUserAction, type PasswordReset } from '../api/user-mutations';
import { USERS_PAGE_TEXTS as TEXTS } from '../users-texts';
import type { UserRowAction } from './user-row-actions';

/**
 * The question before a row action, and the action. A failure (the last administrator, a user
 * beyond the asker's permissions) is shown as the server's message and the dialog stays open.
 */
export function UserActionDialog({
  pending,
  mailEnabled,
  onDone,
  onPasswordIssued,
}: {
  pending: { row: UserRow; action: UserRowAction } | null;
  mailEnabled: boolean;
  onDone: () => void;
  onPasswordIssued: (issued: { username: string; password: string }) => void;
}) {
  const action = useUserAction();
  const reset = useResetPassword();
  const busy = action.isPending || reset.isPending;
  const row = pending?.row;
  const username = row?.username ?? '';

  const afterReset = (answer: PasswordReset) => {
    const { access } = answer;
    if (access.method === 'one_time_password') {
      onPasswordIssued({ username: answer.user.username, password: access.password });
    } else if (access.sent) {
      notify.success(TEXTS.resetSent(access.email));
    } else {
      notify.error(TEXTS.resetFailed(access.email));
    }
  };

  async function confirm() {
    if (!pending) return;
    const { row: target, action: kind } = pending;
    try {
      if (kind === 'reset') {
        afterReset(await reset.mutateAsync(target.id));
      } else {
        await action.mutateAsync({ id: target.id, action: kind });
        notify.success(
          kind === 'deactivate'
            ? TEXTS.deactivated_(target.username)
            : kind === 'activate'
              ? TEXTS.activated(target.username)
              : kind === 'reset_two_factor'
                ? TEXTS.twoFactorReset(target.username)
                : TEXTS.unlocked(target.username),
        );
      }
      onDone();
    } catch (error) {
      notify.error(errorMessage(error));
    }
  }

  const copy = (() => {
    switch (pending?.action) {
      case 'deactivate':
        return {
          title: TEXTS.deactivateTitle(username),
          text: TEXTS.deactivateText,
          label: TEXTS.deactivate,
          busy: TEXTS.deactivating,
          tone: 'danger' as const,
        };
      case 'activate':
        return {
          title: TEXTS.activateTitle(username),
          text: TEXTS.activateText,
          label: TEXTS.activate,
          busy: TEXTS.activating,
          tone: 'primary' as const,
        };
      case 'reset':
        return mailEnabled && row?.email
          ? {
              title: TEXTS.resetTitle(username),
              text: TEXTS.resetText(row.email),
              label: TEXTS.sendReset,
              busy: TEXTS.resetting,
              tone: 'primary' as const,
            }
          : {
              title: mailEnabled ? TEXTS.resetTitle(username) : TEXTS.passwordResetTitle(username),
              text: TEXTS.passwordResetText,
              label: mailEnabled ? TEXTS.sendReset : TEXTS.newOneTimePassword,
              busy: TEXTS.resetting,
              tone: 'danger' as const,
            };
      case 'reset_two_factor':
        return {
          title: TEXTS.resetTwoFactorTitle(username),
          text: TEXTS.resetTwoFactorText,
          label: TEXTS.resetTwoFactor,
          busy: TEXTS.resetting,
          tone: 'danger' as const,
        };
      default:
        return {
          title: TEXTS.unlockTitle(username),
          text: TEXTS.unlockText,
          label: TEXTS.clearLock,
          busy: TEXTS.unlocking,
          tone: 'primary' as const,
        };
    }
  })();

  return (
    <ConfirmDialog
      open={pending !== null}
      title={copy.title}
      description={copy.text}
      confirmLabel={copy.label}
      busyLabel={copy.busy}
      tone={copy.tone}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onDone}
      testId="user-action-dialog"
    />
  );
}
