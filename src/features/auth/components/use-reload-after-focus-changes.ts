import { useEffect } from 'react';

/**
 * SPEC §4: on the login page, after 3 or more focus-state changes, the next window focus reloads
 * the page, so a sign-in made in another tab is picked up.
 */
export function useReloadAfterFocusChanges(threshold = 3): void {
  useEffect(() => {
    let changes = 0;
    const onBlur = () => {
      changes += 1;
    };
    const onFocus = () => {
      changes += 1;
      if (changes >= threshold) window.location.reload();
    };
    window.addEventListener('blur', onBlur);
    window.addEventListener('focus', onFocus);
    return () => {
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('focus', onFocus);
    };
  }, [threshold]);
}
