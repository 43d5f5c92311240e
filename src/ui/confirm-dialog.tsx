import clsx from 'clsx';
import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Dialog } from './dialog';
import { UI_TEXTS } from './ui-texts';

/**
 * A question with two answers (an alertdialog): Cancel and the action. While `busy` the action
 * shows a spinner and `busyLabel`, both buttons are disabled and neither Escape nor the backdrop
 * closes the dialog, so the outcome of the request lands where the user is looking.
 *
 * `focus` says which answer has focus when it opens: the safe one (cancel, the default for
 * destructive actions) or the action itself when answering it is the next step of a flow.
 * `confirmDisabled` holds the action back until the body says it may go (a typed confirmation).
 */
export function ConfirmDialog({
  open,
  title,
  description,
  children,
  confirmLabel = UI_TEXTS.confirm,
  cancelLabel = UI_TEXTS.cancel,
  busy = false,
  busyLabel,
  confirmDisabled = false,
  tone = 'primary',
  focus = tone === 'danger' ? 'cancel' : 'confirm',
  onConfirm,
  onCancel,
  testId,
}: {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  busyLabel?: string;
  confirmDisabled?: boolean;
  tone?: 'primary' | 'danger';
  focus?: 'confirm' | 'cancel';
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
}) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      description={description}
      role="alertdialog"
      busy={busy}
      testId={testId}
      footer={
        <>
          <button
            type="button"
            className="btn-secondary"
            disabled={busy}
            onClick={onCancel}
            data-autofocus={focus === 'cancel' || undefined}
          >
            {cancelLabel}
          </button>
          <button
            type="button"
            className={clsx(
              tone === 'danger'
                ? 'btn bg-red-600 text-white hover:bg-red-500 active:bg-red-700'
                : 'btn-primary',
            )}
            disabled={busy || confirmDisabled}
            aria-busy={busy || undefined}
            onClick={onConfirm}
            data-autofocus={focus === 'confirm' || undefined}
          >
            {busy && (
              <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
            )}
            {busy && busyLabel ? busyLabel : confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
