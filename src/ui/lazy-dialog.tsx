/**
 * The dialog frame of dialog.tsx for screens in the first load (the shell's sign-out question,
 * the moderation screen's dialogs): the same props and behaviour, but the frame and its dialog
 * library load when the dialog first opens, not with the page. Until then it renders nothing,
 * as a closed dialog does; afterwards it stays mounted so closing animates as before.
 */
import { Suspense, lazy, useState, type ComponentProps } from 'react';
import type { Dialog as DialogFrame } from './dialog';

const LoadedDialog = lazy(() => import('./dialog').then(({ Dialog }) => ({ default: Dialog })));

export function Dialog(props: ComponentProps<typeof DialogFrame>) {
  const [opened, setOpened] = useState(props.open);
  // Set during render (not in an effect) so the first open renders the dialog at once.
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <LoadedDialog {...props} />
    </Suspense>
  );
}
