/**
 * The trigger of a menu or popover whose code loads after the first paint (the shell's profile
 * menu, the outbox's needs-attention list): the library behind them weighs more than the rest of
 * the shell together. Until the control has loaded, the stand-in renders the same button; what
 * the user did to it meanwhile is handed over, so nothing is lost on a slow network:
 * - focus stays on the trigger when the real one replaces it;
 * - an activation (click, Enter, Space, ArrowDown) opens the control once it is there.
 */
import { useEffect, useRef, type ComponentProps, type RefObject } from 'react';

/** What the user did to the stand-in, for the loaded control to take over. */
export type HandOver = RefObject<{ focused: boolean; activated: boolean }>;

export function useHandOverRef(): HandOver {
  return useRef({ focused: false, activated: false });
}

const ACTIVATING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

export function StandInTrigger({
  handOverRef,
  popup,
  ...button
}: {
  handOverRef: HandOver;
  /** As the real trigger announces its popup: a menu button says 'menu', a popover's nothing. */
  popup?: 'menu';
} & Omit<ComponentProps<'button'>, 'type' | 'onClick' | 'onKeyDown' | 'onFocus' | 'onBlur'>) {
  return (
    <button
      {...button}
      type="button"
      aria-haspopup={popup}
      aria-expanded={false}
      onFocus={() => (handOverRef.current.focused = true)}
      onBlur={() => (handOverRef.current.focused = false)}
      onClick={() => (handOverRef.current.activated = true)}
      onKeyDown={(event) => {
        if (!ACTIVATING_KEYS.has(event.key)) return;
        event.preventDefault();
        handOverRef.current.activated = true;
      }}
    />
  );
}

/** In the loaded control: take over focus and a pending activation from its stand-in. */
export function useTakeOver(trigger: RefObject<HTMLButtonElement | null>, handOverRef?: HandOver) {
  useEffect(() => {
    if (!handOverRef) return;
    const { focused, activated } = handOverRef.current;
    if (focused || activated) trigger.current?.focus();
    if (activated) trigger.current?.click();
    handOverRef.current = { focused: false, activated: false };
  }, [trigger, handOverRef]);
}
