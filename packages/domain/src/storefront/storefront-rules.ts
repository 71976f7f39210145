// The storefront editor (001 §3 "Storefront", §5, §9): one schema for the web form and the API.
import { z } from 'zod';
import {
  BIO_MAX_LENGTH,
  SOCIAL_LINK_KINDS,
  STOREFRONT_NAME_MAX_LENGTH,
  STOREFRONT_SLUG_MAX_LENGTH,
} from '../constants';
import { parseUrl } from '../url/parse-url';

export const STOREFRONT_MESSAGES = {
  required: 'Required input',
  nameTooLong: 'Name must be under 65 characters',
  bioTooLong: 'Your bio exceeds the 1000 character limit.',
  slugTooLong: 'Slug must be under 36 characters',
  slugCharacters: 'Use only letters, numbers, - and _',
  slugTaken: 'This slug is already taken. Please try a different one',
  mediaUrl: 'Upload a picture first',
  linkUrl: 'Enter a valid https URL',
  linkKind: 'Choose a kind of link',
  tooManyLinks: 'A storefront has at most 20 links',
  linkNotFound: 'This link no longer exists',
  saved: 'Storefront saved',
  saveFailed: 'Your changes could not be saved. Please try again',
} as const;

/**
 * First path segments of the web app's own pages and hosts: a storefront at /{slug} named like one of them
 * could never be reached, so such slugs are taken.
 */
export const RESERVED_STOREFRONT_SLUGS: readonly string[] = [
  'about',
  'account',
  'api',
  'auctionbid',
  'buypage',
  'careers',
  'checkout',
  'collections',
  'dashboard',
  'dev',
  'drawing',
  'explore',
  'help-centre',
  'listing-checkout',
  'login',
  'makeglobaloffer',
  'marketplace',
  'new-login',
  'onboarding',
  'privacy-policy',
  'productions',
  'profile',
  'publish-drop',
  'publishers',
  'rankedbid',
  'reset-password',
  'search',
  'security-report',
  'signup',
  'terms-of-use',
  'verify-email',
];

export function isReservedStorefrontSlug(slug: string): boolean {
  return RESERVED_STOREFRONT_SLUGS.includes(slug.toLowerCase());
}

/** A storefront may list this many social links. */
export const STOREFRONT_MAX_SOCIAL_LINKS = 20;

const SLUG = /^[A-Za-z0-9_-]+$/;
/** Stored media (an upload's URL): `/api/media/…` or an https URL. */
const MEDIA_URL = /^(\/api\/media\/[A-Za-z0-9._/-]{1,300}|https:\/\/[^\s]{1,2000})$/;

export const storefrontNameSchema = z
  .string()
  .trim()
  .min(1, STOREFRONT_MESSAGES.required)
  .max(STOREFRONT_NAME_MAX_LENGTH, STOREFRONT_MESSAGES.nameTooLong);
export const storefrontBioSchema = z.string().max(BIO_MAX_LENGTH, STOREFRONT_MESSAGES.bioTooLong);
export const storefrontSlugSchema = z
  .string()
  .trim()
  .min(1, STOREFRONT_MESSAGES.required)
  .max(STOREFRONT_SLUG_MAX_LENGTH, STOREFRONT_MESSAGES.slugTooLong)
  .regex(SLUG, STOREFRONT_MESSAGES.slugCharacters);
export const storefrontMediaUrlSchema = z.string().regex(MEDIA_URL, STOREFRONT_MESSAGES.mediaUrl).nullable();

/** PATCH /api/publisher/{slug}/: every field optional; `description` is the bio. */
export const storefrontUpdateSchema = z.object({
  name: storefrontNameSchema.optional(),
  description: storefrontBioSchema.optional(),
  slug: storefrontSlugSchema.optional(),
  profilePicUrl: storefrontMediaUrlSchema.optional(),
  coverPhotoUrl: storefrontMediaUrlSchema.optional(),
});
export type StorefrontUpdate = z.output<typeof storefrontUpdateSchema>;

/** A valid https URL (social links open in a new tab). */
export function isHttpsUrl(value: string): boolean {
  if (value.length > 2000 || /\s/.test(value)) return false;
  const url = parseUrl(value);
  return (
    url !== null && url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password
  );
}

export const socialLinkInputSchema = z.object({
  kind: z.enum(SOCIAL_LINK_KINDS, { error: STOREFRONT_MESSAGES.linkKind }),
  url: z.string().trim().refine(isHttpsUrl, STOREFRONT_MESSAGES.linkUrl),
});
export type SocialLinkInput = z.output<typeof socialLinkInputSchema>;

/** Characters left before a limit, for the editor's counters ('12/1000'). */
export function characterCount(value: string, max: number): { used: number; max: number; over: boolean } {
  return { used: value.length, max, over: value.length > max };
}
