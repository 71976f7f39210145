import { describe, expect, it } from 'vitest';
import { DROP_STATUSES } from '../constants';
import { dropStatusLabel, isDropReadOnly } from './drop-status';

describe('dropStatusLabel (000 §4, 001 §4)', () => {
  it('labels every publisher drop status', () => {
    expect(DROP_STATUSES.map(dropStatusLabel)).toEqual([
      'Unpublished',
      'Published',
      'Live',
      'Closed',
      'Error',
    ]);
  });
});

describe('isDropReadOnly (001 §4 "Live and closed drops are view-only")', () => {
  it('locks live and closed drops only', () => {
    expect(isDropReadOnly('published_live')).toBe(true);
    expect(isDropReadOnly('published_closed')).toBe(true);
    expect(isDropReadOnly('draft')).toBe(false);
    expect(isDropReadOnly('published_scheduled')).toBe(false);
    expect(isDropReadOnly('error')).toBe(false);
  });
});
