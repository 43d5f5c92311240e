import type { TagOptionInput } from '../../contract/services';

/**
 * The tag-options editor's rules, as plain functions so they are tested without a browser.
 * The list's order is the operators' hotkey order (1 for the first tag ...), so moving a tag
 * changes its hotkey. The AI word lists are keyed by tag name: renaming a tag carries its list
 * to the new name, and removing a tag drops its list, so a saved service never has a list for a
 * tag it does not offer.
 */
export interface TagEditorState {
  tags: TagOptionInput[];
  wordLists: Record<string, string[]>;
}

/** Moves the tag at `index` one place up (-1) or down (+1); out of range leaves it as it is. */
export function moveTag(
  tags: readonly TagOptionInput[],
  index: number,
  by: -1 | 1,
): TagOptionInput[] {
  const target = index + by;
  if (index < 0 || index >= tags.length || target < 0 || target >= tags.length) return [...tags];
  const next = [...tags];
  const [moved] = next.splice(index, 1);
  if (moved) next.splice(target, 0, moved);
  return next;
}

export function addTag(state: TagEditorState, tag: TagOptionInput): TagEditorState {
  return { ...state, tags: [...state.tags, tag] };
}

export function removeTag(state: TagEditorState, index: number): TagEditorState {
  const removed = state.tags[index];
  if (!removed) return state;
  const tags = state.tags.filter((_, position) => position !== index);
  // Another tag may still carry the same name (a duplicate the form will flag): keep its list.
  if (tags.some((tag) => tag.name === removed.name)) return { tags, wordLists: state.wordLists };
  const { [removed.name]: _dropped, ...wordLists } = state.wordLists;
  return { tags, wordLists };
}

export function renameTag(state: TagEditorState, index: number, name: string): TagEditorState {
  const current = state.tags[index];
  if (!current || current.name === name) return state;
  const tags = state.tags.map((tag, position) => (position === index ? { ...tag, name } : tag));
  const { [current.name]: list, ...rest } = state.wordLists;
  if (list === undefined) return { tags, wordLists: state.wordLists };
  return { tags, wordLists: name ? { ...rest, [name]: list } : rest };
}

export function relabelTag(state: TagEditorState, index: number, label: string): TagEditorState {
  return {
    ...state,
    tags: state.tags.map((tag, position) => (position === index ? { ...tag, label } : tag)),
  };
}

/** Words as the editor's text area holds them: one per line. */
export function wordsToText(words: readonly string[] | undefined): string {
  return (words ?? []).join('\n');
}

/** Lines to words: blank lines dropped, so an empty text is no list at all. */
export function textToWords(text: string): string[] {
  return text
    .split('\n')
    .map((word) => word.trim())
    .filter((word) => word.length > 0);
}

export function setWords(state: TagEditorState, name: string, text: string): TagEditorState {
  const words = textToWords(text);
  const { [name]: _old, ...rest } = state.wordLists;
  return { ...state, wordLists: words.length > 0 ? { ...rest, [name]: words } : rest };
}

/** The hotkey of the tag at `index` (1..9), or null past the ninth. */
export function hotkeyOf(index: number): number | null {
  return index < 9 ? index + 1 : null;
}
