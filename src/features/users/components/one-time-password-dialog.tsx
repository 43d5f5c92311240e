import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { notify } from '../../../lib/notices';
import { Dialog } from '../../../ui/dialog';
import { USERS_PAGE_TEXTS as TEXTS } from '../users-texts';

export interface IssuedPassword {
  username: string;
  password: string;
}

/**
 * Shows a one-time password once (the server keeps only its hash). A stray click beside the
 * dialog or Escape does not close it; Done does, after which nobody can see the password again.
 */
export function OneTimePasswordDialog({
  issued,
  onClose,
}: {
  issued: IssuedPassword | null;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(issued?.password ?? '');
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

  return (
    <Dialog
      open={issued !== null}
      onClose={close}
      onEscape={null}
      closeOnBackdrop={false}
      size="lg"
      title={issued ? TEXTS.passwordTitle(issued.username) : ''}
      description={TEXTS.passwordIntro}
      testId="one-time-password-dialog"
      footer={
        <button type="button" className="btn-primary" onClick={close}>
          {TEXTS.done}
        </button>
      }
    >
      <div className="mt-4 flex items-stretch gap-2">
        <output
          aria-label={TEXTS.passwordLabel}
          className="min-w-0 flex-1 rounded-md border border-stone-300 bg-stone-50 px-3 py-2 font-mono text-base tracking-wide break-all select-all dark:border-zinc-700 dark:bg-zinc-950"
          data-testid="one-time-password"
        >
          {issued?.password}
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
      <p className="mt-3 text-sm text-stone-600 dark:text-zinc-300">{TEXTS.passwordRule}</p>
    </Dialog>
  );
}
