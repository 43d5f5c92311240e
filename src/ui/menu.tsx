/**
 * A menu button (WAI-ARIA menu button pattern) for the shell's first load, where the dialog and
 * popover library would weigh more than the screen it frames. Admin screens, loaded later, keep
 * using the library.
 *
 * Rules:
 * - The button opens the menu; focus goes to the first enabled item. Arrow keys move between
 *   enabled items (wrapping), Home and End jump; Escape closes and gives focus back to the
 *   button; Tab, a click outside and choosing an item close it.
 * - Items are the elements passed to `MenuItem` (a button or a link), given role="menuitem" and
 *   tabindex -1; a disabled item is announced as such and skipped by the arrow keys.
 * - The focused or hovered item carries `data-focus`, so items style `data-focus:` as before.
 */
import {
  cloneElement,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type HTMLAttributes,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type RefObject,
} from 'react';

interface MenuState {
  open: boolean;
  setOpen: (open: boolean, focusButton?: boolean) => void;
  buttonId: string;
  itemsId: string;
  buttonRef: RefObject<HTMLButtonElement | null>;
}

const MenuContext = createContext<MenuState | null>(null);

function useMenu(): MenuState {
  const state = useContext(MenuContext);
  if (!state) throw new Error('Menu parts must be inside <Menu>');
  return state;
}

export function Menu({ className, children }: { className?: string; children: ReactNode }) {
  const [open, setOpenState] = useState(false);
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const rootRef = useRef<HTMLDivElement | null>(null);
  const id = useId();
  const setOpen = useCallback((next: boolean, focusButton = false) => {
    setOpenState(next);
    if (!next && focusButton) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const closeOnOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenState(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, [open]);

  const state = useMemo(
    () => ({ open, setOpen, buttonId: `${id}-button`, itemsId: `${id}-items`, buttonRef }),
    [open, setOpen, id],
  );
  return (
    <MenuContext.Provider value={state}>
      <div ref={rootRef} className={className}>
        {children}
      </div>
    </MenuContext.Provider>
  );
}

export function MenuButton({
  className,
  children,
  ...aria
}: {
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
}) {
  const { open, setOpen, buttonId, itemsId, buttonRef } = useMenu();
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  };
  return (
    <button
      ref={buttonRef}
      type="button"
      id={buttonId}
      aria-haspopup="menu"
      aria-expanded={open}
      aria-controls={open ? itemsId : undefined}
      className={className}
      onClick={() => setOpen(!open)}
      onKeyDown={onKeyDown}
      {...aria}
    >
      {children}
    </button>
  );
}

const ITEM_SELECTOR = '[role="menuitem"]:not([aria-disabled="true"])';

export function MenuItems({ className, children }: { className?: string; children: ReactNode }) {
  const { open, setOpen, buttonId, itemsId } = useMenu();
  const listRef = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    if (open) listRef.current?.querySelector<HTMLElement>(ITEM_SELECTOR)?.focus();
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(listRef.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? [])];
    const current = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (index: number) => items[(index + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(current < 0 ? -1 : current - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(-1);
        break;
      case 'Escape':
        event.preventDefault();
        setOpen(false, true);
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  return (
    <div
      ref={listRef}
      id={itemsId}
      role="menu"
      aria-labelledby={buttonId}
      tabIndex={-1}
      className={className}
      onKeyDown={onKeyDown}
    >
      {children}
    </div>
  );
}

type ItemElement = ReactElement<
  HTMLAttributes<HTMLElement> & { 'data-focus'?: string; 'aria-disabled'?: boolean }
>;

export function MenuItem({ children, disabled }: { children: ItemElement; disabled?: boolean }) {
  const { setOpen } = useMenu();
  const [focused, setFocused] = useState(false);
  const own = children.props;
  return cloneElement(children, {
    role: 'menuitem',
    tabIndex: -1,
    'aria-disabled': disabled || undefined,
    'data-focus': focused && !disabled ? '' : undefined,
    onFocus: () => setFocused(true),
    onBlur: () => setFocused(false),
    onMouseEnter: (event: MouseEvent<HTMLElement>) => {
      if (!disabled) event.currentTarget.focus();
    },
    onMouseLeave: () => setFocused(false),
    onClick: (event: MouseEvent<HTMLElement>) => {
      if (disabled) return;
      own.onClick?.(event);
      setOpen(false);
    },
  });
}

export function MenuSection({ className, children }: { className?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId} className={className}>
      <MenuHeadingIdContext.Provider value={headingId}>{children}</MenuHeadingIdContext.Provider>
    </div>
  );
}

const MenuHeadingIdContext = createContext<string | undefined>(undefined);

export function MenuHeading({ className, children }: { className?: string; children: ReactNode }) {
  const id = useContext(MenuHeadingIdContext);
  return (
    <div id={id} role="presentation" className={className}>
      {children}
    </div>
  );
}
