import { z } from 'zod';

// Exchange-rate currencies: the payment currencies of 000 §3.
export const currency = z.enum(['USD', 'ETH', 'GUSD', 'DAI']);

export const decimal = z
  .string()
  .trim()
  .regex(/^\d{1,20}(\.\d{1,18})?$/, 'Must be a positive decimal number, e.g. 3150.25')
  .refine((v) => /[1-9]/.test(v), 'Must be greater than 0');

export const fxRate = z.object({
  id: z.number().int(),
  source_currency: z.string(),
  base_currency: z.string(),
  price: z.string(),
  created_at: z.string(),
});

/** The token of an `Authorization: Bearer …` header, if any. */
export function bearerToken(header: string | undefined): string | undefined {
  return header?.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : undefined;
}
