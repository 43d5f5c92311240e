import {
  SERVICE_TOKEN_TEXTS,
  maskToken,
  type ServiceTokenRow,
} from '../../../contract/service-tokens';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useRevokeServiceToken } from '../api/revoke-service-token';
import { TOKEN_PAGE_TEXTS as TEXTS } from '../service-token-page-texts';

/**
 * Confirms a revoke, showing the token masked (SPEC §2, §5). Success: 'API Token Revoked' and
 * the list refreshes; failure: 'Error: {server message}' and the dialog stays for another try.
 */
export function RevokeTokenDialog({
  token,
  onDone,
}: {
  token: ServiceTokenRow | null;
  onDone: () => void;
}) {
  const revoke = useRevokeServiceToken();

  function cancel() {
    if (!revoke.isPending) onDone();
  }

  function confirm() {
    if (!token) return;
    revoke.mutate(token.id, {
      onSuccess: () => {
        notify.success(SERVICE_TOKEN_TEXTS.revoked);
        onDone();
      },
      onError: (failure) =>
        notify.error(`${SERVICE_TOKEN_TEXTS.errorPrefix}${errorMessage(failure)}`),
    });
  }

  return (
    <ConfirmDialog
      open={token !== null}
      title={TEXTS.revokeTitle}
      description={token ? TEXTS.revokeQuestion(token.service_name) : undefined}
      confirmLabel={TEXTS.revoke}
      cancelLabel={TEXTS.cancel}
      busy={revoke.isPending}
      busyLabel={TEXTS.revoking}
      tone="danger"
      onConfirm={confirm}
      onCancel={cancel}
      testId="revoke-token-dialog"
    >
      {token && (
        <>
          <p className="mt-4 mb-1 text-xs font-medium text-stone-500 dark:text-zinc-400">
            {TEXTS.tokenLabel}
          </p>
          <p
            className="rounded-md border border-stone-300 bg-stone-50 px-3 py-2 font-mono text-sm break-all dark:border-zinc-700 dark:bg-zinc-950"
            data-testid="revoke-token-masked"
          >
            {maskToken(token.token)}
          </p>
        </>
      )}
    </ConfirmDialog>
  );
}
