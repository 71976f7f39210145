import { describe, expect, it } from 'vitest';
import { isoToTableDate, typedDateInput } from './date-input';

describe('table date inputs (MM/DD/YYYY)', () => {
  it('adds the slashes while typing', () => {
    expect(typedDateInput('06152026')).toBe('06/15/2026');
    expect(typedDateInput('061')).toBe('06/1');
    expect(typedDateInput('ab')).toBe('');
  });

  it('shows an ISO date as MM/DD/YYYY', () => {
    expect(isoToTableDate('2026-06-15')).toBe('06/15/2026');
    expect(isoToTableDate(null)).toBe('');
  });
});
