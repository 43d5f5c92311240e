import { useCallback, useEffect, useRef, useState } from 'react';

/** SPEC §4: Park and Resume buttons are locked for 2 seconds after a click. */
export const PARK_RESUME_LOCK_MS = 2_000;

/**
 * A control that locks itself for `ms` after use, so a double click or a repeated key press
 * cannot fire twice. `run` locks and calls the action.
 */
export function useClickLock(ms: number): {
  locked: boolean;
  run: (action: () => void) => void;
} {
  const [locked, setLocked] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const run = useCallback(
    (action: () => void) => {
      setLocked(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setLocked(false), ms);
      action();
    },
    [ms],
  );
  return { locked, run };
}
