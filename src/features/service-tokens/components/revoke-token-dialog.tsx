import { LoaderCircle } from 'lucide-react';
import {
  SERVICE_TOKEN_TEXTS,
  maskToken,
  type ServiceTokenRow,
} from '../../../contract/service-tokens';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { useRevokeServiceToken } from '../api/revoke-service-token';
import { TOKEN_PAGE_TEXTS as TEXTS } from '../service-token-page-texts';
import { Modal } from './modal';

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
    <Modal
      open={token !== null}
      title={TEXTS.revokeTitle}
      role="alertdialog"
      onEscape={cancel}
      testId="revoke-token-dialog"
    >
      {token && (
        <>
          <p className="mt-3 text-sm text-stone-600 dark:text-zinc-300">
            {TEXTS.revokeQuestion(token.service_name)}
          </p>
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
      <div className="mt-6 flex justify-end gap-2">
        <button
          type="button"
          className="btn-secondary"
          disabled={revoke.isPending}
          onClick={cancel}
          autoFocus
        >
          {TEXTS.cancel}
        </button>
        <button
          type="button"
          className="btn bg-red-600 text-white hover:bg-red-500 active:bg-red-700"
          disabled={revoke.isPending}
          onClick={confirm}
        >
          {revoke.isPending && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
          {revoke.isPending ? TEXTS.revoking : TEXTS.revoke}
        </button>
      </div>
    </Modal>
  );
}
