import { DROP_TYPES } from '@vitrine/domain';
import { describe, expect, it } from 'vitest';
import { dropTypeLabel } from './drop-type-label';

describe('drop type label', () => {
  it('names the drop types as the spec shows them (001 §1)', () => {
    expect(dropTypeLabel('fcfs')).toBe('First Come First Serve');
    expect(dropTypeLabel('auction')).toBe('1/1 Auction');
    expect(dropTypeLabel('open_edition')).toBe('Open Edition');
    for (const type of DROP_TYPES) expect(dropTypeLabel(type)).not.toContain('_');
  });

  it('title-cases unknown codes', () => {
    expect(dropTypeLabel('dutch_auction')).toBe('Dutch Auction');
  });
});
