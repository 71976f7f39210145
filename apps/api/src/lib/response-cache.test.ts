import { describe, expect, it } from 'vitest';
import { createChangeScopes, EVERY_SCOPE } from './change-scopes';
import { manualClock } from './clock';
import { createCountCache } from './count-cache';
import { createResponseCache } from './response-cache';

const start = new Date('2026-06-15T12:00:00.000Z');

describe('response cache (decision 004 §7)', () => {
  const LAG = 5_000;
  function setup(maxBytes = 1_000_000) {
    const clock = manualClock(start);
    let version = 'v1';
    let next: number | null = null;
    let versionReads = 0;
    let computed = 0;
    const scopes = createChangeScopes();
    const cache = createResponseCache({
      clock,
      ttlMs: 30_000,
      lagMs: LAG,
      maxEntries: 2,
      maxBytes,
      // An answer's size is its `bytes` field when it has one.
      sizeOf: (value) => (value as { bytes?: number }).bytes ?? 1,
      scopes,
      catalog: {
        version: async () => {
          versionReads += 1;
          return version;
        },
        read: async () => ({ version, next }),
      },
    });
    const compute = async () => {
      computed += 1;
      return { n: computed };
    };
    return {
      clock,
      cache,
      scopes,
      compute,
      write: (v: string) => (version = v),
      nextStatusChangeAt: (at: number) => (next = at),
      computed: () => computed,
      versionReads: () => versionReads,
    };
  }

  it('recomputes an answer under a touched scope at once, and keeps answers of other scopes', async () => {
    const t = setup();
    expect(await t.cache.get('a', ['collection:0xa'], t.compute)).toEqual({ n: 1 });
    expect(await t.cache.get('b', ['collection:0xb'], t.compute)).toEqual({ n: 2 });
    t.write('v2');
    t.scopes.touch(['collection:0xa']);
    expect(await t.cache.get('a', ['collection:0xa'], t.compute)).toEqual({ n: 3 });
    expect(await t.cache.get('b', ['collection:0xb'], t.compute)).toEqual({ n: 2 });
  });

  it('touching `*` drops every answer', async () => {
    const t = setup();
    await t.cache.get('a', [], t.compute);
    t.scopes.touch([EVERY_SCOPE]);
    expect(await t.cache.get('a', [], t.compute)).toEqual({ n: 2 });
  });

  it('serves an answer with no version read within the lag, and sees any write after it', async () => {
    const t = setup();
    await t.cache.get('a', [], t.compute);
    const reads = t.versionReads();
    t.write('v2');
    t.clock.advance(LAG - 1);
    expect(await t.cache.get('a', [], t.compute)).toEqual({ n: 1 });
    expect(t.versionReads()).toBe(reads);
    t.clock.advance(1);
    expect(await t.cache.get('a', [], t.compute)).toEqual({ n: 2 });
  });

  it('past the lag with no write, reads the version once and keeps the answer another lag', async () => {
    const t = setup();
    await t.cache.get('a', [], t.compute);
    t.clock.advance(LAG);
    expect(await t.cache.get('a', [], t.compute)).toEqual({ n: 1 });
    const reads = t.versionReads();
    t.clock.advance(LAG - 1);
    expect(await t.cache.get('a', [], t.compute)).toEqual({ n: 1 });
    expect(t.versionReads()).toBe(reads);
    expect(t.computed()).toBe(1);
  });

  it('drops an answer at the next start or end time after it, and when the clock is set back', async () => {
    const t = setup();
    t.nextStatusChangeAt(start.getTime() + 1_000);
    await t.cache.get('a', [], t.compute);
    t.clock.advance(999);
    expect(await t.cache.get('a', [], t.compute)).toEqual({ n: 1 });
    t.clock.advance(1);
    expect(await t.cache.get('a', [], t.compute)).toEqual({ n: 2 });
    t.nextStatusChangeAt(start.getTime() + 60_000);
    t.clock.set(start);
    expect(await t.cache.get('a', [], t.compute)).toEqual({ n: 3 });
    expect(await t.cache.get('a', [], t.compute)).toEqual({ n: 3 });
  });

  it('past a status change, does not join a refresh begun before it', async () => {
    const t = setup();
    t.nextStatusChangeAt(start.getTime() + 40_000);
    await t.cache.get('a', [], t.compute);
    t.clock.advance(39_999);
    let release: (v: { n: string }) => void = () => {};
    // Past the TTL: the entry answers and a refresh starts in the background, before the change.
    await t.cache.get('a', [], () => new Promise<{ n: string }>((r) => (release = r)));
    t.clock.advance(1);
    expect(await t.cache.get('a', [], async () => ({ n: 'after' }))).toEqual({ n: 'after' });
    release({ n: 'before' });
  });

  it('past the TTL with no write, answers the entry and refreshes it in the background', async () => {
    const t = setup();
    await t.cache.get('a', [], t.compute);
    t.clock.advance(30_001);
    expect(await t.cache.get('a', [], t.compute)).toEqual({ n: 1 });
    await new Promise((r) => setTimeout(r, 0));
    expect(await t.cache.get('a', [], t.compute)).toEqual({ n: 2 });
  });

  it('shares one computation between concurrent misses and stays bounded', async () => {
    const t = setup();
    const [x, y] = await Promise.all([t.cache.get('a', [], t.compute), t.cache.get('a', [], t.compute)]);
    expect(x).toBe(y);
    await t.cache.get('b', [], t.compute);
    await t.cache.get('c', [], t.compute);
    const before = t.computed();
    await t.cache.get('a', [], t.compute);
    expect(t.computed()).toBe(before + 1);
  });

  it('keeps its answers within the byte budget: the oldest goes first, one over the budget is not kept', async () => {
    const t = setup(100);
    let computed = 0;
    const sized = (bytes: number) => async () => {
      computed += 1;
      return { bytes, n: computed };
    };
    await t.cache.get('a', [], sized(60));
    await t.cache.get('b', [], sized(60));
    // b alone fits: a went to make room.
    expect(await t.cache.get('b', [], sized(60))).toEqual({ bytes: 60, n: 2 });
    expect(await t.cache.get('a', [], sized(60))).toEqual({ bytes: 60, n: 3 });
    // An answer larger than the whole budget is answered, then computed again on the next ask.
    expect(await t.cache.get('big', [], sized(150))).toEqual({ bytes: 150, n: 4 });
    expect(await t.cache.get('big', [], sized(150))).toEqual({ bytes: 150, n: 5 });
    expect(await t.cache.get('a', [], sized(60))).toEqual({ bytes: 60, n: 3 });
    // A replaced answer gives its bytes back: two 40-byte answers fit after a 60-byte one is replaced.
    await t.cache.get('c', [], sized(40));
    t.scopes.touch(['*']);
    await t.cache.get('c', [], sized(40));
    await t.cache.get('d', [], sized(40));
    expect(await t.cache.get('c', [], sized(40))).toEqual({ bytes: 40, n: 7 });
    expect(await t.cache.get('d', [], sized(40))).toEqual({ bytes: 40, n: 8 });
  });

  it('a computation started before a touch is neither joined nor kept over a newer one', async () => {
    const t = setup();
    let release: (v: { n: string }) => void = () => {};
    const slow = t.cache.get('a', ['owner:7'], () => new Promise<{ n: string }>((r) => (release = r)));
    t.scopes.touch(['owner:7']);
    expect(await t.cache.get('a', ['owner:7'], async () => ({ n: 'new' }))).toEqual({ n: 'new' });
    release({ n: 'old' });
    expect(await slow).toEqual({ n: 'old' });
    expect(await t.cache.get('a', ['owner:7'], async () => ({ n: 'again' }))).toEqual({ n: 'new' });
  });
});

describe('count cache', () => {
  it('answers a stale entry at once and refreshes it in the background', async () => {
    const clock = manualClock(start);
    let value = 1;
    const cache = createCountCache({ clock, ttlMs: 30_000, maxEntries: 10 });
    expect(await cache.get('k', async () => value)).toBe(1);
    value = 2;
    expect(await cache.get('k', async () => value)).toBe(1);
    clock.advance(30_001);
    expect(await cache.get('k', async () => value)).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get('k', async () => value)).toBe(2);
  });
});
