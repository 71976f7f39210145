import type { PaymentMethod } from '../constants';
import type { Currency } from '../fx/currency';

/** Payment currency of a payment method: ETH for eth and prepaid_eth, otherwise USD (000 §3, §7 publisher fee). */
export function paymentCurrencyForMethod(method: PaymentMethod): Currency {
  return method === 'eth' || method === 'prepaid_eth' ? 'ETH' : 'USD';
}
