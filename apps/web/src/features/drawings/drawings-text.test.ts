import { describe, expect, it } from 'vitest';
import { entriesText } from './drawings-text';

// 000 §5: a plural suffix when the count is above 1 or exactly 0.
describe('entriesText', () => {
  it('says "entry" for one and "entries" for none or several', () => {
    expect(entriesText(0)).toBe('0 entries');
    expect(entriesText(1)).toBe('1 entry');
    expect(entriesText(2)).toBe('2 entries');
  });
});
