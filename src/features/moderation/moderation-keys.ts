/**
 * Keyboard commands of the moderation screen (operators tag fast): digits 1-9 toggle the active
 * card's tags, Enter submits it in single mode, arrows or j/k move between cards, '?' lists the
 * shortcuts. Keys are ignored while typing in a field, inside a dialog, with Ctrl/Alt/Meta, and
 * on native controls that use them (Enter on a button, arrows on a video).
 */
export type KeyCommand =
  | { type: 'toggle'; index: number }
  | { type: 'submit' }
  | { type: 'move'; delta: 1 | -1 }
  | { type: 'help' };

export interface KeyContext {
  key: string;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
  /** tagName of the event target, upper case as in the DOM. */
  targetTag: string;
  targetEditable?: boolean;
  inDialog: boolean;
  batch: boolean;
}

const TYPING_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
const MEDIA_TAGS = new Set(['VIDEO', 'AUDIO']);
const ACTIVATING_TAGS = new Set(['BUTTON', 'A', 'SUMMARY']);

export function keyCommand(context: KeyContext): KeyCommand | null {
  const { key } = context;
  if (context.ctrlKey || context.altKey || context.metaKey) return null;
  if (context.inDialog || context.targetEditable || TYPING_TAGS.has(context.targetTag)) return null;
  if (key === '?') return { type: 'help' };
  if (/^[1-9]$/.test(key)) return { type: 'toggle', index: Number(key) - 1 };
  if (key === 'Enter') {
    if (context.batch || ACTIVATING_TAGS.has(context.targetTag)) return null;
    return { type: 'submit' };
  }
  if (MEDIA_TAGS.has(context.targetTag)) return null;
  if (key === 'ArrowDown' || key === 'ArrowRight' || key === 'j') return { type: 'move', delta: 1 };
  if (key === 'ArrowUp' || key === 'ArrowLeft' || key === 'k') return { type: 'move', delta: -1 };
  return null;
}
