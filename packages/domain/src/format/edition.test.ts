import { describe, expect, it } from 'vitest';
import { editionNumber, isUnlimitedEdition } from './edition';

describe('editionNumber (000 §5, 001 §5)', () => {
  it('uses the text after # in the token name', () => {
    expect(editionNumber('Mask #12', '20100010003', 100)).toBe('12');
    expect(editionNumber('Genesis #1/50', 7n, 50)).toBe('1/50');
  });

  it('falls back to the last 4 digits of the token id', () => {
    expect(editionNumber('Mask', '20100010003', 100)).toBe('3');
    expect(editionNumber(null, '20100010123', 9999)).toBe('123');
    expect(editionNumber(undefined, '4567', 9999)).toBe('4567');
    expect(editionNumber('Ends with #', '42', 10)).toBe('42');
  });

  it('uses the whole id when the collection has more than 9999 items', () => {
    expect(editionNumber('Open edition', '123456', 10000)).toBe('123456');
    expect(editionNumber('Open edition', '123456', 9999)).toBe('3456');
  });

  it('keeps bigint token ids above 2^53 exact', () => {
    const id = 2n ** 64n + 1n; // 18446744073709551617
    expect(editionNumber('', id, 100_000)).toBe('18446744073709551617');
    expect(editionNumber('', id, 10)).toBe('1617');
    expect(editionNumber('', '98765432109876543210', 1)).toBe('3210');
  });
});

describe('isUnlimitedEdition (000 §9)', () => {
  it('hides 99999999 and 99999 as unlimited', () => {
    expect(isUnlimitedEdition(99999999)).toBe(true);
    expect(isUnlimitedEdition(99999)).toBe(true);
  });

  it('keeps other sizes', () => {
    expect(isUnlimitedEdition(9999)).toBe(false);
    expect(isUnlimitedEdition(100000)).toBe(false);
    expect(isUnlimitedEdition(null)).toBe(false);
  });
});
