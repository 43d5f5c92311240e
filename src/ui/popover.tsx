/**
 * A button that shows a non-modal panel below it (disclosure pattern), for the shell's first
 * load where the dialog and popover library would weigh more than the screen it frames.
 *
 * Rules: the button toggles the panel and says whether it is open (aria-expanded); Escape
 * closes it and gives focus back to the button; a click outside closes it; focus may move into
 * the panel and out again with Tab, as in any page content.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export function Popover({
  className,
  buttonClassName,
  panelClassName,
  button,
  children,
  ...buttonData
}: {
  className?: string;
  buttonClassName?: string;
  panelClassName?: string;
  button: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
}) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement | null>(null);
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const closeOnOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', closeOnOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <div ref={rootRef} className={className}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        className={buttonClassName}
        onClick={() => setOpen(!open)}
        {...buttonData}
      >
        {button}
      </button>
      {open && (
        <div id={panelId} className={panelClassName}>
          {children}
        </div>
      )}
    </div>
  );
}
