import { describe, expect, it } from 'vitest';
import { pluralSuffix } from './plural';

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
