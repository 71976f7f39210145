import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  appliedOffset,
  betterSample,
  clockSample,
  learnServerClock,
  resetServerClock,
  serverClockOffset,
  serverNow,
  subscribeServerClock,
} from './server-clock';

const at = (iso: string) => Date.parse(iso);

afterEach(() => {
  resetServerClock();
  vi.useRealTimers();
});

describe('a reading of the server clock from a Date header', () => {
  it('puts the server at the middle of the header second and of the round trip', () => {
    // Sent at :00.000, received at :00.200; the server said 12:10:00 (so 12:10:00.000 to .999).
    const sample = clockSample(
      'Wed, 25 Nov 2026 12:10:00 GMT',
      at('2026-11-25T12:00:00.000Z'),
      at('2026-11-25T12:00:00.200Z'),
    );
    expect(sample).toEqual({ offsetMs: 10 * 60_000 + 500 - 100, roundTripMs: 200 });
  });

  it('reads nothing without a header, from an unreadable one, or from an answer the browser may have cached', () => {
    const sent = at('2026-11-25T12:00:00.000Z');
    expect(clockSample(null, sent, sent + 10)).toBeNull();
    expect(clockSample('yesterday', sent, sent + 10)).toBeNull();
    expect(clockSample('Wed, 25 Nov 2026 12:00:00 GMT', sent, sent - 1)).toBeNull();
    expect(clockSample('Wed, 25 Nov 2026 12:00:00 GMT', sent, sent + 10, 'public, max-age=60')).toBeNull();
    // Answers that are not reused without asking the server still tell the time.
    for (const cacheControl of ['no-store', 'private, no-store', 'no-cache, max-age=60', 'max-age=0']) {
      expect(clockSample('Wed, 25 Nov 2026 12:00:00 GMT', sent, sent + 10, cacheControl)).not.toBeNull();
    }
  });
});

describe('which reading is kept', () => {
  it('keeps the one with the smallest round trip', () => {
    const precise = { offsetMs: 120_000, roundTripMs: 40 };
    const slow = { offsetMs: 120_900, roundTripMs: 900 };
    expect(betterSample(null, slow)).toBe(slow);
    expect(betterSample(slow, precise)).toBe(precise);
    expect(betterSample(precise, slow)).toBe(precise);
  });

  it('takes a newer reading that cannot agree with the kept one (a clock was set since)', () => {
    const kept = { offsetMs: 120_000, roundTripMs: 40 };
    const after = { offsetMs: 0, roundTripMs: 300 };
    expect(betterSample(kept, after)).toBe(after);
  });

  it('ignores offsets under 1.5 s (the header has whole seconds)', () => {
    expect(appliedOffset(null)).toBe(0);
    expect(appliedOffset({ offsetMs: 1_400, roundTripMs: 20 })).toBe(0);
    expect(appliedOffset({ offsetMs: -1_499, roundTripMs: 20 })).toBe(0);
    expect(appliedOffset({ offsetMs: -1_500.4, roundTripMs: 20 })).toBe(-1_500);
    expect(appliedOffset({ offsetMs: 600_000, roundTripMs: 20 })).toBe(600_000);
  });
});

describe('serverNow', () => {
  it("is the browser's time plus the learnt offset, and announces a change", () => {
    vi.useFakeTimers({ now: at('2026-11-25T12:00:00.000Z'), toFake: ['Date'] });
    expect(serverNow()).toBe(Date.now());
    const heard = vi.fn();
    const off = subscribeServerClock(heard);
    // The browser is 10 minutes ahead of the server.
    learnServerClock(
      clockSample(
        'Wed, 25 Nov 2026 11:50:00 GMT',
        at('2026-11-25T12:00:00.000Z'),
        at('2026-11-25T12:00:00.100Z'),
      ),
    );
    expect(serverClockOffset()).toBe(-600_000 + 500 - 50);
    expect(serverNow()).toBe(at('2026-11-25T11:50:00.450Z'));
    expect(heard).toHaveBeenCalledTimes(1);
    // A less precise reading that agrees changes nothing.
    learnServerClock(
      clockSample(
        'Wed, 25 Nov 2026 11:50:01 GMT',
        at('2026-11-25T12:00:00.500Z'),
        at('2026-11-25T12:00:01.100Z'),
      ),
    );
    expect(serverClockOffset()).toBe(-599_550);
    expect(heard).toHaveBeenCalledTimes(1);
    off();
  });

  it('stays on the browser clock when the server agrees within jitter', () => {
    learnServerClock(clockSample(new Date(Date.now() - 800).toUTCString(), Date.now() - 30, Date.now()));
    expect(serverClockOffset()).toBe(0);
  });
});
