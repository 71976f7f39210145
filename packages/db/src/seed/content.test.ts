// The seed's description templates (review finding "Remaining" 1): a 1/1 is not described by its editions.
import { describe, expect, it } from 'vitest';
import { ONE_OF_ONE_PIECE_LINES, PIECE_LINES, pieceLinesFor } from './content';

describe('pieceLinesFor', () => {
  it('gives an edition of one lines that fit a 1/1, none about several editions', () => {
    const lines = pieceLinesFor(1);
    expect(lines).toBe(ONE_OF_ONE_PIECE_LINES);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toMatch(/every edition|edition number|owners of/i);
  });

  it('keeps the length and order of the edition lines, so the seed picks the same places', () => {
    expect(ONE_OF_ONE_PIECE_LINES).toHaveLength(PIECE_LINES.length);
    const changed = PIECE_LINES.filter((line, i) => ONE_OF_ONE_PIECE_LINES[i] !== line);
    expect(changed.length).toBeGreaterThan(0);
    for (const line of changed) expect(line).toMatch(/edition|Owners of/);
  });

  it('gives larger editions the usual lines', () => {
    expect(pieceLinesFor(10)).toBe(PIECE_LINES);
    expect(pieceLinesFor(99999)).toBe(PIECE_LINES);
  });
});
