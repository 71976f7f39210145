import { countdownParts } from '@vitrine/domain';
import { describe, expect, it } from 'vitest';
import { countdownText } from './countdown-text';

const parts = (ms: number) => {
  const value = countdownParts(ms, 0);
  if (!value) throw new Error('invalid');
  return value;
};

describe('countdown text', () => {
  it('shows seconds under one hour', () => {
    expect(countdownText(parts(59 * 60_000 + 5_000))).toBe('00:59:05');
  });

  it('shows 00:00:00 when finished', () => {
    expect(countdownText(parts(0))).toBe('00:00:00');
  });

  it('shows whole minutes from one hour up, as it ticks once a minute', () => {
    expect(countdownText(parts(3_600_000))).toBe('01h 00m');
    expect(countdownText(parts(2 * 86_400_000 + 5 * 3_600_000 + 13 * 60_000 + 27_000))).toBe('2d 05h 13m');
  });
});
