import {
  cardNiftyCounts,
  type DropCardButton,
  type DropCardViewer,
  dropCardButton,
  type SaleType,
} from '@vitrine/domain';

/** The drop types whose Buy opens the checkout page (000 §4); the others sell through bids and drawings. */
export const CHECKOUT_DROP_TYPES = new Set(['fcfs', 'open_edition', 'blind_edition', 'pack']);

export interface NiftyBuyInput {
  dropType: string | null;
  saleType: string;
  startTime: string | null;
  endTime: string | null;
  editionSize: number;
  totalSold: number;
  totalReserved: number;
  totalBurnt: number;
}

/**
 * The nifty page's Buy / Mint button by the drop cards' own label function (001 §4 priority): 'Unavailable'
 * when every edition is reserved, 'Not yet Available' / 'Ended', 'None Available' once any is burnt, 'Sold
 * Out' ('Sold' for other sale types) when sold and reserved editions leave none, else Buy (Mint for an open
 * edition). Null for drop types checkout does not sell, or without a sale window. Burn-required and free
 * redemption niftys keep their checkout (which burns or redeems), and eligibility is the API's answer.
 */
export function niftyBuyButton(
  input: NiftyBuyInput,
  now: number,
  /** The viewer as their eligibility says ('Not Eligible to Buy', 'Validated account required'); none: unknown. */
  viewer: DropCardViewer = {},
): DropCardButton | null {
  if (input.dropType === null || !CHECKOUT_DROP_TYPES.has(input.dropType)) return null;
  if (!input.startTime || !input.endTime) return null;
  return dropCardButton(
    {
      nifty: cardNiftyCounts(input),
      saleType: (input.dropType === 'open_edition' ? 'open_edition' : input.saleType) as SaleType,
      saleDetails: {},
      startDate: input.startTime,
      endDate: input.endTime,
    },
    now,
    viewer,
  );
}
