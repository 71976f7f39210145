import { describe, expect, it } from 'vitest';
import { isZeroAddress, shortenAddress, ZERO_ADDRESS } from './address';

describe('shortenAddress (000 §5)', () => {
  it('keeps the first 6 and last 6 characters with an ellipsis', () => {
    expect(shortenAddress('0x52908400098527886E0F7030069857D2E4169EE7')).toBe('0x5290…169EE7');
  });

  it('shortens the null address like any other', () => {
    expect(shortenAddress(ZERO_ADDRESS)).toBe('0x0000…000000');
  });

  it('returns inputs that would not get shorter unchanged', () => {
    expect(shortenAddress('')).toBe('');
    expect(shortenAddress('0x1234')).toBe('0x1234');
    expect(shortenAddress('0x1234567890a')).toBe('0x1234567890a'); // 13 characters
  });

  it('shortens from 14 characters on, with one ellipsis character, never three dots', () => {
    expect(shortenAddress('0x1234567890ab')).toBe('0x1234…7890ab');
    expect(shortenAddress(ZERO_ADDRESS)).not.toContain('...');
  });
});

describe('isZeroAddress (000 §9)', () => {
  it('recognises the null address', () => {
    expect(ZERO_ADDRESS).toBe('0x0000000000000000000000000000000000000000');
    expect(isZeroAddress(ZERO_ADDRESS)).toBe(true);
    expect(isZeroAddress(` ${ZERO_ADDRESS.toUpperCase().replace('0X', '0x')} `)).toBe(true);
  });

  it('rejects other addresses and missing values', () => {
    expect(isZeroAddress('0x0000000000000000000000000000000000000001')).toBe(false);
    expect(isZeroAddress('0x000000000000000000000000000000000000000')).toBe(false);
    expect(isZeroAddress(null)).toBe(false);
    expect(isZeroAddress(undefined)).toBe(false);
  });
});
