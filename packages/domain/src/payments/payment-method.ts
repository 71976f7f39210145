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
