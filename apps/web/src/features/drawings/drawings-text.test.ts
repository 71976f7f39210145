import { describe, expect, it } from 'vitest';
import type { Drawing } from './drawings-api';
import { cardReadIn, entriesText, nextReadIn, viewerEntryText } from './drawings-text';

// 000 §5: a plural suffix when the count is above 1 or exactly 0.
describe('entriesText', () => {
  it('says "entry" for one and "entries" for none or several', () => {
    expect(entriesText(0)).toBe('0 entries');
    expect(entriesText(1)).toBe('1 entry');
    expect(entriesText(2)).toBe('2 entries');
  });
});

describe('nextReadIn', () => {
  const at = Date.parse('2026-12-07T12:00:00Z');
  const drawing = (o: Partial<Drawing>) =>
    ({ status: 'open', startDate: null, endDate: null, ...o }) as Drawing;
  it('reads again just after the close of an open drawing, at most a minute apart', () => {
    expect(nextReadIn(drawing({ endDate: '2026-12-07T12:00:05Z' }), at)).toBe(5_500);
    expect(nextReadIn(drawing({ endDate: '2026-12-07T13:00:00Z' }), at)).toBe(60_000);
    // Past the close by this clock, the server not there yet (a browser clock ahead): every 5 s.
    expect(nextReadIn(drawing({ endDate: '2026-12-07T11:00:00Z' }), at)).toBe(5_000);
  });
  it('at the opening of an upcoming one, every 10 s while it waits for its draw, never once drawn', () => {
    expect(nextReadIn(drawing({ status: 'upcoming', startDate: '2026-12-07T12:00:10Z' }), at)).toBe(10_500);
    expect(nextReadIn(drawing({ status: 'closed' }), at)).toBe(10_000);
    expect(nextReadIn(drawing({ status: 'drawn' }), at)).toBe(false);
    expect(nextReadIn(undefined, at)).toBe(false);
  });
});

// Review 2026-12-07: every drawing card read its drawing at least once a minute (nextReadIn) for as long as the
// drawing was open, for every viewer of a drop page, and all of them in the same second at the close.
describe('cardReadIn (a drop card reads its drawing at the opening and the close only)', () => {
  const at = Date.parse('2026-12-07T12:00:00Z');
  const drawing = (o: Partial<Drawing>) =>
    ({ status: 'open', startDate: null, endDate: null, ...o }) as Drawing;
  it('waits for the close however far it is, each card a little after it', () => {
    expect(cardReadIn(drawing({ endDate: '2026-12-07T13:00:00Z' }), 0, at)).toBe(3_600_500);
    expect(cardReadIn(drawing({ endDate: '2026-12-07T13:00:00Z' }), 4_000, at)).toBe(3_604_500);
    expect(cardReadIn(drawing({ status: 'upcoming', startDate: '2026-12-09T12:00:00Z' }), 0, at)).toBe(
      2 * 86_400_000 + 500,
    );
    // Beyond what a browser timer takes (it would fire at once): the longest wait it takes.
    expect(cardReadIn(drawing({ endDate: '2027-06-07T12:00:00Z' }), 0, at)).toBe(2_147_483_647);
  });
  it('past the close by this clock every 10 s, once closed every minute, never once drawn', () => {
    expect(cardReadIn(drawing({ endDate: '2026-12-07T11:00:00Z' }), 0, at)).toBe(10_000);
    expect(cardReadIn(drawing({ status: 'closed' }), 2_000, at)).toBe(62_000);
    expect(cardReadIn(drawing({ status: 'drawn' }), 0, at)).toBe(false);
    expect(cardReadIn(undefined, 0, at)).toBe(false);
  });
});

describe('viewerEntryText (the results page tells the viewer what became of their entry)', () => {
  it('says won, not drawn, forfeited or entered', () => {
    const e = (status: 'entered' | 'won' | 'lost' | 'forfeited', promoted = false) => ({
      id: 7,
      status,
      promoted,
    });
    expect(viewerEntryText(e('won'))).toEqual({ text: 'You won', tone: 'success' });
    // The next in the draw order, a forfeited edition passed to them: won too.
    expect(viewerEntryText(e('won', true))).toEqual({ text: 'You won', tone: 'success' });
    expect(viewerEntryText(e('lost'))).toEqual({ text: 'You were not drawn', tone: 'info' });
    expect(viewerEntryText(e('forfeited'))).toEqual({ text: 'Your win was forfeited', tone: 'warning' });
    expect(viewerEntryText(e('entered'))).toEqual({ text: 'You are entered', tone: 'info' });
  });
});
