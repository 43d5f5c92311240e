import {
  Dialog as HeadlessDialog,
  DialogBackdrop,
  DialogPanel,
  DialogTitle,
  Description,
} from '@headlessui/react';
import clsx from 'clsx';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';

/**
 * The one dialog frame of the console, on Headless UI (focus trap, labelling, inert page).
 *
 * One rule for closing, everywhere:
 * - Escape and a click on the backdrop close the dialog (`onClose`).
 * - A dialog may say otherwise: `onEscape` gives Escape another meaning (ask first) or, as
 *   null, none; `closeOnBackdrop={false}` keeps it open on a backdrop click (a dialog showing
 *   something that cannot be shown again, such as a new API token).
 * - While `busy` (a request of the dialog is running) neither closes it, so the answer has a
 *   dialog to land in.
 *
 * Focus goes to the element marked `data-autofocus` (fields: `initialFocus`), else to the first
 * focusable one. Not `autoFocus`: jsx-a11y's no-autofocus rule flags it.
 *
 * Layouts: the default is a padded card with the title on top, the body and a footer of buttons
 * on the right. With `closeLabel` the title sits in a header bar with a × button and the body
 * scrolls (long content such as details lists). `tone="media"` is the dark frame of an enlarged
 * image or video. `placement="side"` is a drawer: the full height at the right edge, beside
 * the list it was opened from (an item's details), with the same closing rules.
 */
export type DialogSize = 'sm' | 'md' | 'lg' | '3xl' | '6xl';

const SIZES: Record<DialogSize, string> = {
  sm: 'max-w-sm',
  md: 'max-w-md',
  lg: 'max-w-lg',
  '3xl': 'max-w-3xl',
  '6xl': 'max-w-6xl',
};

export interface DialogProps {
  open: boolean;
  /** What Escape, the backdrop and the × button do (unless told otherwise below). */
  onClose: () => void;
  title: ReactNode;
  /** A line under the title, read out with it when the dialog opens. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons, right-aligned under the body. */
  footer?: ReactNode;
  /** Escape's own action; null: Escape does nothing. Default: onClose. */
  onEscape?: (() => void) | null;
  /** False: a click on the backdrop does nothing. */
  closeOnBackdrop?: boolean;
  /** A request of the dialog is running: it stays open. */
  busy?: boolean;
  /** Shows a header bar with a × button of this accessible name. */
  closeLabel?: string;
  role?: 'dialog' | 'alertdialog';
  size?: DialogSize;
  tone?: 'panel' | 'media';
  placement?: 'center' | 'side';
  testId?: string;
  className?: string;
}

export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  onEscape,
  closeOnBackdrop = true,
  busy = false,
  closeLabel,
  role = 'dialog',
  size = 'md',
  tone = 'panel',
  placement = 'center',
  testId,
  className,
}: DialogProps) {
  // Where the pointer went down: a press inside the card that is released on the backdrop
  // (selecting text, dragging) is no backdrop click.
  const pressedOnBackdrop = useRef(false);
  const media = tone === 'media';
  const side = placement === 'side';

  function escape() {
    if (busy) return;
    const action = onEscape === undefined ? onClose : onEscape;
    action?.();
  }

  const header = closeLabel ? (
    <div
      className={clsx(
        'flex items-center justify-between gap-3',
        media ? 'text-white' : 'border-b border-stone-200 px-5 py-3 dark:border-zinc-800',
      )}
    >
      <DialogTitle className={media ? 'text-sm font-medium' : 'text-base font-semibold'}>
        {title}
      </DialogTitle>
      <button
        type="button"
        onClick={() => !busy && onClose()}
        className={media ? 'rounded-md p-1.5 hover:bg-white/10' : 'btn-ghost p-1.5'}
        aria-label={closeLabel}
      >
        <X aria-hidden="true" className="size-5" />
      </button>
    </div>
  ) : (
    <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
  );

  return (
    // Headless UI calls onClose for Escape only here: the panel below covers the whole screen,
    // so it never sees a click outside; the backdrop click is recognised on the panel itself.
    <HeadlessDialog open={open} onClose={escape} role={role} className="fixed inset-0 z-50">
      {/* No leave transition: screens clear a dialog's data as it closes, and a fading panel
          would show the emptied content for a moment. */}
      <DialogBackdrop className={clsx('fixed inset-0', media ? 'bg-black/80' : 'bg-zinc-950/50')} />
      <DialogPanel
        className={clsx(
          'fixed inset-0 flex',
          side ? 'justify-end' : 'items-center justify-center overflow-y-auto p-4',
        )}
        onPointerDown={(event) => {
          pressedOnBackdrop.current = event.target === event.currentTarget;
        }}
        onClick={(event) => {
          const onBackdrop = event.target === event.currentTarget && pressedOnBackdrop.current;
          pressedOnBackdrop.current = false;
          if (onBackdrop && closeOnBackdrop && !busy) onClose();
        }}
      >
        <div
          data-testid={testId}
          className={clsx(
            'w-full',
            SIZES[size],
            media
              ? 'relative flex max-h-full flex-col gap-2'
              : side
                ? 'panel flex h-full flex-col rounded-none border-y-0 border-r-0 shadow-xl'
                : closeLabel
                  ? 'panel flex max-h-[85vh] flex-col shadow-xl'
                  : 'panel p-6 shadow-xl',
            className,
          )}
        >
          {header}
          {description && (
            <Description
              className={clsx(
                'text-sm text-stone-600 dark:text-zinc-300',
                closeLabel ? 'px-5 pt-3' : 'mt-3',
              )}
            >
              {description}
            </Description>
          )}
          {closeLabel && !media ? (
            <div className="min-h-0 overflow-y-auto">{children}</div>
          ) : (
            children
          )}
          {footer && (
            <div
              className={clsx(
                'flex flex-wrap justify-end gap-2',
                closeLabel ? 'border-t border-stone-200 px-5 py-3 dark:border-zinc-800' : 'mt-6',
              )}
            >
              {footer}
            </div>
          )}
        </div>
      </DialogPanel>
    </HeadlessDialog>
  );
}
