import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  requestPersistentStorage,
  resetPersistentStorageForTests,
} from '../../../src/lib/persistent-storage';

describe('persistent storage request', () => {
  beforeEach(() => resetPersistentStorageForTests());

  it('asks the browser once and reports a grant', async () => {
    const storage = {
      persisted: vi.fn(async () => false),
      persist: vi.fn(async () => true),
    };
    expect(await requestPersistentStorage(storage)).toBe('granted');
    expect(await requestPersistentStorage(storage)).toBe('granted');
    expect(storage.persist).toHaveBeenCalledTimes(1);
  });

  it('does not ask again when storage is already persistent', async () => {
    const storage = { persisted: vi.fn(async () => true), persist: vi.fn(async () => true) };
    expect(await requestPersistentStorage(storage)).toBe('granted');
    expect(storage.persist).not.toHaveBeenCalled();
  });

  it('reports a refusal, a failure and a browser without the API', async () => {
    const refusing = { persisted: async () => false, persist: async () => false };
    expect(await requestPersistentStorage(refusing)).toBe('denied');
    resetPersistentStorageForTests();
    const failing = {
      persisted: async () => false,
      persist: () => Promise.reject(new Error('SecurityError')),
    };
    expect(await requestPersistentStorage(failing)).toBe('denied');
    resetPersistentStorageForTests();
    expect(await requestPersistentStorage(undefined)).toBe('unsupported');
  });
});
