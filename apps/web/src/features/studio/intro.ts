// The studio's intro loading animation (001 §2): it plays once per path, then the path is recorded as
// played (in the browser's storage); a visitor who asks for reduced motion never sees it.

/** The part of the DOM Storage API the record needs. */
export interface IntroStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const INTRO_STORAGE_KEY = 'studio-intro-played';

function playedPaths(store: IntroStore): string[] {
  try {
    const parsed = JSON.parse(store.getItem(INTRO_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

/** True when the intro should play on `path`: not played there yet, and motion not reduced. */
export function shouldPlayIntro(path: string, store: IntroStore, reducedMotion: boolean): boolean {
  return !reducedMotion && !playedPaths(store).includes(path);
}

/** Records the intro as played on `path` (kept once; the storage may refuse, then it plays again later). */
export function markIntroPlayed(path: string, store: IntroStore): void {
  const played = playedPaths(store);
  if (played.includes(path)) return;
  try {
    store.setItem(INTRO_STORAGE_KEY, JSON.stringify([...played, path]));
  } catch {
    // Storage full or denied: nothing to record.
  }
}
