import { describe, expect, it } from 'vitest';
import { INTRO_STORAGE_KEY, type IntroStore, markIntroPlayed, shouldPlayIntro } from './intro';

function memoryStore(initial: Record<string, string> = {}): IntroStore & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value;
    },
  };
}

describe('the studio intro animation (001 §2)', () => {
  it('plays once per path, then is recorded as played', () => {
    const store = memoryStore();
    expect(shouldPlayIntro('/publishers/atlas/drops', store, false)).toBe(true);
    markIntroPlayed('/publishers/atlas/drops', store);
    expect(shouldPlayIntro('/publishers/atlas/drops', store, false)).toBe(false);
    // Another path plays its own once.
    expect(shouldPlayIntro('/publishers/atlas/edit', store, false)).toBe(true);
    markIntroPlayed('/publishers/atlas/edit', store);
    markIntroPlayed('/publishers/atlas/edit', store);
    expect(JSON.parse(store.data[INTRO_STORAGE_KEY] ?? '[]')).toEqual([
      '/publishers/atlas/drops',
      '/publishers/atlas/edit',
    ]);
  });

  it('never plays when the visitor prefers reduced motion', () => {
    expect(shouldPlayIntro('/publishers/atlas/drops', memoryStore(), true)).toBe(false);
  });

  it('reads a damaged record as nothing played, and survives a storage that refuses writes', () => {
    expect(shouldPlayIntro('/p', memoryStore({ [INTRO_STORAGE_KEY]: '{not json' }), false)).toBe(true);
    const refusing: IntroStore = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => markIntroPlayed('/p', refusing)).not.toThrow();
  });
});
