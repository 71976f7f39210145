import { describe, expect, it } from 'vitest';
import { heldElsewhereText } from './quantity-limit';

describe("heldElsewhereText: editions in other collectors' checkouts", () => {
  it('says how many are held and that they may come back, beside what this checkout offers', () => {
    expect(heldElsewhereText(1, false)).toBe(
      "1 more edition is in other collectors' checkouts, back on sale if not paid for within 15 minutes.",
    );
    expect(heldElsewhereText(3, false)).toBe(
      "3 more editions are in other collectors' checkouts, back on sale if not paid for within 15 minutes.",
    );
  });
  it("is not 'Sold Out' when every edition left is held: try again later", () => {
    expect(heldElsewhereText(2, true)).toBe(
      "No edition is free right now: the last 2 are in other collectors' checkouts. Those not paid for come back within 15 minutes: please try again then.",
    );
    expect(heldElsewhereText(1, true)).toMatch(/^No edition is free right now: the last one is in/);
  });
});
