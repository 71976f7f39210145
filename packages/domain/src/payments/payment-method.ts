import type { PaymentMethod } from '../constants';
import type { Currency } from '../fx/currency';

/** Payment currency of a payment method: ETH for eth and prepaid_eth, otherwise USD (000 §3, §7 publisher fee). */
export function paymentCurrencyForMethod(method: PaymentMethod): Currency {
  return method === 'eth' || method === 'prepaid_eth' ? 'ETH' : 'USD';
}

/** The card that paid, as a receipt names it (decision 009 "The card on the receipt"). */
export interface PaymentCardSummary {
  brand: string;
  last4: string;
}

/** Processors' card brands (Stripe's `card.brand`) as a receipt names them (000 §1 card brands). */
const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** A card brand as a person reads it: 'visa' is Visa, 'amex' American Express; other brands capitalised. */
export function cardBrandName(brand: string): string {
  const key = brand.toLowerCase();
  return Object.hasOwn(BRAND_NAMES, key)
    ? (BRAND_NAMES[key] as string)
    : brand.charAt(0).toUpperCase() + brand.slice(1);
}

/**
 * 'Visa •••• 4242': the brand and the last four digits, the rest masked (web receipt and receipt email). The brand
 * is named here too, so a card kept as the processor spelt it ('visa', in rows written before the receipt named
 * cards) reads the same.
 */
export function paymentCardLabel(card: PaymentCardSummary): string {
  return `${cardBrandName(card.brand)} •••• ${card.last4}`;
}

/**
 * Test tokens of the simulated Klarna and Gemini providers: what their own scripts would hand over (decision 009
 * "Stripe, Klarna, Gemini"). Both are always simulated, so the web's Klarna choice sends the approving one and the
 * buyer then confirms on the simulated Klarna step.
 */
export const SIM_EXTERNAL_TOKENS = {
  /** Klarna: the buyer is sent to Klarna (a second step), then authorised. */
  klarnaApproves: 'tok_klarna_sim_approve',
  /** Klarna refuses the buyer up front. */
  klarnaDeclines: 'tok_klarna_sim_decline',
  /** Gemini: the connected account's balance covers it. */
  geminiFunded: 'tok_gemini_sim_funded',
  /** Gemini: the balance is too low. */
  geminiInsufficient: 'tok_gemini_sim_insufficient',
} as const;
