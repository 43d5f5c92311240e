/**
 * batchWhileBusy: an idle loader runs a load at once; loads asked for while a batch runs go
 * together in the next one; each caller gets its own key's answer, and a failed batch fails
 * only its own callers.
 */
import { describe, expect, it } from 'vitest';
import { batchWhileBusy } from '../../../server/db/batch-while-busy';

/** A load whose batches finish when the test says so, recording the keys of each. */
function controlledLoad() {
  const batches: number[][] = [];
  const finishers: ((error?: Error) => void)[] = [];
  const load = (keys: readonly number[]) =>
    new Promise<number[]>((resolve, reject) => {
      batches.push([...keys]);
      finishers.push((error) => (error ? reject(error) : resolve(keys.map((key) => key * 10))));
    });
  const finishNext = async (error?: Error) => {
    await new Promise((resolve) => setImmediate(resolve));
    finishers.shift()?.(error);
  };
  return { batches, load, finishNext };
}

describe('batchWhileBusy', () => {
  it('runs one batch at a time: what arrives meanwhile waits and goes together', async () => {
    const { batches, load, finishNext } = controlledLoad();
    const loader = batchWhileBusy(load);
    const first = loader.load(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1]]);
    const waiting = [loader.load(2), loader.load(3), loader.load(2)];
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1]]);
    await finishNext();
    expect(await first).toBe(10);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1], [2, 3, 2]]);
    await finishNext();
    expect(await Promise.all(waiting)).toEqual([20, 30, 20]);
  });

  it("fails a batch's own callers only, and goes on with the next batch", async () => {
    const { batches, load, finishNext } = controlledLoad();
    const loader = batchWhileBusy(load);
    const failing = loader.load(1);
    await new Promise((resolve) => setImmediate(resolve));
    const next = loader.load(2);
    await finishNext(new Error('the database is unavailable'));
    await expect(failing).rejects.toThrow('the database is unavailable');
    await finishNext();
    expect(await next).toBe(20);
    expect(batches).toEqual([[1], [2]]);
  });
});
