import { describe, expect, it } from 'vitest';
import { createBatcher } from './batch';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createBatcher', () => {
  it('sends the calls made together as one batch, each call getting its own answer', async () => {
    const batches: number[][] = [];
    const double = createBatcher<number, number>(async (keys) => {
      batches.push(keys);
      return keys.map((k) => k * 2);
    });
    const answers = await Promise.all([1, 2, 3].map((k) => double.load(k)));
    expect(answers).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('gathers the calls made while its statements run into the next batch', async () => {
    const batches: number[][] = [];
    const release: (() => void)[] = [];
    const slow = createBatcher<number, number>(
      async (keys) => {
        batches.push(keys);
        await new Promise<void>((resolve) => release.push(resolve));
        return keys;
      },
      { maxInFlight: 1 },
    );
    const first = slow.load(1);
    await tick();
    const later = [slow.load(2), slow.load(3)];
    await tick();
    expect(batches).toEqual([[1]]); // the second batch waits for the first
    release.shift()?.();
    await first;
    await tick();
    expect(batches).toEqual([[1], [2, 3]]);
    release.shift()?.();
    expect(await Promise.all(later)).toEqual([2, 3]);
  });

  it('splits a batch larger than maxBatch', async () => {
    const sizes: number[] = [];
    const echo = createBatcher<number, number>(
      async (keys) => {
        sizes.push(keys.length);
        return keys;
      },
      { maxBatch: 2, maxInFlight: 5 },
    );
    expect(await Promise.all([1, 2, 3, 4, 5].map((k) => echo.load(k)))).toEqual([1, 2, 3, 4, 5]);
    expect(sizes).toEqual([2, 2, 1]);
  });

  it("gives a failed statement's error to every call of its batch, and goes on with the next", async () => {
    let fail = true;
    const flaky = createBatcher<number, number>(async (keys) => {
      if (fail) throw new Error('store down');
      return keys;
    });
    const failed = await Promise.allSettled([flaky.load(1), flaky.load(2)]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await flaky.load(3)).toBe(3);
  });

  it('refuses a statement that answers another number of values than keys', async () => {
    const short = createBatcher<number, number>(async () => [1]);
    await expect(Promise.all([short.load(1), short.load(2)])).rejects.toThrow('1 answers for 2 keys');
  });
});
