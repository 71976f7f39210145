import { describe, expect, it } from 'vitest';
import { manualClock } from './clock';
import { createCountCache } from './count-cache';
import { createResponseCache } from './response-cache';

const start = new Date('2026-06-15T12:00:00.000Z');

describe('response cache (decision 004 §7)', () => {
  function setup() {
    const clock = manualClock(start);
    let version = 'v1';
    let computed = 0;
    const cache = createResponseCache({ clock, ttlMs: 5_000, maxEntries: 2, version: async () => version });
    const compute = async () => {
      computed += 1;
      return { n: computed };
    };
    return { clock, cache, compute, bump: (v: string) => (version = v), computed: () => computed };
  }

  it('reuses an answer while the catalog version holds', async () => {
    const t = setup();
    expect(await t.cache.get('a', t.compute)).toEqual({ n: 1 });
    expect(await t.cache.get('a', t.compute)).toEqual({ n: 1 });
    expect(t.computed()).toBe(1);
  });

  it('recomputes after a write moved the version', async () => {
    const t = setup();
    await t.cache.get('a', t.compute);
    t.bump('v2');
    expect(await t.cache.get('a', t.compute)).toEqual({ n: 2 });
  });

  it('past the TTL with no write, answers the entry and refreshes it in the background', async () => {
    const t = setup();
    await t.cache.get('a', t.compute);
    t.clock.advance(5_001);
    expect(await t.cache.get('a', t.compute)).toEqual({ n: 1 });
    await new Promise((r) => setTimeout(r, 0));
    expect(await t.cache.get('a', t.compute)).toEqual({ n: 2 });
  });

  it('shares one computation between concurrent misses and stays bounded', async () => {
    const t = setup();
    const [x, y] = await Promise.all([t.cache.get('a', t.compute), t.cache.get('a', t.compute)]);
    expect(x).toBe(y);
    await t.cache.get('b', t.compute);
    await t.cache.get('c', t.compute);
    const before = t.computed();
    await t.cache.get('a', t.compute);
    expect(t.computed()).toBe(before + 1);
  });
  it('keeps reusing answers after the clock is set back', async () => {
    const t = setup();
    t.clock.advance(60_000);
    await t.cache.get('a', t.compute);
    t.clock.set(start);
    t.bump('v2');
    expect(await t.cache.get('a', t.compute)).toEqual({ n: 2 });
    expect(await t.cache.get('a', t.compute)).toEqual({ n: 2 });
    expect(t.computed()).toBe(2);
  });

  it('a slow computation at an old version never replaces a newer answer', async () => {
    const t = setup();
    let release: (v: { n: string }) => void = () => {};
    const slow = t.cache.get('a', () => new Promise<{ n: string }>((r) => (release = r)));
    t.bump('v2');
    expect(await t.cache.get('a', async () => ({ n: 'new' }))).toEqual({ n: 'new' });
    release({ n: 'old' });
    expect(await slow).toEqual({ n: 'old' });
    expect(await t.cache.get('a', async () => ({ n: 'again' }))).toEqual({ n: 'new' });
  });

  it('tells a computation its version, and keeps parts of an answer at the version given', async () => {
    const t = setup();
    expect(await t.cache.get('a', async (version) => ({ n: version }))).toEqual({ n: 'v1' });
    expect(await t.cache.getAt('v1', 'part', t.compute)).toEqual({ n: 1 });
    expect(await t.cache.getAt('v1', 'part', t.compute)).toEqual({ n: 1 });
    expect(await t.cache.getAt('v2', 'part', t.compute)).toEqual({ n: 2 });
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
