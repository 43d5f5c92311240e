import { Dialog } from '../../../ui/lazy-dialog';

export const SHORTCUTS: readonly { keys: string[]; action: string; batch?: boolean }[] = [
  { keys: ['1', '…', '9'], action: 'Toggle the tag with that number on the active card' },
  { keys: ['Enter'], action: 'Submit the active card (single review mode)' },
  { keys: ['↓', 'j'], action: 'Next card' },
  { keys: ['↑', 'k'], action: 'Previous card' },
  { keys: ['→', '←'], action: 'Next or previous card' },
  { keys: ['R'], action: 'Reveal the blurred or masked content of the active card' },
  { keys: ['?'], action: 'Show this list' },
];

export const SHORTCUT_HINT = '1–9 toggle tags · Enter submit · ↑↓ or j/k move · ? shortcuts';
export const SHORTCUT_HINT_BATCH = '1–9 toggle tags · ↑↓ or j/k move · ? shortcuts';

export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Keyboard shortcuts"
      closeLabel="Close keyboard shortcuts"
      size="md"
    >
      <table className="w-full text-sm">
        <caption className="sr-only">Keyboard shortcuts of the moderation screen</caption>
        <tbody className="divide-y divide-stone-200 dark:divide-zinc-800">
          {SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.action}>
              <th scope="row" className="w-36 px-5 py-2 text-left font-normal whitespace-nowrap">
                <span className="flex gap-1">
                  {shortcut.keys.map((key) => (
                    <kbd
                      key={key}
                      className="rounded border border-stone-300 bg-stone-50 px-1.5 py-0.5 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-800"
                    >
                      {key}
                    </kbd>
                  ))}
                </span>
              </th>
              <td className="px-5 py-2 text-stone-700 dark:text-zinc-300">{shortcut.action}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="border-t border-stone-200 px-5 py-3 text-xs text-stone-500 dark:border-zinc-800 dark:text-zinc-400">
        Shortcuts pause while you type in a field or a dialog is open.
      </p>
    </Dialog>
  );
}
