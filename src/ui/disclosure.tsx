/**
 * A button that shows or hides the content under it (disclosure pattern): aria-expanded on the
 * button, the panel removed while closed. Small enough for the shell's first load.
 */
import { useId, useState, type ReactNode } from 'react';

export function Disclosure({
  defaultOpen = false,
  buttonClassName,
  panelClassName,
  button,
  children,
}: {
  defaultOpen?: boolean;
  buttonClassName?: string;
  panelClassName?: string;
  button: ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const panelId = useId();
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        className={buttonClassName}
        onClick={() => setOpen(!open)}
      >
        {button}
      </button>
      {open && (
        <div id={panelId} className={panelClassName}>
          {children}
        </div>
      )}
    </>
  );
}
