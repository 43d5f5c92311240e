import { describe, expect, it } from 'vitest';
import { keyCommand, type KeyContext } from '../../../../src/features/moderation/moderation-keys';

const base: KeyContext = { key: '', targetTag: 'ARTICLE', inDialog: false, batch: false };
const press = (key: string, extra: Partial<KeyContext> = {}) =>
  keyCommand({ ...base, key, ...extra });

describe('keyCommand', () => {
  it('digits 1-9 toggle the tag with that number', () => {
    expect(press('1')).toEqual({ type: 'toggle', index: 0 });
    expect(press('9')).toEqual({ type: 'toggle', index: 8 });
    expect(press('0')).toBeNull();
  });

  it('Enter submits in single mode only, and not on a button', () => {
    expect(press('Enter')).toEqual({ type: 'submit' });
    expect(press('Enter', { batch: true })).toBeNull();
    expect(press('Enter', { targetTag: 'BUTTON' })).toBeNull();
  });

  it('arrows and j/k move between cards', () => {
    expect(press('j')).toEqual({ type: 'move', delta: 1 });
    expect(press('ArrowDown')).toEqual({ type: 'move', delta: 1 });
    expect(press('k')).toEqual({ type: 'move', delta: -1 });
    expect(press('ArrowUp')).toEqual({ type: 'move', delta: -1 });
    expect(press('ArrowRight', { targetTag: 'VIDEO' })).toBeNull();
  });

  it('? opens the shortcut list', () => {
    expect(press('?')).toEqual({ type: 'help' });
  });

  it('is silent while typing, in dialogs and with modifiers', () => {
    expect(press('1', { targetTag: 'INPUT' })).toBeNull();
    expect(press('j', { targetEditable: true })).toBeNull();
    expect(press('1', { inDialog: true })).toBeNull();
    expect(press('1', { ctrlKey: true })).toBeNull();
  });
});
