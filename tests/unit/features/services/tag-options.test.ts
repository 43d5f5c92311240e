import { describe, expect, it } from 'vitest';
import {
  addTag,
  hotkeyOf,
  moveTag,
  removeTag,
  renameTag,
  setWords,
  textToWords,
  wordsToText,
  type TagEditorState,
} from '../../../../src/features/services/tag-options';

const state = (): TagEditorState => ({
  tags: [
    { name: 'spam', label: 'Spam' },
    { name: 'hate', label: 'Hate' },
    { name: 'nudity', label: '' },
  ],
  wordLists: { spam: ['free money'], nudity: ['nsfw'] },
});

const names = (tags: TagEditorState['tags']) => tags.map((tag) => tag.name);

describe('tag options editor rules', () => {
  it('moves a tag one place up or down, which is its new hotkey', () => {
    const { tags } = state();
    expect(names(moveTag(tags, 2, -1))).toEqual(['spam', 'nudity', 'hate']);
    expect(names(moveTag(tags, 0, 1))).toEqual(['hate', 'spam', 'nudity']);
    // At an edge nothing moves, and the input is never changed in place.
    expect(names(moveTag(tags, 0, -1))).toEqual(['spam', 'hate', 'nudity']);
    expect(names(moveTag(tags, 2, 1))).toEqual(['spam', 'hate', 'nudity']);
    expect(names(moveTag(tags, 7, 1))).toEqual(['spam', 'hate', 'nudity']);
    expect(names(tags)).toEqual(['spam', 'hate', 'nudity']);
  });

  it('numbers hotkeys 1 to 9 in list order, none after the ninth', () => {
    expect([0, 1, 8, 9].map(hotkeyOf)).toEqual([1, 2, 9, null]);
  });

  it('carries the word list along when a tag is renamed', () => {
    const renamed = renameTag(state(), 0, 'junk');
    expect(names(renamed.tags)).toEqual(['junk', 'hate', 'nudity']);
    expect(renamed.wordLists).toEqual({ junk: ['free money'], nudity: ['nsfw'] });
    // A tag without words keeps the lists as they are.
    expect(renameTag(state(), 1, 'hatred').wordLists).toEqual(state().wordLists);
    // Cleared to nothing: the list has no name to live under until one is typed.
    expect(renameTag(state(), 0, '').wordLists).toEqual({ nudity: ['nsfw'] });
  });

  it('drops the word list of a removed tag, and adds tags at the end', () => {
    const removed = removeTag(state(), 0);
    expect(names(removed.tags)).toEqual(['hate', 'nudity']);
    expect(removed.wordLists).toEqual({ nudity: ['nsfw'] });
    expect(removeTag(state(), 5)).toEqual(state());
    const added = addTag(state(), { name: '', label: '' });
    expect(names(added.tags)).toEqual(['spam', 'hate', 'nudity', '']);
  });

  it('keeps one word or phrase per line, without blank lines', () => {
    expect(textToWords(' free money \n\n click here\n')).toEqual(['free money', 'click here']);
    expect(wordsToText(['a', 'b c'])).toBe('a\nb c');
    expect(setWords(state(), 'hate', 'vermin\n').wordLists.hate).toEqual(['vermin']);
    expect(setWords(state(), 'spam', '  \n').wordLists).toEqual({ nudity: ['nsfw'] });
  });
});
