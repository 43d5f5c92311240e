import DataLoader from 'dataloader';

/** At most this many keys in one batch. */
const MAX_BATCH_SIZE = 256;

/** A read of batchWhileBusy: one key, or many at once. */
export interface BatchedRead<K, V> {
  load(key: K): Promise<V>;
  /** One value per key, in the keys' order; fails when the batch of any key failed. */
  loadAll(keys: readonly K[]): Promise<V[]>;
}

/**
 * A DataLoader for a read done once per request on the hot path (a session, the items of a
 * submit): an idle server runs a load at once; loads that arrive while a batch is running wait
 * for it and then run together, as one statement. The database's cost is mostly per statement,
 * so under load many requests share one where each had its own. Nothing is cached: every answer
 * is read after its load was asked for. `load` answers one value per key, in the keys' order
 * (a key may come more than once).
 */
export function batchWhileBusy<K, V>(
  load: (keys: readonly K[]) => Promise<readonly V[]>,
): BatchedRead<K, V> {
  const waiting: (() => void)[] = [];
  let running = false;
  const loader = new DataLoader<K, V>(
    async (keys) => {
      running = true;
      try {
        return await load(keys);
      } finally {
        running = false;
        waiting.shift()?.();
      }
    },
    {
      cache: false,
      maxBatchSize: MAX_BATCH_SIZE,
      batchScheduleFn: (dispatch) => {
        if (running) waiting.push(dispatch);
        else process.nextTick(dispatch);
      },
    },
  );
  return {
    load: (key) => loader.load(key),
    loadAll: (keys) => Promise.all(keys.map((key) => loader.load(key))),
  };
}
