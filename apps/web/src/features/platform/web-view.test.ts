import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resolveWebView } from './web-view';

beforeEach(() => {
  const data = new Map<string, string>();
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  });
});

afterEach(() => vi.unstubAllGlobals());

describe('web-view mode', () => {
  it('is off without wv=1', () => {
    expect(resolveWebView('?q=neon')).toBe(false);
  });

  it('turns on with wv=1 and is remembered for the session', () => {
    expect(resolveWebView('?wv=1')).toBe(true);
    expect(resolveWebView('')).toBe(true);
  });

  it('needs exactly 1', () => {
    expect(resolveWebView('?wv=true')).toBe(false);
  });
});
