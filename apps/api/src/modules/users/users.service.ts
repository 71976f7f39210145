// Profile, profile edits, preferences and phone verification (000 §3, §4, §7 "Account").
import { randomBytes } from 'node:crypto';
import type { UnitOfWork } from '@vitrine/db';
import {
  type AlterProfileInput,
  AppError,
  ERROR_TYPES,
  isReservedStorefrontSlug,
  type PreferencesInput,
  type Profile,
  phoneNumberSchema,
  type TwoFactorMethod,
} from '@vitrine/domain';
import type { Clock } from '../../lib/clock';
import type { Notifier } from '../../lib/notifier';
import type { RateLimiter } from '../../lib/rate-limit';
import type { AccountsConfig } from '../auth/auth.config';
import { type AuthContext, CODE_TTL_MS, ERRORS } from '../auth/auth.service';
import { hashCode, newCode } from '../auth/tokens';
import type { MediaStore } from '../media/media-store';
import { CASHOUT_METHODS } from '../trading/balance.service';
import type { ProfileRow, UsersRepo } from './users.repo';

export const PROFILE_PICTURE_MAX_BYTES = 700 * 1024;
const PHONE_MAX_ATTEMPTS = 5;

const phoneErrors = {
  invalid: () =>
    new AppError({
      errorType: ERROR_TYPES.twilio,
      message: 'Phone number is not valid. Please check your phone number and try again',
      statusCode: 400,
    }),
  used: () =>
    new AppError({
      errorType: ERROR_TYPES.alreadyUsedPhoneNumber,
      message: 'This phone number has already been registered by another account.',
      statusCode: 400,
    }),
  noRegistration: () =>
    new AppError({
      errorType: ERROR_TYPES.phoneRegistration,
      message: 'There was an issue registering your phone number.',
      statusCode: 400,
    }),
  /** Two-factor by text sends its codes to this number: removing it would leave the codes nowhere to go. */
  usedForTwoFactor: () =>
    new AppError({
      errorType: 'phone_used_for_two_factor',
      message:
        'Your two-factor codes are sent to this number: turn two-factor off first (in your account settings), then remove it.',
      statusCode: 409,
    }),
};

/** What a step-up code sent for a change of the phone number says it confirms. */
const PHONE_CHANGE_ACTION = 'changing your phone number';

const invalidField = (field: string, message: string) =>
  new AppError({
    errorType: 'validation-error',
    message: 'Invalid request',
    statusCode: 400,
    fields: { [field]: message },
  });

/** Image types accepted for a profile picture, recognised by their first bytes. */
function sniffImage(bytes: Buffer): { ext: string; type: string } | null {
  const hex = bytes.subarray(0, 12).toString('hex');
  if (hex.startsWith('89504e470d0a1a0a')) return { ext: 'png', type: 'image/png' };
  if (hex.startsWith('ffd8ff')) return { ext: 'jpg', type: 'image/jpeg' };
  if (hex.startsWith('474946383761') || hex.startsWith('474946383961'))
    return { ext: 'gif', type: 'image/gif' };
  if (hex.startsWith('52494646') && bytes.subarray(8, 12).toString('latin1') === 'WEBP') {
    return { ext: 'webp', type: 'image/webp' };
  }
  if (bytes.subarray(4, 12).toString('latin1') === 'ftypavif') return { ext: 'avif', type: 'image/avif' };
  return null;
}

/** '+12025550143' → { countryCode: '+1', phoneNumber: '2025550143' }; other countries keep the whole number. */
function splitPhone(e164: string): { countryCode: string | null; phoneNumber: string } {
  if (e164.startsWith('+1') && e164.length === 12) return { countryCode: '+1', phoneNumber: e164.slice(2) };
  return { countryCode: null, phoneNumber: e164 };
}

export function toProfile(r: ProfileRow): Profile {
  const u = r.user;
  return {
    id: u.id,
    name: u.name,
    firstName: u.firstName,
    lastName: u.lastName,
    bio: u.bio,
    email: u.email,
    user_email: u.email,
    emailVerified: u.emailVerified,
    profileUrl: u.profileUrl,
    profile_url: u.profileUrl,
    profilePicUrl: u.profilePicUrl,
    profile_pic_url: u.profilePicUrl,
    walletAddress: u.walletAddress,
    verified: u.verified,
    creator: u.creator,
    twoFAEnabled: u.twoFaEnabled,
    twoFAMethod: (r.twoFaMethod as TwoFactorMethod | null) ?? null,
    shouldSkipTwofaPrompt: r.shouldSkipPrompt,
    verifiedPhone: u.verifiedPhone,
    countryCode: u.countryCode,
    country_code: u.countryCode,
    phoneNumber: u.phoneNumber,
    phone_number: u.phoneNumber,
    socialLinks: u.socialLinks,
    preferences: u.preferences,
    addresses: [],
    paymentMethods: { cards: { data: [] } },
    account_balance_in_cents: r.balanceCents,
    available_balance_in_cents: r.availableCents,
    paymentPreference: 'card',
    verifiedPurchaseEnabled: false,
    is_bid_safety_net_exempt: u.isBidSafetyNetExempt,
    max_bid_allowance_override_in_cents: u.maxBidAllowanceOverrideInCents,
    needsTermsAndConditionsApproval: u.needsTermsAndConditionsApproval,
    cashoutMethods: [...CASHOUT_METHODS],
    userGUSDCashoutAddress: null,
    userHasGUSDCashoutAddress: false,
    userCanCreateNiftyStores: r.publishers.length > 0,
    publisherPermissions: r.publishers,
    hasPassword: r.hasPassword,
    is_user_odyssey_first: false,
    waitlist: false,
    spratt_player_info: null,
    spratt_player_type: null,
    spratt_voting_info: null,
  };
}

export function createUsersService(deps: {
  repo: UsersRepo;
  /** The same repo bound to one transaction. */
  unit: UnitOfWork<UsersRepo>;
  clock: Clock;
  config: AccountsConfig;
  notifier: Notifier;
  limiter: RateLimiter;
  media: MediaStore;
  requireVerifiedEmail(userId: number): Promise<unknown>;
  /**
   * The second factor before a change of the phone number (auth's `stepUp`): nothing while two-factor is off, else
   * 403 two_factor_required (a code sent) or two_factor_invalid. A session alone must not move where codes go.
   */
  stepUp(userId: number, code: string | undefined, action: string): Promise<void>;
  /** The method of the user's two-factor, or null while it is off. */
  twoFactorMethod(userId: number): Promise<string | null>;
}) {
  const { repo, unit, clock, notifier, limiter, media } = deps;
  const limits = deps.config.rateLimits;

  async function profile(userId: number): Promise<Profile> {
    const row = await repo.profile(userId, clock.now());
    if (!row) throw ERRORS.unauthorized();
    return toProfile(row);
  }

  async function phoneState(userId: number): Promise<{ verified: boolean; phone_number: string | null }> {
    const p = await repo.profile(userId, clock.now());
    if (!p) throw ERRORS.unauthorized();
    if (p.user.verifiedPhone && p.user.phoneNumber) {
      return { verified: true, phone_number: `${p.user.countryCode ?? ''}${p.user.phoneNumber}` };
    }
    const pending = await repo.pendingPhone(userId);
    return { verified: false, phone_number: pending?.phoneNumber ?? null };
  }

  async function sendPhoneCode(userId: number, e164: string): Promise<void> {
    const code = newCode();
    const at = clock.now();
    await repo.putPendingPhone(
      userId,
      e164,
      hashCode(`phone:${userId}:${e164}`, code),
      new Date(at.getTime() + CODE_TTL_MS),
      at,
    );
    await notifier.send({
      channel: 'sms',
      to: e164,
      kind: 'phone_verification',
      text: `Your Vitrine verification code is ${code}. It expires in 10 minutes.`,
      code,
    });
  }

  /**
   * A publisher's slug or a word the site's paths keep: not a profile URL (profile URLs and storefront slugs share one
   * space, as the storefront editor refuses the reverse; security review 2026-12-07: a user took 'atlas').
   */
  async function nameOfAStorefront(url: string): Promise<boolean> {
    return isReservedStorefrontSlug(url) || (await repo.isPublisherSlug(url));
  }

  return {
    profile,

    async alterProfile(auth: AuthContext, input: AlterProfileInput): Promise<Profile> {
      if (input.profile_url) {
        const owner = await repo.profileUrlOwner(input.profile_url);
        if ((owner !== null && owner !== auth.userId) || (await nameOfAStorefront(input.profile_url))) {
          throw new AppError({
            errorType: 'profile_url_taken',
            message: 'This profile URL is already taken.',
            statusCode: 400,
            fields: { profile_url: 'This profile URL is already taken.' },
          });
        }
      }
      // A new profile URL: the old one is kept for this user (nobody else takes a name an allowlist or a link
      // still means them by), in one unit with the change.
      const profileUrl = input.profile_url;
      if (profileUrl) await unit.run((tx) => tx.changeProfileUrl(auth.userId, profileUrl, clock.now()));
      await repo.update(
        auth.userId,
        {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.bio !== undefined ? { bio: input.bio } : {}),
          ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
          ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
        },
        clock.now(),
      );
      return profile(auth.userId);
    },

    async updatePicture(
      auth: AuthContext,
      dataUrl: string,
    ): Promise<{ profilePicUrl: string; profile_pic_url: string }> {
      const match = /^data:[\w/+.-]{1,64};base64,([A-Za-z0-9+/=\s]+)$/.exec(dataUrl);
      if (!match?.[1]) throw invalidField('new_profile_pic', 'Unsupported image type');
      const bytes = Buffer.from(match[1], 'base64');
      if (bytes.length > PROFILE_PICTURE_MAX_BYTES)
        throw invalidField('new_profile_pic', 'Image is too large');
      const kind = sniffImage(bytes);
      if (!kind) throw invalidField('new_profile_pic', 'Unsupported image type');
      const url = await media.put(
        `avatars/${auth.userId}-${randomBytes(8).toString('hex')}.${kind.ext}`,
        bytes,
        kind.type,
      );
      await repo.update(auth.userId, { profilePicUrl: url }, clock.now());
      return { profilePicUrl: url, profile_pic_url: url };
    },

    async setSocialLinks(auth: AuthContext, links: { kind: string; url: string }[]) {
      await deps.requireVerifiedEmail(auth.userId);
      await repo.update(auth.userId, { socialLinks: links }, clock.now());
      return { socialLinks: links };
    },

    async isProfileUrlTaken(profileUrl: string, auth: AuthContext | null) {
      const owner = await repo.profileUrlOwner(profileUrl);
      const taken = (owner !== null && owner !== auth?.userId) || (await nameOfAStorefront(profileUrl));
      return { profile_url: profileUrl, taken };
    },

    async setPreferences(auth: AuthContext, input: PreferencesInput) {
      // Read, merge, write under the user row's lock: two changes at once both survive.
      return unit.run(async (tx) => {
        const current = await tx.lockPreferences(auth.userId);
        if (!current) throw ERRORS.unauthorized();
        const preferences: Record<string, unknown> = { ...current };
        for (const [k, v] of Object.entries(input)) if (v !== undefined) preferences[k] = v;
        await tx.update(auth.userId, { preferences }, clock.now());
        return { preferences };
      });
    },

    // ---- phone verification ----

    async phoneVerification(auth: AuthContext) {
      return { message: await phoneState(auth.userId) };
    },

    async startPhoneVerification(auth: AuthContext, to: string, twoFactorCode?: string) {
      await deps.requireVerifiedEmail(auth.userId);
      const parsed = phoneNumberSchema.safeParse(to.replace(/[\s()-]/g, ''));
      if (!parsed.success) throw phoneErrors.invalid();
      if (await repo.phoneUsedByOther(auth.userId, parsed.data)) throw phoneErrors.used();
      // With two-factor on, the number a confirmed code would make the account's (and, by text, where its codes
      // go) is the owner's to choose: the factor first (security review 2026-12-06).
      await deps.stepUp(auth.userId, twoFactorCode, PHONE_CHANGE_ACTION);
      await limiter.consume('send-account', `user:${auth.userId}`, limits['send-account']);
      await sendPhoneCode(auth.userId, parsed.data);
      return { message: { verified: false, phone_number: parsed.data }, sent: true };
    },

    async confirmPhoneVerification(auth: AuthContext, code: string) {
      await limiter.consume('verify-account', `user:${auth.userId}`, limits['verify-account']);
      const pending = await repo.pendingPhone(auth.userId);
      if (!pending) throw phoneErrors.noRegistration();
      const at = clock.now();
      const codeHash = hashCode(`phone:${auth.userId}:${pending.phoneNumber}`, code);
      if (
        pending.expiresAt.getTime() <= at.getTime() ||
        pending.attempts >= PHONE_MAX_ATTEMPTS ||
        codeHash !== pending.codeHash
      ) {
        await repo.failPendingPhone(auth.userId);
        throw ERRORS.invalidCode();
      }
      if (await repo.phoneUsedByOther(auth.userId, pending.phoneNumber)) throw phoneErrors.used();
      const parts = splitPhone(pending.phoneNumber);
      if (!(await repo.confirmPhone(auth.userId, pending.phoneNumber, codeHash, parts, at)))
        throw ERRORS.invalidCode();
      return { message: { verified: true, phone_number: pending.phoneNumber } };
    },

    async resendPhoneVerification(auth: AuthContext) {
      const pending = await repo.pendingPhone(auth.userId);
      if (!pending) throw phoneErrors.noRegistration();
      await limiter.consume('send-account', `user:${auth.userId}`, limits['send-account']);
      await sendPhoneCode(auth.userId, pending.phoneNumber);
      return { message: { verified: false, phone_number: pending.phoneNumber }, sent: true };
    },

    async removePhoneVerification(auth: AuthContext, twoFactorCode?: string) {
      const p = await repo.profile(auth.userId, clock.now());
      const verified = Boolean(p?.user.verifiedPhone && p.user.phoneNumber);
      if (verified) {
        const method = await deps.twoFactorMethod(auth.userId);
        if (method === 'sms') throw phoneErrors.usedForTwoFactor();
        await deps.stepUp(auth.userId, twoFactorCode, PHONE_CHANGE_ACTION);
      }
      await repo.deletePendingPhone(auth.userId);
      if (p?.user.verifiedPhone || p?.user.phoneNumber) {
        await repo.update(
          auth.userId,
          { verified: false, verifiedPhone: false, phoneNumber: null, countryCode: null },
          clock.now(),
        );
      }
      return { message: { verified: false, phone_number: null } };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
