import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import type { IssuedSecret } from '../../../contract/services';
import { formatDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/notices';
import { Dialog } from '../../../ui/dialog';
import { SERVICES_TEXTS } from '../services-texts';

const TEXTS = SERVICES_TEXTS.secret;

export interface ShownSecret {
  serviceName: string;
  kind: 'created' | 'rotated';
  issued: IssuedSecret;
}

/**
 * Shows a signing secret once: the server answers it only to the call that made it and keeps no
 * way to answer it again. A stray click beside the dialog or Escape does not close it; the
 * button does, after which the page drops the secret.
 */
export function SecretDialog({
  shown,
  onClose,
}: {
  shown: ShownSecret | null;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(shown?.issued.secret ?? '');
      setCopied(true);
      notify.success(TEXTS.copyDone);
    } catch {
      notify.error(TEXTS.copyFailed);
    }
  }

  function close() {
    setCopied(false);
    onClose();
  }

  const until = shown?.issued.previous_expires_at;
  return (
    <Dialog
      open={shown !== null}
      onClose={close}
      onEscape={null}
      closeOnBackdrop={false}
      size="lg"
      title={
        shown
          ? shown.kind === 'created'
            ? TEXTS.createdTitle(shown.serviceName)
            : TEXTS.rotatedTitle(shown.serviceName)
          : ''
      }
      description={TEXTS.intro}
      testId="secret-dialog"
      footer={
        <button type="button" className="btn-primary" onClick={close}>
          {TEXTS.done}
        </button>
      }
    >
      <div className="mt-4 flex items-stretch gap-2">
        <output
          aria-label={TEXTS.label}
          className="min-w-0 flex-1 rounded-md border border-stone-300 bg-stone-50 px-3 py-2 font-mono text-sm break-all select-all dark:border-zinc-700 dark:bg-zinc-950"
          data-testid="signing-secret"
        >
          {shown?.issued.secret}
        </output>
        <button type="button" className="btn-secondary" data-autofocus onClick={() => void copy()}>
          {copied ? (
            <Check aria-hidden="true" className="size-4 text-emerald-600" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
          {copied ? TEXTS.copied : TEXTS.copy}
        </button>
      </div>
      {shown?.kind === 'rotated' && (
        <p className="mt-3 text-sm text-stone-600 dark:text-zinc-300">
          {until ? TEXTS.overlap(formatDateTime(until)) : TEXTS.noOverlap}
        </p>
      )}
    </Dialog>
  );
}
