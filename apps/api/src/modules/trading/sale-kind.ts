// How a drop's nifty sells (checkout, bids, drawings, the edition jobs): one rule, in a module of its own so that
// every service can import it.

/** The drop types whose primary sale checkout takes (decision 009 "Primary sales"); #15 adds the others. */
export const CHECKOUT_DROP_TYPES = ['fcfs', 'open_edition', 'blind_edition', 'pack'] as const;

/**
 * How a drop's nifty sells, the one rule checkout, bids, drawings and the edition jobs all go by: its own sale type
 * (an auction kind, a drawing, an open or a blind edition), and a fixed-price ('standard') nifty first come first
 * serve, or as a pack in a pack drop. A studio drop mixes sale types and takes the type chosen last, so the drop's
 * type says nothing more (primary-sales review, 2026-12-06: by the drop's type, a 1/1 auction in a drawing-type drop
 * was given away by the drawing, and an FCFS NFT of 3 in an open-edition-type drop sold 10). Null: not sold in a drop.
 */
export function checkoutKindOf(n: { dropType: string | null; saleType: string }): string | null {
  if (n.dropType === null || n.saleType === 'not_for_sale') return null;
  if (n.saleType === 'standard') return n.dropType === 'pack' ? 'pack' : 'fcfs';
  return n.saleType;
}
