// Account forms (000 §5): one schema per form, shared by the web form and the API handler, with
// the spec's exact messages. Contract: docs/decisions/003-accounts-api.md.
import { z } from 'zod';
import {
  INVALID_VERIFICATION_CODE,
  PASSWORD_MIN_LENGTH,
  SOCIAL_LINK_KINDS,
  TWO_FACTOR_CODE_MIN_LENGTH,
} from '../constants';

export const PASSWORD_MAX_LENGTH = 128;

export const VALIDATION_MESSAGES = {
  required: 'Required',
  invalidEmail: 'Invalid email address',
  passwordMinLength: 'Password must contain at least 8 characters',
  passwordSpecial: 'Password must contain one special character or number',
  passwordMaxLength: 'Password must contain at most 128 characters',
  passwordCommon: 'This password is too common. Choose one that is harder to guess.',
  passwordContainsEmail: 'Password must not contain your email name.',
  invalidVerificationCode: INVALID_VERIFICATION_CODE,
  invalidWalletAddress: 'Invalid wallet address',
  invalidPhoneNumber: 'Phone number is not valid. Please check your phone number and try again',
  profileUrlFormat: 'Use 3 to 30 letters, numbers, hyphens or underscores',
  tooLong: 'Too long',
  invalidUrl: 'Must be an http or https URL',
} as const;

const M = VALIDATION_MESSAGES;

/** The "standard email pattern" of 000 §5. */
export const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i;
/** A digit, punctuation or symbol: "one special character or number". */
const SPECIAL_OR_NUMBER = /[\p{N}\p{P}\p{S}]/u;

/** A required text field: missing, not a string or blank reads 'Required'. */
export const requiredText = (max = 200) =>
  z.string({ error: M.required }).trim().min(1, M.required).max(max, M.tooLong);

export const emailSchema = z
  .string({ error: M.required })
  .trim()
  .min(1, M.required)
  .max(254, M.invalidEmail)
  .regex(EMAIL_PATTERN, M.invalidEmail);

/** A new password (signup, reset, change): 8 to 128 characters with a special character or number. */
export const passwordSchema = z
  .string({ error: M.required })
  .min(1, M.required)
  .min(PASSWORD_MIN_LENGTH, M.passwordMinLength)
  .max(PASSWORD_MAX_LENGTH, M.passwordMaxLength)
  .regex(SPECIAL_OR_NUMBER, M.passwordSpecial);

/** Passwords are compared, hashed and verified in Unicode NFC: 'é' typed composed or decomposed is one password. */
export function normalizePassword(password: string): string {
  return password.normalize('NFC');
}

/**
 * Whether a new password contains the account's email name: the whole email, or its local part
 * (before the '@') when that is at least 3 characters; case-insensitive, in NFC.
 */
export function passwordContainsEmailName(password: string, email: string): boolean {
  const p = normalizePassword(password).toLowerCase();
  const e = normalizePassword(email.trim()).toLowerCase();
  if (!e) return false;
  const at = e.lastIndexOf('@');
  const name = at >= 0 ? e.slice(0, at) : e;
  return p.includes(e) || (name.length >= 3 && p.includes(name));
}

/** The live checklist under the signup password field (000 §5). */
export function passwordChecklist(password: string): { label: string; met: boolean }[] {
  return [
    { label: '8 characters', met: password.length >= PASSWORD_MIN_LENGTH },
    { label: 'A special character or number', met: SPECIAL_OR_NUMBER.test(password) },
  ];
}

/** Login form: email required and valid; password required (any length: old passwords still sign in). */
export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: M.required }).min(1, M.required).max(PASSWORD_MAX_LENGTH, M.passwordMaxLength),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** Two-factor code: required, at least 5 characters. */
export const twoFactorCodeSchema = z.object({
  code: z
    .string({ error: M.required })
    .trim()
    .min(1, M.required)
    .min(TWO_FACTOR_CODE_MIN_LENGTH, M.invalidVerificationCode)
    .max(64, M.invalidVerificationCode),
});

/** Signup with email and password. */
export const signupPasswordSchema = z
  .object({
    email: emailSchema,
    firstName: requiredText(100),
    lastName: requiredText(100),
    password: passwordSchema,
  })
  .superRefine((v, ctx) => {
    if (passwordContainsEmailName(v.password, v.email)) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: M.passwordContainsEmail });
    }
  });
export type SignupPasswordInput = z.infer<typeof signupPasswordSchema>;

/** Signup with a wallet: the form checks email, first name and last name only. */
export const signupWalletSchema = z.object({
  email: emailSchema,
  firstName: requiredText(100),
  lastName: requiredText(100),
});
export type SignupWalletInput = z.infer<typeof signupWalletSchema>;

export const walletAddressSchema = z
  .string({ error: M.required })
  .trim()
  .min(1, M.required)
  .regex(/^0x[0-9a-fA-F]{40}$/, M.invalidWalletAddress);

/** Phone verification code (000 §5): required; the server judges the rest. */
export const verificationCodeSchema = z.object({
  code: z.string({ error: M.required }).trim().min(1, M.required).max(64, M.invalidVerificationCode),
});

/** 000 §5: spaces, parentheses and the first hyphen are stripped before sending. */
export function normalizePhoneInput(input: string): string {
  return input.replace(/[\s()]/g, '').replace('-', '');
}

/** An international number as sent to the API: '+', country code and number, 8 to 15 digits. */
export const phoneNumberSchema = z
  .string({ error: M.required })
  .trim()
  .min(1, M.required)
  .regex(/^\+[1-9]\d{7,14}$/, M.invalidPhoneNumber);

export const resetPasswordSchema = z.object({ email: emailSchema });

export const confirmResetPasswordSchema = z.object({
  reset_token: z.string({ error: M.required }).trim().min(1, M.required).max(200, M.tooLong),
  new_password: passwordSchema,
});

export const changePasswordSchema = z.object({
  current_password: z.string({ error: M.required }).min(1, M.required).max(PASSWORD_MAX_LENGTH, M.tooLong),
  new_password: passwordSchema,
});

/** A profile URL ({profile_url} in /profile/{profile_url}). */
export const profileUrlSchema = z
  .string({ error: M.required })
  .trim()
  .min(1, M.required)
  .regex(/^[A-Za-z0-9_-]{3,30}$/, M.profileUrlFormat);

export const alterProfileSchema = z.object({
  name: z.string().trim().min(1, M.required).max(100, M.tooLong).optional(),
  bio: z.string().trim().max(1000, M.tooLong).optional(),
  profile_url: profileUrlSchema.optional(),
  first_name: z.string().trim().min(1, M.required).max(100, M.tooLong).optional(),
  last_name: z.string().trim().min(1, M.required).max(100, M.tooLong).optional(),
});
export type AlterProfileInput = z.infer<typeof alterProfileSchema>;

/** Profile social link kinds: the spec's kinds (001 §3), stored lowercase ('x', 'website', …). */
export const PROFILE_SOCIAL_LINK_KINDS = SOCIAL_LINK_KINDS.map((k) => k.toLowerCase());

const httpUrl = z
  .string({ error: M.required })
  .trim()
  .min(1, M.required)
  .max(500, M.tooLong)
  .refine((v) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), M.invalidUrl);

export const socialLinksSchema = z.object({
  socialLinks: z
    .array(
      z.object({
        kind: z
          .string({ error: M.required })
          .trim()
          .toLowerCase()
          .refine((k) => PROFILE_SOCIAL_LINK_KINDS.includes(k), 'Unknown link kind'),
        url: httpUrl,
      }),
    )
    .max(10, 'At most 10 links'),
});

export const preferencesSchema = z.object({
  displayCurrency: z.enum(['USD', 'ETH']).optional(),
  storefrontTabPref: z.enum(['NFTS', 'Collections']).optional(),
  budget: z.coerce.number().int().min(0).max(1_000_000_000_000).optional(),
});
export type PreferencesInput = z.infer<typeof preferencesSchema>;

/** The `fields` of a 400: the first message per field, keyed by its dotted path. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'request';
    fields[key] ??= issue.message;
  }
  return fields;
}
