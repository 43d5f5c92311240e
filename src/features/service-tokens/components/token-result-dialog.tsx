import { Check, Copy, Eye, EyeOff } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import {
  SERVICE_TOKEN_TEXTS,
  maskToken,
  type ServiceOption,
} from '../../../contract/service-tokens';
import { notify } from '../../../lib/notices';
import { Dialog } from '../../../ui/dialog';
import type { CreatedServiceToken } from '../api/create-service-token';
import { closeAllowed } from '../close-rule';
import { TOKEN_PAGE_TEXTS as TEXTS } from '../service-token-page-texts';

export interface TokenPermissions {
  canView: boolean;
  canCopy: boolean;
}

/** Writes to the clipboard; throws when the browser refuses (no permission, insecure page). */
async function writeClipboard(text: string): Promise<void> {
  if (!navigator.clipboard) throw new Error('The clipboard is not available on this page');
  await navigator.clipboard.writeText(text);
}

/**
 * The last step of the creation flow (SPEC §2, §5): the new token masked, a reveal toggle
 * (can_view_api_token), a copy button (can_copy_api_token), and a close question whose Yes
 * follows close-rule.ts. Neither the backdrop nor Escape closes it.
 */
export function TokenResultDialog({
  result,
  permissions,
  onClose,
}: {
  result: { created: CreatedServiceToken; service: ServiceOption } | null;
  permissions: TokenPermissions;
  onClose: () => void;
}) {
  const [revealed, setRevealed] = useState(false);
  const [copied, setCopied] = useState(false);
  const [asking, setAsking] = useState(false);
  const questionRef = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const token = result?.created.raw_token ?? '';
  // Without reveal or copy the server sends the masked form only.
  const masked = token ? maskToken(token) : (result?.created.token ?? '');
  const hasToken = masked.length > 0;
  const mayClose = closeAllowed({
    hasToken,
    canCopy: permissions.canCopy,
    canView: permissions.canView,
    copied,
    revealed,
  });

  useEffect(() => {
    if (asking) questionRef.current?.focus();
  }, [asking]);

  async function copy() {
    try {
      await writeClipboard(token);
      setCopied(true);
      notify.success(SERVICE_TOKEN_TEXTS.copied);
    } catch {
      notify.error(SERVICE_TOKEN_TEXTS.copyFailed);
    }
  }

  function close() {
    setRevealed(false);
    setCopied(false);
    setAsking(false);
    onClose();
  }

  return (
    <Dialog
      open={result !== null}
      title={TEXTS.resultTitle}
      size="lg"
      // The raw token is shown this once: closing always goes through the close question, and
      // a stray click beside the dialog does nothing.
      onClose={() => setAsking(true)}
      closeOnBackdrop={false}
      testId="token-result-dialog"
    >
      {result && (
        <p className="mt-1 text-sm text-stone-500 dark:text-zinc-400">{result.service.name}</p>
      )}
      {hasToken ? (
        <>
          <p className="mt-3 text-sm text-stone-600 dark:text-zinc-300">{TEXTS.resultHint}</p>
          <div className="mt-4 flex items-stretch gap-2">
            <output
              aria-label={TEXTS.tokenLabel}
              className="min-w-0 flex-1 rounded-md border border-stone-300 bg-stone-50 px-3 py-2 font-mono text-sm break-all select-all dark:border-zinc-700 dark:bg-zinc-950"
              data-testid="created-token"
            >
              {revealed ? token : masked}
            </output>
            {permissions.canView && (
              <button
                type="button"
                className="btn-secondary px-2.5"
                aria-pressed={revealed}
                aria-label={revealed ? TEXTS.hideToken : TEXTS.showToken}
                title={revealed ? TEXTS.hideToken : TEXTS.showToken}
                onClick={() => setRevealed((shown) => !shown)}
              >
                {revealed ? (
                  <EyeOff aria-hidden="true" className="size-4" />
                ) : (
                  <Eye aria-hidden="true" className="size-4" />
                )}
              </button>
            )}
            {permissions.canCopy && (
              <button type="button" className="btn-secondary" onClick={() => void copy()}>
                {copied ? (
                  <Check aria-hidden="true" className="size-4 text-emerald-600" />
                ) : (
                  <Copy aria-hidden="true" className="size-4" />
                )}
                {copied ? TEXTS.copiedButton : TEXTS.copy}
              </button>
            )}
          </div>
        </>
      ) : (
        <p role="alert" className="mt-4 text-sm font-medium text-red-700 dark:text-red-400">
          {SERVICE_TOKEN_TEXTS.noToken}
        </p>
      )}

      {asking ? (
        <div
          ref={questionRef}
          tabIndex={-1}
          role="group"
          aria-labelledby={`${hintId}-question`}
          className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-4 focus:outline-none dark:border-amber-500/40 dark:bg-amber-500/10"
          data-testid="close-question"
        >
          <p id={`${hintId}-question`} className="text-sm font-medium">
            {SERVICE_TOKEN_TEXTS.closeQuestion}
          </p>
          {!mayClose && (
            <p id={hintId} className="mt-1 text-xs text-stone-600 dark:text-zinc-400">
              {permissions.canCopy ? TEXTS.closeNeedsCopy : TEXTS.closeNeedsReveal}
            </p>
          )}
          <div className="mt-3 flex justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={() => setAsking(false)}>
              {TEXTS.no}
            </button>
            <button
              type="button"
              className="btn-primary"
              disabled={!mayClose}
              aria-describedby={mayClose ? undefined : hintId}
              onClick={close}
            >
              {TEXTS.yes}
            </button>
          </div>
        </div>
      ) : (
        <div className="mt-6 flex justify-end">
          <button type="button" className="btn-secondary" onClick={() => setAsking(true)}>
            {TEXTS.close}
          </button>
        </div>
      )}
    </Dialog>
  );
}
