import { describe, expect, it } from 'vitest';
import {
  collectionStatus,
  countdownChipLabel,
  countdownChipTarget,
  countdownParts,
  countdownTickMs,
  formatCountdown,
  hideUpcomingAlert,
  isDroppingThisWeek,
  isWithinCountdownRange,
  msUntilStatusChange,
  statusLabel,
} from './countdown';

const START = '2025-02-18T12:00:00Z';
const END = '2025-02-20T12:00:00Z';
const at = (iso: string) => new Date(iso);

describe('collectionStatus (000 §4 "live if now >= start and < end")', () => {
  it('is upcoming before start', () => {
    expect(collectionStatus(START, END, at('2025-02-18T11:59:59.999Z'))).toBe('upcoming');
  });

  it('is live from the start instant until just before the end', () => {
    expect(collectionStatus(START, END, at(START))).toBe('live');
    expect(collectionStatus(START, END, at('2025-02-20T11:59:59.999Z'))).toBe('live');
  });

  it('is ended at and after the end', () => {
    expect(collectionStatus(START, END, at(END))).toBe('ended');
    expect(collectionStatus(START, END, at('2025-03-01T00:00:00Z'))).toBe('ended');
  });

  it('treats a missing bound as open on that side', () => {
    expect(collectionStatus(START, null, at('2030-01-01T00:00:00Z'))).toBe('live');
    expect(collectionStatus(undefined, END, at('2000-01-01T00:00:00Z'))).toBe('live');
  });

  it('accepts epoch milliseconds and Dates', () => {
    expect(collectionStatus(Date.parse(START), at(END), Date.parse(START) - 1)).toBe('upcoming');
  });

  it('returns null for invalid dates or no dates', () => {
    expect(collectionStatus('next week', END, at(START))).toBeNull();
    expect(collectionStatus(START, 'never', at(START))).toBeNull();
    expect(collectionStatus(START, END, Number.NaN)).toBeNull();
    expect(collectionStatus(null, null, at(START))).toBeNull();
  });
});

describe('statusLabel (000 §4, 001 §4)', () => {
  it('labels each status', () => {
    expect(statusLabel('upcoming')).toBe('Starts in');
    expect(statusLabel('live')).toBe('Ends in');
    expect(statusLabel('ended')).toBe('Ended');
    expect(statusLabel(null)).toBeNull();
  });
});

describe('countdownParts and formatCountdown (001 §4 "Finished shows 00:00:00")', () => {
  it('splits the remaining time', () => {
    const parts = countdownParts(END, at('2025-02-18T08:56:55Z'));
    expect(parts).toEqual({
      days: 2,
      hours: 3,
      minutes: 3,
      seconds: 5,
      remainingMs: 183_785_000,
      done: false,
    });
    expect(formatCountdown(parts)).toBe('2d 03:03:05');
  });

  it('formats under a day as HH:MM:SS', () => {
    expect(formatCountdown(countdownParts(START, at('2025-02-18T11:00:01Z')))).toBe('00:59:59');
  });

  it('is done and shows 00:00:00 once the target has passed', () => {
    const parts = countdownParts(START, at('2025-02-19T00:00:00Z'));
    expect(parts).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, remainingMs: 0, done: true });
    expect(formatCountdown(parts)).toBe('00:00:00');
  });

  it('shows nothing for invalid dates', () => {
    expect(countdownParts('soon', at(START))).toBeNull();
    expect(formatCountdown(countdownParts('soon', at(START)))).toBe('');
  });
});

describe('countdownTickMs (000 §4 "ticks every second when under 1 hour remains")', () => {
  it('ticks every second under an hour and every minute otherwise', () => {
    expect(countdownTickMs(3_599_999)).toBe(1000);
    expect(countdownTickMs(0)).toBe(1000);
    expect(countdownTickMs(3_600_000)).toBe(60_000);
  });
});

describe("isDroppingThisWeek (000 §4 'Dropping This Week')", () => {
  it('is true when the start is within 7 days', () => {
    expect(isDroppingThisWeek(START, at('2025-02-11T12:00:00Z'))).toBe(true);
    expect(isDroppingThisWeek(START, at('2025-02-18T11:00:00Z'))).toBe(true);
  });

  it('is false further out, once started, or for invalid dates', () => {
    expect(isDroppingThisWeek(START, at('2025-02-11T11:59:59Z'))).toBe(false);
    expect(isDroppingThisWeek(START, at(START))).toBe(false);
    expect(isDroppingThisWeek('soon', at(START))).toBe(false);
  });
});

describe('hideUpcomingAlert (000 §4 "hidden within 2100 seconds of start")', () => {
  it('shows the alert more than 2100 seconds before start', () => {
    expect(hideUpcomingAlert(START, at('2025-02-18T11:24:59Z'))).toBe(false);
  });

  it('hides it within 2100 seconds, after start, and for invalid dates', () => {
    expect(hideUpcomingAlert(START, at('2025-02-18T11:25:00Z'))).toBe(true);
    expect(hideUpcomingAlert(START, at('2025-02-18T13:00:00Z'))).toBe(true);
    expect(hideUpcomingAlert('soon', at(START))).toBe(true);
  });
});

describe('isWithinCountdownRange (000 §9 "an item within 3 days gets a countdown")', () => {
  it('counts down to a start at most 3 days away', () => {
    expect(isWithinCountdownRange(START, END, at('2025-02-15T12:00:00Z'))).toBe(true);
    expect(isWithinCountdownRange(START, END, at('2025-02-15T11:59:59Z'))).toBe(false);
  });

  it('counts down to an end at most 3 days away while live', () => {
    expect(isWithinCountdownRange(START, END, at(START))).toBe(true);
    expect(isWithinCountdownRange(START, '2025-03-18T12:00:00Z', at(START))).toBe(false);
  });

  it('gives no countdown once ended or without dates', () => {
    expect(isWithinCountdownRange(START, END, at(END))).toBe(false);
    expect(isWithinCountdownRange(START, null, at(START))).toBe(false);
    expect(isWithinCountdownRange('soon', END, at(START))).toBe(false);
  });
});

describe('countdownChipLabel (001 §2 "Countdown chip")', () => {
  it("reads 'Today,' before a start later the same calendar day", () => {
    expect(countdownChipLabel(START, END, at('2025-02-18T00:00:00Z'), 'UTC')).toBe('Today,');
  });

  it("reads 'Tomorrow,' before a start the next calendar day", () => {
    expect(countdownChipLabel(START, END, at('2025-02-17T23:59:59Z'), 'UTC')).toBe('Tomorrow,');
  });

  it("reads 'Starts' before a later start", () => {
    expect(countdownChipLabel(START, END, at('2025-02-16T23:59:59Z'), 'UTC')).toBe('Starts');
  });

  it('uses the calendar day of the given time zone', () => {
    // 2025-02-18T12:00Z is 2025-02-19 01:00 in Auckland; now is 2025-02-18 13:00 there.
    expect(countdownChipLabel(START, END, at('2025-02-18T00:00:00Z'), 'Pacific/Auckland')).toBe('Tomorrow,');
  });

  it("reads 'Ends in' while live, nothing after", () => {
    expect(countdownChipLabel(START, END, at(START), 'UTC')).toBe('Ends in');
    expect(countdownChipLabel(START, END, at(END), 'UTC')).toBeNull();
    expect(countdownChipLabel('soon', END, at(START), 'UTC')).toBeNull();
  });
});

describe('countdownChipTarget (001 §4 "Countdown", 000/001 §9 "within 3 days gives a countdown")', () => {
  it('counts down to the start of an upcoming drop within 3 days', () => {
    expect(countdownChipTarget(START, END, at('2025-02-18T02:28:00Z'))).toBe('start');
    expect(countdownChipTarget(START, END, at('2025-02-15T12:00:00Z'))).toBe('start');
  });

  it('shows no countdown further than 3 days before the start', () => {
    expect(countdownChipTarget(START, END, at('2025-02-15T11:59:59Z'))).toBeNull();
  });

  it('counts down to the end while live, nothing once ended', () => {
    expect(countdownChipTarget(START, END, at(START))).toBe('end');
    expect(countdownChipTarget(START, END, at(END))).toBeNull();
    expect(countdownChipTarget('soon', END, at(START))).toBeNull();
  });
});

describe('msUntilStatusChange (001 §4: at zero an upcoming drop becomes live, a live one ended)', () => {
  it('is the time to the start while upcoming and to the end while live', () => {
    expect(msUntilStatusChange(START, END, at('2025-02-18T11:59:58Z'))).toBe(2000);
    expect(msUntilStatusChange(START, END, at('2025-02-20T11:59:59Z'))).toBe(1000);
  });

  it('is null once ended or without valid dates', () => {
    expect(msUntilStatusChange(START, END, at(END))).toBeNull();
    expect(msUntilStatusChange('soon', END, at(START))).toBeNull();
  });
});
