import { describe, expect, it } from 'vitest';
import { countText, pluralSuffix } from './plural';

describe('pluralSuffix (000 §5)', () => {
  it("is 's' when the count is above 1 or exactly 0", () => {
    expect(pluralSuffix(0)).toBe('s');
    expect(pluralSuffix(2)).toBe('s');
    expect(pluralSuffix(1.5)).toBe('s');
  });

  it("is '' for exactly 1 and below", () => {
    expect(pluralSuffix(1)).toBe('');
    expect(pluralSuffix(0.5)).toBe('');
    expect(pluralSuffix(-1)).toBe('');
  });
});

describe('countText (000 §5 plural rule)', () => {
  it('names one thing in the singular, and none or several in the plural', () => {
    expect(countText(1, 'Result')).toBe('1 Result');
    expect(countText(1, 'item')).toBe('1 item');
    expect(countText(0, 'item')).toBe('0 items');
    expect(countText(1526, 'Result')).toBe('1,526 Results');
  });
});
