// The one reader of a money amount typed in a form: the listing price (USD or ETH) and the USD amounts of the
// offer, bid and deposit forms, offer repricing and cash out. Strict, so that no amount is read as another:
// '12.50' and '1,250.00' (commas only between groups of three digits) are amounts; '12,50' (a decimal comma)
// is refused with a message rather than read as 1,250. Read digit by digit into integer minor units (cents,
// wei) as a bigint: never through floating point.
import { formatCents } from '../format/price';
import { CURRENCIES, type Currency, fromMinorUnits } from './currency';

/** What is wrong with a typed amount: nothing typed, text that is not an amount, or an amount too large to be one. */
export type AmountProblem = 'empty' | 'format' | 'too_large';

/** At most 12 whole digits, as the API's prices and amounts (leading zeros count). */
const MAX_WHOLE_DIGITS = 12;
const PLAIN = /^(\d+)(?:\.(\d+))?$/;
const GROUPED = /^(\d{1,3}(?:,\d{3})+)(?:\.(\d+))?$/;

/**
 * A typed amount of `currency` ('25', '0.5', '1,250.00'; '$12.50' in USD) as integer minor units (cents for
 * USD, wei for ETH). 'format' for anything else: a decimal comma or misplaced comma, more decimals than the
 * currency has (a fraction of a cent would be rounded away), more than 12 whole digits, a sign, an exponent.
 */
export function readAmount(text: string, currency: Currency): { units: bigint } | { problem: AmountProblem } {
  const trimmed = text.trim();
  const clean = currency === 'USD' ? trimmed.replace(/^\$\s*/, '') : trimmed;
  if (clean === '') return { problem: 'empty' };
  const found = PLAIN.exec(clean) ?? GROUPED.exec(clean);
  if (!found) return { problem: 'format' };
  const whole = (found[1] ?? '').replaceAll(',', '');
  const fraction = found[2] ?? '';
  const decimals = CURRENCIES[currency].decimals;
  if (fraction.length > decimals) return { problem: 'format' };
  if (whole.length > MAX_WHOLE_DIGITS) return { problem: 'too_large' };
  return { units: BigInt(whole + fraction.padEnd(decimals, '0')) };
}

/** The highest price or amount of a trade in cents, $10 million (a listing's price, an offer, a bid). */
export const MAX_TRADE_CENTS = 1_000_000_000;
/** A listing price above `MAX_TRADE_CENTS`: the API's answer, and the form's for a price too long to be one. */
export const PRICE_TOO_HIGH_MESSAGE = `The price is too high: at most ${formatCents(MAX_TRADE_CENTS)}`;
/** An offer or bid amount above `MAX_TRADE_CENTS`: the API's answer at the amount, and the forms'. */
export const AMOUNT_TOO_HIGH_MESSAGE = `The amount is too high: at most ${formatCents(MAX_TRADE_CENTS)}`;

/** The message for text that is not an amount (the API's own for an offer or bid amount). */
export const AMOUNT_FORMAT_MESSAGE = 'Enter an amount like 125 or 12.50';
/** The message for text that is not a price (the API's own for a listing price). */
export const PRICE_FORMAT_MESSAGE = 'Enter a price like 125 or 12.50';

/**
 * A typed dollar amount of the offer, bid and deposit forms, offer repricing and cash out ('25', '$12.5',
 * '1,250.00') as integer cents, or the message to show at the field. `range` bounds it (in cents); without
 * one, any amount above zero is one.
 */
export function readUsdAmount(
  text: string,
  range?: { min: number; max: number },
): { cents: number } | { error: string } {
  const read = readAmount(text, 'USD');
  if ('problem' in read) {
    if (read.problem === 'too_large')
      return {
        error: range
          ? `Enter an amount from ${formatCents(range.min)} to ${formatCents(range.max)}`
          : AMOUNT_TOO_HIGH_MESSAGE,
      };
    return { error: read.problem === 'empty' ? 'Enter an amount' : AMOUNT_FORMAT_MESSAGE };
  }
  // At most 12 whole digits: well within a safe integer of cents.
  const cents = Number(read.units);
  if (range) {
    if (cents < range.min || cents > range.max)
      return { error: `Enter an amount from ${formatCents(range.min)} to ${formatCents(range.max)}` };
  } else if (cents <= 0) return { error: 'Enter an amount above zero' };
  return { cents };
}

/**
 * An offer's or bid's typed amount: as `readUsdAmount`, and at most `MAX_TRADE_CENTS`, the API's limit, said in the
 * API's words (QA 2026-12-07: an amount above it was sent, and the refusal read 'Invalid request').
 */
export function readTradeAmount(text: string): { cents: number } | { error: string } {
  const read = readUsdAmount(text);
  return 'cents' in read && read.cents > MAX_TRADE_CENTS ? { error: AMOUNT_TOO_HIGH_MESSAGE } : read;
}

/**
 * The lowest listing price (001 §5's price rule, "price: >= 1 for USD, >= 0.001 for ETH"): $1.00 or 0.001 ETH, in
 * minor units. Below it a listing is refused: a price of 0 typed by mistake would give the NFT away.
 */
export const MIN_LISTING_UNITS: Record<Currency, bigint> = { USD: 100n, ETH: 10n ** 15n };

/** 001 §5's message for a listing price below the lowest, or null. */
export function listingMinimumProblem(units: bigint, currency: Currency): string | null {
  if (units >= MIN_LISTING_UNITS[currency]) return null;
  return `Please enter a value ${currency === 'USD' ? '1' : '0.001'} or greater`;
}

/**
 * A typed listing price in USD or ETH as integer minor units (cents, wei) and as the plain decimal the API
 * reads ('1,250.50' → '1250.5'), or the message to show (a price below the lowest, 001 §5, included; the API
 * decides the upper bound).
 */
export function readPrice(
  text: string,
  currency: Currency,
): { units: bigint; amount: string } | { error: string } {
  const read = readAmount(text, currency);
  if ('problem' in read) {
    if (read.problem === 'too_large') return { error: PRICE_TOO_HIGH_MESSAGE };
    return { error: read.problem === 'empty' ? 'Enter a price' : PRICE_FORMAT_MESSAGE };
  }
  const low = listingMinimumProblem(read.units, currency);
  if (low) return { error: low };
  return { units: read.units, amount: fromMinorUnits(read.units, currency) };
}

/** A listing amount as a seller reads it: '$1,250.00', '0.05 ETH'. */
export function formatListingUnits(units: bigint, currency: Currency): string {
  return currency === 'USD' ? formatCents(units) : `${fromMinorUnits(units, currency)} ETH`;
}

/**
 * What is wrong with a seller's discount (000 §3 listingDiscount) of `discountUnits` off a list price of
 * `listUnits`, both in `currency`'s minor unit, or null. A discount is above zero and leaves a price at or above
 * the lowest listing price (001 §5): a discount cannot give the NFT away, any more than a price of 0 can.
 */
export function discountProblem(listUnits: bigint, discountUnits: bigint, currency: Currency): string | null {
  if (discountUnits <= 0n) return 'Enter a discount above 0';
  const lowest = MIN_LISTING_UNITS[currency];
  if (listUnits - discountUnits >= lowest) return null;
  return `A discount must leave a price of ${formatListingUnits(lowest, currency)} or more: at most ${formatListingUnits(
    listUnits - lowest > 0n ? listUnits - lowest : 0n,
    currency,
  )} off ${formatListingUnits(listUnits, currency)}`;
}

/** A list price with no room for the discount the listing keeps: what the price field says. */
export function discountRoomMessage(discountUnits: bigint, currency: Currency): string {
  return `Your discount of ${formatListingUnits(discountUnits, currency)} needs a price of at least ${formatListingUnits(
    discountUnits + MIN_LISTING_UNITS[currency],
    currency,
  )}: lower or remove the discount first`;
}

/**
 * A typed discount off a list price of `listUnits` ('5', '$2.50'; ETH as typed), as integer minor units and
 * the plain decimal the API reads, or the message to show at the field.
 */
export function readDiscount(
  text: string,
  currency: Currency,
  listUnits: bigint,
): { units: bigint; amount: string } | { error: string } {
  const read = readAmount(text, currency);
  if ('problem' in read) {
    if (read.problem === 'empty') return { error: 'Enter a discount' };
    return { error: read.problem === 'too_large' ? 'The discount is too high' : AMOUNT_FORMAT_MESSAGE };
  }
  const problem = discountProblem(listUnits, read.units, currency);
  if (problem) return { error: problem };
  return { units: read.units, amount: fromMinorUnits(read.units, currency) };
}

/** Cents as the plain amount the API reads: 125000 → '1250.00'. */
export function amountText(cents: number): string {
  const digits = String(cents).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** An amount in a currency's minor unit, as the API answers it (000 §3 prices). */
export interface MinorUnitsPrice<C extends string = Currency> {
  amount: string;
  currency: C;
}

/**
 * A listing's 000 §3 `baseListingPrice` and `listingDiscount` from what a buyer pays (`paid`, as stored) and the
 * seller's discount in the same minor unit (null without one): the list price is the two added.
 */
export function listedPrices<C extends string>(
  paid: MinorUnitsPrice<C>,
  discount: string | null,
): { baseListingPrice: MinorUnitsPrice<C>; listingDiscount: MinorUnitsPrice<C> | null } {
  if (discount === null) return { baseListingPrice: paid, listingDiscount: null };
  return {
    baseListingPrice: {
      amount: (BigInt(paid.amount) + BigInt(discount)).toString(),
      currency: paid.currency,
    },
    listingDiscount: { amount: discount, currency: paid.currency },
  };
}

/** What a buyer pays for a listing: its list price less the seller's discount (`listedPrices` undone). */
export function paidPrice<C extends string>(listing: {
  baseListingPrice: MinorUnitsPrice<C>;
  listingDiscount: MinorUnitsPrice<C> | null;
}): MinorUnitsPrice<C> {
  const { baseListingPrice: base, listingDiscount: discount } = listing;
  if (!discount) return base;
  return { amount: (BigInt(base.amount) - BigInt(discount.amount)).toString(), currency: base.currency };
}
