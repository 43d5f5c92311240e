// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import {
  refreshRestoredQueries,
  shouldPersistQuery,
  watchCacheOwner,
} from '../../../src/lib/query-persistence';

const query = (queryKey: unknown[], status = 'success', meta?: Record<string, unknown>) => ({
  queryKey,
  state: { status },
  meta,
});

afterEach(() => localStorage.clear());

describe('shouldPersistQuery', () => {
  it('persists successful data queries', () => {
    expect(shouldPersistQuery(query(['dashboard', 'stats']))).toBe(true);
  });

  it('never persists the auth queries, failures or opted-out queries', () => {
    expect(shouldPersistQuery(query(['auth', 'current-user']))).toBe(false);
    expect(shouldPersistQuery(query(['dashboard'], 'error'))).toBe(false);
    expect(shouldPersistQuery(query(['dashboard'], 'pending'))).toBe(false);
    expect(shouldPersistQuery(query(['tokens'], 'success', { persist: false }))).toBe(false);
  });
});

describe('watchCacheOwner', () => {
  const userKey = ['auth', 'current-user'];

  it("drops another user's cached data when a different user signs in", () => {
    const client = new QueryClient();
    const stop = watchCacheOwner(client, userKey);
    client.setQueryData(userKey, { id: 1 });
    client.setQueryData(['dashboard'], { total: 5 });

    client.setQueryData(userKey, { id: 1 });
    expect(client.getQueryData(['dashboard'])).toEqual({ total: 5 });

    client.setQueryData(userKey, { id: 2 });
    expect(client.getQueryData(['dashboard'])).toBeUndefined();
    expect(client.getQueryData(userKey)).toEqual({ id: 2 });
    stop();
  });

  it('keeps the data when the same user comes back after signing out', () => {
    const client = new QueryClient();
    const stop = watchCacheOwner(client, userKey);
    client.setQueryData(userKey, { id: 1 });
    client.setQueryData(['dashboard'], { total: 5 });
    client.setQueryData(userKey, null);
    client.setQueryData(userKey, { id: 1 });
    expect(client.getQueryData(['dashboard'])).toEqual({ total: 5 });
    stop();
  });
});

describe('refreshRestoredQueries', () => {
  it('shows restored data but fetches it again on its next use, however fresh it claims to be', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    client.setQueryData(['services', 'list'], ['before the change']);
    const restored = () => client.getQueryCache().find({ queryKey: ['services', 'list'] });
    expect(restored()?.isStale()).toBe(false);
    await refreshRestoredQueries(client);
    expect(client.getQueryData(['services', 'list'])).toEqual(['before the change']);
    expect(restored()?.isStale()).toBe(true);
  });
});
