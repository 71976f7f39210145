// Shapes of the accounts API answers (docs/decisions/003-accounts-api.md), for the API's response
// schemas and for the web app to read them safely.
import { z } from 'zod';

export const TWO_FACTOR_METHODS = ['sms', 'email', 'totp', 'one_touch'] as const;
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  scope: z.string(),
  expiry_date: z.number().int(),
  prompt2fa: z.boolean(),
  shouldSkipTwofaPrompt: z.boolean(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const twoFactorChallengeSchema = z.object({
  twofa_token: z.string(),
  method: z.enum(TWO_FACTOR_METHODS),
  phone_number: z.string().nullable(),
  email: z.string().nullable(),
  one_touch: z.boolean(),
  expires_in: z.number().int(),
  one_touch_expires_in: z.number().int().optional(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** The token call answers tokens or, for a user with two-factor on, a challenge. */
export const tokenOrChallengeSchema = z.union([tokenResponseSchema, twoFactorChallengeSchema]);

/** The JSON login calls: { data, prompt2fa }. */
export const loginResponseSchema = z.object({
  data: tokenOrChallengeSchema,
  prompt2fa: z.boolean(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const twoFactorLoginResponseSchema = z.object({
  data: tokenResponseSchema,
  prompt2fa: z.boolean(),
  shouldSkipTwofaPrompt: z.boolean(),
});
export type TwoFactorLoginResponse = z.infer<typeof twoFactorLoginResponseSchema>;

/** A one-touch approval not yet given (HTTP 202). */
export const pendingOneTouchSchema = z.object({ status: z.literal('pending'), expires_in: z.number().int() });
export type PendingOneTouch = z.infer<typeof pendingOneTouchSchema>;

/** A new account, signed in (HTTP 201 of the signup call). */
export const signupResponseSchema = z.object({
  data: tokenResponseSchema,
  prompt2fa: z.boolean(),
  user: z.object({ id: z.number().int(), email: z.string(), profileUrl: z.string() }),
});
export type SignupResponse = z.infer<typeof signupResponseSchema>;

export const walletMessageSchema = z.object({
  nonce: z.string(),
  message: z.string(),
  message_to_sign: z.string(),
  expires_at: z.string(),
});
export type WalletMessage = z.infer<typeof walletMessageSchema>;

export const socialLinkSchema = z.object({ kind: z.string(), url: z.string() });
export type SocialLink = z.infer<typeof socialLinkSchema>;

export const profileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  bio: z.string(),
  email: z.string().nullable(),
  user_email: z.string().nullable(),
  emailVerified: z.boolean(),
  profileUrl: z.string(),
  profile_url: z.string(),
  profilePicUrl: z.string().nullable(),
  profile_pic_url: z.string().nullable(),
  walletAddress: z.string().nullable(),
  verified: z.boolean(),
  creator: z.boolean(),
  twoFAEnabled: z.boolean(),
  twoFAMethod: z.enum(TWO_FACTOR_METHODS).nullable(),
  shouldSkipTwofaPrompt: z.boolean(),
  verifiedPhone: z.boolean(),
  countryCode: z.string().nullable(),
  country_code: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  phone_number: z.string().nullable(),
  socialLinks: z.array(socialLinkSchema),
  preferences: z.record(z.string(), z.unknown()),
  addresses: z.array(z.unknown()),
  paymentMethods: z.object({ cards: z.object({ data: z.array(z.unknown()) }) }),
  account_balance_in_cents: z.number().int(),
  /** The balance less what is held for open offers: what a purchase, bid or cash out may spend. */
  available_balance_in_cents: z.number().int(),
  paymentPreference: z.string(),
  verifiedPurchaseEnabled: z.boolean(),
  is_bid_safety_net_exempt: z.boolean(),
  max_bid_allowance_override_in_cents: z.number().int().nullable(),
  needsTermsAndConditionsApproval: z.boolean(),
  cashoutMethods: z.array(z.unknown()),
  userGUSDCashoutAddress: z.string().nullable(),
  userHasGUSDCashoutAddress: z.boolean(),
  userCanCreateNiftyStores: z.boolean(),
  /** Publishers the user may act for (001 §3 "Publisher permission: slug"), sorted by name. */
  publisherPermissions: z.array(z.object({ slug: z.string(), name: z.string() })),
  /** False for wallet-only accounts: account settings offers 'Set a password' instead of 'Change'. */
  hasPassword: z.boolean(),
  is_user_odyssey_first: z.boolean(),
  waitlist: z.boolean(),
  /** Objects of a game the original product ran; always null here. */
  spratt_player_info: z.record(z.string(), z.unknown()).nullable(),
  spratt_player_type: z.string().nullable(),
  spratt_voting_info: z.record(z.string(), z.unknown()).nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * 000 §7 `GET /user/get-purchase-info/`: what a purchase needs to know of the signed-in user (the spec names the
 * call, not its fields): the profile's balances, saved payment methods and preference, addresses, and the checks a
 * purchase or a bid makes (phone, verified purchase, terms, the bid safety net).
 */
export const purchaseInfoSchema = profileSchema.pick({
  account_balance_in_cents: true,
  available_balance_in_cents: true,
  paymentMethods: true,
  paymentPreference: true,
  addresses: true,
  verifiedPhone: true,
  verifiedPurchaseEnabled: true,
  needsTermsAndConditionsApproval: true,
  is_bid_safety_net_exempt: true,
  max_bid_allowance_override_in_cents: true,
});
export type PurchaseInfo = z.infer<typeof purchaseInfoSchema>;

export const twoFactorStatusSchema = z.object({
  twoFAEnabled: z.boolean(),
  method: z.enum(TWO_FACTOR_METHODS).nullable(),
  shouldSkipTwofaPrompt: z.boolean(),
  pendingMethod: z.enum(TWO_FACTOR_METHODS).nullable(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** The start of a two-factor enrollment: where a code went (sms, email, one_touch) or, for totp, the secret. */
export const twoFactorEnrollmentSchema = z.object({
  method: z.enum(TWO_FACTOR_METHODS),
  sent_to: z.string().optional(),
  secret: z.string().optional(),
  otpauth_url: z.string().optional(),
  qr_code: z.string().optional(),
});
export type TwoFactorEnrollment = z.infer<typeof twoFactorEnrollmentSchema>;

export const phoneVerificationSchema = z.object({
  message: z.object({ verified: z.boolean(), phone_number: z.string().nullable() }),
  sent: z.boolean().optional(),
});

export const sessionSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  method: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type AccountSession = z.infer<typeof sessionSchema>;

/** 000 §3: expiry_date is a ms timestamp = now + expires_in × 1000. */
export function expiryDateFrom(expiresIn: number, nowMs: number): number {
  return nowMs + expiresIn * 1000;
}
