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

/** 'Visa •••• 4242': the brand and the last four digits, the rest masked (web receipt and receipt email). */
export function paymentCardLabel(card: PaymentCardSummary): string {
  return `${card.brand} •••• ${card.last4}`;
}
