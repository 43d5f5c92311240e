import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import clsx from 'clsx';
import { useEffect, useRef, type ReactNode } from 'react';

function ignoreOutsideClick() {
  // SPEC §2: clicking the backdrop does not close the token dialogs. Headless UI calls onClose
  // for both a backdrop click and Escape; Escape is handled here instead (onEscape).
}

/**
 * The frame of every dialog of the token screen: Headless UI's focus trap and labelling, a
 * backdrop that does not close it, and Escape routed to `onEscape` (usually Cancel).
 */
export function Modal({
  open,
  title,
  onEscape,
  role = 'dialog',
  wide = false,
  testId,
  children,
}: {
  open: boolean;
  title: string;
  onEscape?: () => void;
  role?: 'dialog' | 'alertdialog';
  wide?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  // Escape wherever focus is, as Headless UI itself listens on the window.
  const escape = useRef(onEscape);
  useEffect(() => {
    escape.current = onEscape;
  });
  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape' || !escape.current) return;
      event.preventDefault();
      escape.current();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <Dialog open={open} onClose={ignoreOutsideClick} role={role} className="fixed inset-0 z-50">
      {/* No leave transition: the parent clears the dialog's data as it closes, and a fading
          panel would show the emptied content for a moment. */}
      <DialogBackdrop className="fixed inset-0 bg-zinc-950/50" />
      <div className="fixed inset-0 flex items-center justify-center overflow-y-auto p-4">
        <DialogPanel
          data-testid={testId}
          className={clsx('panel w-full p-6 shadow-xl', wide ? 'max-w-lg' : 'max-w-md')}
        >
          <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
