import { describe, expect, it } from 'vitest';
import { pageItems } from './page-items';

describe('page items', () => {
  it('shows the first, the last and two pages either side of the current one', () => {
    expect(pageItems(6, 20)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 'gap', 20]);
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(1, 1)).toEqual([1]);
  });
});
