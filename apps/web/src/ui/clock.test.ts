import { afterEach, describe, expect, it, vi } from 'vitest';
import { clockNow, subscribeClock, tickClock } from './clock';

afterEach(() => {
  vi.useRealTimers();
});

describe('the one clock of the countdowns', () => {
  it('gives every reader the same time, read again and announced to all on a tick', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-25T12:00:00.250Z'), toFake: ['Date'] });
    tickClock();
    const seen: number[][] = [];
    const a = () => seen.push([1, clockNow()]);
    const b = () => seen.push([2, clockNow()]);
    const offA = subscribeClock(a);
    const offB = subscribeClock(b);
    vi.setSystemTime(Date.parse('2026-11-25T12:00:01.250Z'));
    expect(clockNow()).toBe(Date.parse('2026-11-25T12:00:00.250Z'));
    tickClock();
    const at = Date.parse('2026-11-25T12:00:01.250Z');
    expect(seen).toEqual([
      [1, at],
      [2, at],
    ]);
    offA();
    offB();
    tickClock();
    expect(seen).toHaveLength(2);
  });
});
