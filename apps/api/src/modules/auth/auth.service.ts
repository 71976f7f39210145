// Accounts decisions: sign-in (password, wallet), two-factor, refresh rotation, revoke, signup,
// email verification, password reset and change, sessions. Contract: docs/decisions/003-accounts-api.md.

import type { UnitOfWork } from '@vitrine/db';
import {
  AppError,
  EMAIL_VERIFICATION_TTL_MS,
  ONE_TOUCH_ACTIVE_MS,
  type TokenResponse,
  type TwoFactorChallenge,
  type TwoFactorMethod,
} from '@vitrine/domain';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { Background } from '../../lib/background';
import type { Clock } from '../../lib/clock';
import type { Notifier } from '../../lib/notifier';
import { type RateLimiter, type Reservation, rateLimitedError } from '../../lib/rate-limit';
import { noUserFound, type WalletsService } from '../wallets/wallets.service';
import type { AccountsConfig } from './auth.config';
import { type AccountUser, type AuthRepo, isUniqueViolation } from './auth.repo';
import type { Captcha, CaptchaLevel } from './captcha';
import { assertStrongPassword, hashPassword, verifyPassword } from './password';
import type { RequestMeta } from './request-meta';
import { hashCode, hashToken, maskEmail, maskPhone, newCode, newId, newToken } from './tokens';

export const TWOFA_CHALLENGE_TTL_MS = 10 * 60_000;
export const CODE_TTL_MS = 10 * 60_000;
export const RESET_TTL_MS = 60 * 60_000;
const TOTP_PERIOD = 30;

export interface AuthContext {
  userId: number;
  sessionId: string;
  /** The user must agree to the current terms before a purchase, listing or offer (read with the session). */
  termsRequired: boolean;
}

export type LoginOutcome =
  | { kind: 'tokens'; tokens: TokenResponse }
  | { kind: 'challenge'; challenge: TwoFactorChallenge };
export type TwoFactorOutcome =
  | { kind: 'tokens'; tokens: TokenResponse }
  | { kind: 'pending'; expiresIn: number };

const err = (statusCode: number, errorType: string, message: string, fields?: Record<string, string>) =>
  new AppError({ statusCode, errorType, message, fields });

export const ERRORS = {
  invalidCredentials: () => err(400, 'invalid_grant', 'Invalid credentials'),
  invalidRefresh: () => err(400, 'invalid_grant', 'Invalid refresh token'),
  unauthorized: () => err(401, 'unauthorized', 'Request credentials could not be verified.'),
  invalidCode: () => err(400, 'invalid_code', 'Invalid verification code'),
  twofaExpired: () => err(400, 'twofa_expired', 'This sign-in attempt has expired. Please sign in again.'),
  oneTouch: () => err(400, 'one_touch', 'Authy One-Touch check has failed. Please try again.'),
  emailTaken: () =>
    err(400, 'email_taken', 'An account with this email already exists.', {
      email: 'An account with this email already exists.',
    }),
  walletTaken: () => err(400, 'wallet_taken', 'This wallet is already connected to an account.'),
  emailVerificationRequired: () =>
    err(403, 'email_verification_required', 'Email must be verified to perform this action'),
  invalidResetToken: () => err(400, 'invalid_token', 'This reset link is invalid or has expired.'),
  noEnrollment: () => err(400, 'no_enrollment', 'Start two-factor enrollment first.'),
  phoneRequired: () => err(400, 'phone_required', 'Verify your phone number first.'),
  twoFactorEnabled: () =>
    err(
      409,
      'twofa_enabled',
      'Two-factor authentication is already on. Turn it off first (with your password, or your two-factor code if your account has no password) to change the method.',
    ),
  notFound: (what: string) => err(404, 'not-found', `${what} not found`),
  required: (field: string) => err(400, 'validation-error', 'Invalid request', { [field]: 'Required' }),
  botCheckRequired: () =>
    err(
      429,
      'bot_check_required',
      'Too many failed sign-ins for this account. Complete the extra check to continue.',
    ),
};

export interface SignupInput {
  grantType: 'password' | 'wallet';
  email: string;
  firstName: string;
  lastName: string;
  password?: string;
  walletAddress?: string;
  signature?: string;
  message?: string;
  referral?: string;
  subscribe: boolean;
}

export function createAuthService(deps: {
  repo: AuthRepo;
  /** The same repo bound to one transaction, for steps that write more than once. */
  unit: UnitOfWork<AuthRepo>;
  clock: Clock;
  config: AccountsConfig;
  notifier: Notifier;
  captcha: Captcha;
  limiter: RateLimiter;
  wallets: WalletsService;
  background: Background;
}) {
  const { repo, unit, clock, config, notifier, captcha, limiter, wallets, background } = deps;
  const limits = config.rateLimits;
  const now = () => clock.now();

  async function issueTokens(
    userId: number,
    method: string,
    meta: RequestMeta,
    opts: { prompt2fa?: boolean } = {},
  ): Promise<TokenResponse> {
    const at = now();
    const access = newToken('vat');
    const refresh = newToken('vrt');
    await repo.createSession({
      id: newId(),
      userId,
      method,
      ip: meta.ip,
      userAgent: meta.userAgent,
      at,
      access: {
        hash: hashToken(access),
        expiresAt: new Date(at.getTime() + config.accessTokenTtlSeconds * 1000),
      },
      refresh: {
        hash: hashToken(refresh),
        expiresAt: new Date(at.getTime() + config.refreshTokenTtlSeconds * 1000),
      },
    });
    return tokenResponse(userId, access, refresh, at, opts.prompt2fa);
  }

  async function tokenResponse(
    userId: number,
    access: string,
    refresh: string,
    at: Date,
    prompt2fa?: boolean,
  ): Promise<TokenResponse> {
    const tf = await repo.twoFactor(userId);
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: config.accessTokenTtlSeconds,
      refresh_token: refresh,
      scope: 'read write',
      expiry_date: at.getTime() + config.accessTokenTtlSeconds * 1000,
      prompt2fa: prompt2fa ?? (!tf.enabled && !tf.shouldSkipPrompt),
      shouldSkipTwofaPrompt: tf.shouldSkipPrompt,
    };
  }

  /** A code by text to the user's verified phone, else by email (two-factor sign-in, a step-up check). */
  async function sendCode(
    user: { countryCode: string | null; phoneNumber: string | null; email: string | null },
    method: string,
    message: { kind: 'twofa_code' | 'step_up_code'; subject: string; text: string; code: string },
  ): Promise<void> {
    if (method === 'sms') {
      const phone = `${user.countryCode ?? ''}${user.phoneNumber ?? ''}`;
      await notifier.send({
        channel: 'sms',
        to: phone,
        kind: message.kind,
        text: message.text,
        code: message.code,
      });
      return;
    }
    await notifier.send({ channel: 'email', to: user.email ?? '', ...message });
  }

  /** Either tokens (no two-factor) or a challenge (code sent, or one-touch request sent). */
  async function completeFirstFactor(
    user: AccountUser,
    loginMethod: string,
    meta: RequestMeta,
  ): Promise<LoginOutcome> {
    const tf = await repo.twoFactor(user.id);
    if (!tf.enabled || !tf.method)
      return { kind: 'tokens', tokens: await issueTokens(user.id, loginMethod, meta) };
    const method = tf.method as TwoFactorMethod;
    const at = now();
    const id = newId();
    const twofaToken = newToken('vtf');
    await repo.insertChallenge({
      id,
      tokenHash: hashToken(twofaToken),
      userId: user.id,
      method,
      loginMethod,
      ip: meta.ip,
      userAgent: meta.userAgent,
      expiresAt: new Date(at.getTime() + TWOFA_CHALLENGE_TTL_MS),
      createdAt: at,
    });
    await sendChallenge(id, user, method, meta, false);
    const phone =
      user.countryCode && user.phoneNumber ? `${user.countryCode}${user.phoneNumber}` : user.phoneNumber;
    return {
      kind: 'challenge',
      challenge: {
        twofa_token: twofaToken,
        method,
        phone_number: method === 'sms' && phone ? maskPhone(phone) : null,
        email: (method === 'email' || method === 'one_touch') && user.email ? maskEmail(user.email) : null,
        one_touch: method === 'one_touch',
        expires_in: TWOFA_CHALLENGE_TTL_MS / 1000,
        ...(method === 'one_touch' ? { one_touch_expires_in: ONE_TOUCH_ACTIVE_MS / 1000 } : {}),
      },
    };
  }

  async function sendChallenge(
    challengeId: string,
    user: AccountUser,
    method: TwoFactorMethod,
    meta: RequestMeta,
    resend: boolean,
  ): Promise<void> {
    const at = now();
    if (method === 'sms' || method === 'email') {
      const code = newCode();
      await repo.updateChallenge(
        challengeId,
        {
          codeHash: hashCode(`twofa:${challengeId}`, code),
          codeExpiresAt: new Date(at.getTime() + CODE_TTL_MS),
        },
        { countResend: resend },
      );
      await sendCode(user, method, {
        kind: 'twofa_code',
        subject: 'Your Vitrine sign-in code',
        text: `Your Vitrine sign-in code is ${code}. It expires in 10 minutes.`,
        code,
      });
    } else if (method === 'one_touch') {
      const approval = newToken('vot');
      await repo.updateChallenge(
        challengeId,
        {
          oneTouchStatus: 'pending',
          oneTouchExpiresAt: new Date(at.getTime() + ONE_TOUCH_ACTIVE_MS),
          approvalTokenHash: hashToken(approval),
        },
        { countResend: resend },
      );
      const link = `${meta.apiOrigin}/api/user/twofa/one-touch/${approval}/`;
      await notifier.send({
        channel: 'email',
        to: user.email ?? '',
        kind: 'twofa_one_touch',
        subject: 'Approve your Vitrine sign-in',
        text: `Someone is signing in to your Vitrine account${meta.ip ? ` from ${meta.ip}` : ''}. Approve or deny within 30 seconds: ${link}`,
        link,
      });
    }
  }

  /** A TOTP code is accepted once (RFC 6238 §5.2): its step is claimed, and no earlier one is taken after it. */
  async function checkTotp(userId: number, secret: string, code: string): Promise<boolean> {
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), period: TOTP_PERIOD });
    const timestamp = now().getTime();
    const delta = totp.validate({ token: code.trim(), timestamp, window: 1 });
    if (delta === null) return false;
    const step = Math.floor(timestamp / 1000 / TOTP_PERIOD) + delta;
    return repo.claimTotpStep(userId, step, now());
  }

  const NO_RESERVATION: Reservation = { allowed: true, retryAfterMs: 0, release: async () => {} };

  /**
   * One password attempt for `email`, counted before the password is checked, so guesses sent at once
   * cannot all pass a count made before any of them failed (issue #11 finding 1). Past the account's
   * limit the attempt is not refused outright, which would lock the owner out (finding 6): an address
   * that signed in to the account before has a limit of its own, and any other needs the stronger
   * bot check (decision 003 "Sign-in limits").
   */
  async function reservePasswordAttempt(
    email: string,
    owner: AccountUser | null,
    meta: RequestMeta,
    level: CaptchaLevel,
  ): Promise<Reservation> {
    const limit = limits['login-account'];
    const slot = await limiter.reserve('login-account', email, limit);
    if (slot.allowed) return slot;
    if (owner && (await repo.signedInFrom(owner.id, meta.ip))) {
      const known = await limiter.reserve(
        'login-account-known',
        `${email}|${meta.ip}`,
        limits['login-account-known'],
      );
      if (known.allowed) return known;
    }
    if (level === 'hard') return NO_RESERVATION;
    throw ERRORS.botCheckRequired();
  }

  async function requireVerifiedEmail(userId: number): Promise<AccountUser> {
    const user = await repo.userById(userId);
    if (!user) throw ERRORS.unauthorized();
    if (!user.emailVerified) throw ERRORS.emailVerificationRequired();
    return user;
  }

  async function loginPassword(
    email: string,
    password: string,
    meta: RequestMeta,
    level: CaptchaLevel,
  ): Promise<AccountUser> {
    const user = await repo.userByEmail(email);
    const attempt = await reservePasswordAttempt(email, user, meta, level);
    // Hash anyway when the account is unknown, so timing tells nothing.
    let ok = false;
    if (user?.passwordHash) ok = await verifyPassword(user.passwordHash, password);
    else await verifyPassword(DUMMY_HASH, password);
    if (!user || !ok) throw ERRORS.invalidCredentials();
    // Only this attempt is given back: the failures before it still count.
    await attempt.release();
    return user;
  }

  async function sendEmailVerification(
    user: { id: number; email: string; walletAddress: string | null },
    meta: RequestMeta,
  ): Promise<void> {
    const at = now();
    const code = newCode();
    const token = newToken('vev');
    await repo.replaceOneTimeCode({
      userId: user.id,
      purpose: 'email_verification',
      target: user.email.toLowerCase(),
      codeHash: hashCode(`email:${user.id}`, code),
      tokenHash: hashToken(token),
      expiresAt: new Date(at.getTime() + EMAIL_VERIFICATION_TTL_MS),
      at,
    });
    const link = `${meta.webOrigin}/verify-email?code=${encodeURIComponent(token)}`;
    await notifier.send({
      channel: 'email',
      to: user.email,
      kind: 'email_verification',
      subject: 'Verify your email',
      // Anyone can sign up by wallet with an email that is not theirs: the owner of the email is told which wallet,
      // and how to keep it out (a reset unlinks a wallet from an email never confirmed).
      text:
        `Welcome to Vitrine. Your verification code is ${code}, or open ${link} . Both expire in 1 hour.` +
        (user.walletAddress
          ? ` This account was signed up with the wallet ${user.walletAddress}. If that is not your wallet, do not confirm: reset your Vitrine password with this email instead, which unlinks the wallet.`
          : ''),
      code,
      link,
    });
  }

  /** After the answer to a reset request (background): store the link and email it, if the account exists. */
  async function sendPasswordReset(email: string, token: string, link: string, at: Date): Promise<void> {
    const user = await repo.userByEmail(email);
    if (!user?.email) return;
    await repo.replaceOneTimeCode({
      userId: user.id,
      purpose: 'password_reset',
      target: user.email.toLowerCase(),
      codeHash: null,
      tokenHash: hashToken(token),
      expiresAt: new Date(at.getTime() + RESET_TTL_MS),
      at,
    });
    await notifier.send({
      channel: 'email',
      to: user.email,
      kind: 'password_reset',
      subject: 'Reset your Vitrine password',
      text:
        `Open ${link} to choose a new password. The link expires in 1 hour. If you did not ask for this, ignore this email.` +
        (!user.walletAddress
          ? ''
          : user.emailVerified
            ? ` This account also signs in with the wallet ${user.walletAddress}.`
            : ` This account was signed up with the wallet ${user.walletAddress} and this email was never confirmed: choosing a password confirms it and unlinks that wallet, and you sign in with this email and the new password.`),
      link,
    });
  }

  async function uniqueProfileUrl(first: string, last: string): Promise<string> {
    const base =
      `${first}-${last}`
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 24) || 'collector';
    const padded = base.length >= 3 ? base : `${base}-user`;
    if (!(await repo.profileUrlTaken(padded))) return padded;
    for (let i = 0; i < 5; i += 1) {
      const candidate = `${padded.slice(0, 23)}-${newId().slice(0, 6)}`;
      if (!(await repo.profileUrlTaken(candidate))) return candidate;
    }
    return `user-${newId().slice(0, 12)}`;
  }

  /**
   * Step-up check before a sensitive action of a signed-in user (accepting an offer, 000 §7
   * accept-bid): nothing when two-factor is off; otherwise the code of the user's method. Without a
   * code: 403 two_factor_required (method in `fields.method`; an sms/email code is sent then); a wrong
   * code: 403 two_factor_invalid. Codes are counted per account (verify-account limit). A code sent by text or
   * email confirms `action` alone (a cash out's names its amount, so it confirms no other amount); its message says
   * `said`, what is being confirmed in words (an offer's amount and NFT), `action` when not given.
   */
  async function stepUp(
    userId: number,
    code: string | undefined,
    action: string,
    said: string = action,
  ): Promise<void> {
    const tf = await repo.twoFactor(userId);
    if (!tf.enabled || !tf.method) return;
    const method = tf.method === 'totp' ? 'totp' : tf.method === 'sms' ? 'sms' : 'email';
    const at = now();
    const trimmed = code?.trim();
    if (!trimmed) {
      if (method !== 'totp') {
        const user = await repo.userById(userId);
        if (!user) throw ERRORS.unauthorized();
        await limiter.consume('send-account', `user:${userId}`, limits['send-account']);
        const sent = newCode();
        await repo.replaceOneTimeCode({
          userId,
          purpose: 'step_up',
          target: action,
          codeHash: hashCode(`stepup:${userId}`, sent),
          tokenHash: null,
          expiresAt: new Date(at.getTime() + CODE_TTL_MS),
          at,
        });
        await sendCode(user, method, {
          kind: 'step_up_code',
          subject: 'Your Vitrine confirmation code',
          text: `Your Vitrine code to confirm ${said} is ${sent}. It expires in 10 minutes.`,
          code: sent,
        });
      }
      throw err(403, 'two_factor_required', 'Enter your two-factor code to continue', { method });
    }
    await limiter.consume('verify-account', `user:${userId}`, limits['verify-account']);
    const ok =
      method === 'totp'
        ? tf.totpSecret
          ? await checkTotp(userId, tf.totpSecret, trimmed)
          : false
        : (await repo.claimByCode(
            userId,
            'step_up',
            hashCode(`stepup:${userId}`, trimmed),
            5,
            at,
            action,
          )) !== null;
    if (!ok) throw err(403, 'two_factor_invalid', 'The two-factor code is not valid');
  }

  return {
    captchaChallenge: (level: CaptchaLevel = 'normal') => captcha.challenge(level),

    async passwordGrant(
      input: { email: string; password: string; captchaToken: string | undefined },
      meta: RequestMeta,
    ): Promise<LoginOutcome> {
      await limiter.consume('login-ip', meta.ip, limits['login-ip']);
      const level = await captcha.verify(input.captchaToken);
      const user = await loginPassword(input.email, input.password, meta, level);
      return completeFirstFactor(user, 'password', meta);
    },

    async walletGrant(
      input: { address: string; signature: string; message: string; captchaToken: string | undefined },
      meta: RequestMeta,
    ): Promise<LoginOutcome> {
      // No per-account count: a signature cannot be guessed, and counting bad ones would let anybody
      // lock a wallet's owner out (decision 003 "Sign-in limits"). The per-address limit stays.
      await limiter.consume('login-ip', meta.ip, limits['login-ip']);
      await captcha.verify(input.captchaToken);
      const address = await wallets.verifySignIn(input, meta.sites);
      const user = await repo.userByWallet(address);
      if (!user) throw noUserFound();
      return completeFirstFactor(user, 'wallet', meta);
    },

    async refreshGrant(refreshToken: string, meta: RequestMeta): Promise<TokenResponse> {
      // Refresh tokens are 256-bit random: guessing is hopeless, so refreshing has its own, wider
      // bucket and never uses up the sign-in attempts of everyone behind the same address.
      await limiter.consume('refresh-ip', meta.ip, limits['refresh-ip']);
      const at = now();
      const access = newToken('vat');
      const refresh = newToken('vrt');
      const result = await repo.rotateRefreshToken({
        hash: hashToken(refreshToken),
        at,
        access: {
          hash: hashToken(access),
          expiresAt: new Date(at.getTime() + config.accessTokenTtlSeconds * 1000),
        },
        refresh: {
          hash: hashToken(refresh),
          expiresAt: new Date(at.getTime() + config.refreshTokenTtlSeconds * 1000),
        },
      });
      if (!result.ok) {
        // A rotated refresh token came back: it was stolen or replayed. End the whole family.
        if (result.reused) await repo.revokeSession(result.reused, 'reuse', at);
        throw ERRORS.invalidRefresh();
      }
      return tokenResponse(result.userId, access, refresh, at);
    },

    async revoke(token: string): Promise<void> {
      const found = await repo.sessionOfAnyToken(hashToken(token));
      if (found) await repo.revokeSession(found.sessionId, 'logout', now());
    },

    async authenticate(authorization: string | undefined): Promise<AuthContext | null> {
      if (!authorization || !/^bearer /i.test(authorization)) return null;
      const token = authorization.slice(7).trim();
      if (token.length < 10 || token.length > 200) return null;
      return repo.sessionOfAccessToken(hashToken(token), now());
    },

    async verifyTwoFactor(
      input: { twofaToken: string; code?: string | undefined },
      meta: RequestMeta,
    ): Promise<TwoFactorOutcome> {
      // Entering a code is a sign-in attempt; polling a one-touch approval is not.
      if (input.code === undefined) await limiter.consume('twofa-poll-ip', meta.ip, limits['twofa-poll-ip']);
      else await limiter.consume('login-ip', meta.ip, limits['login-ip']);
      const at = now();
      const challenge = await repo.challengeByToken(hashToken(input.twofaToken));
      if (!challenge || challenge.consumedAt || challenge.expiresAt.getTime() <= at.getTime()) {
        throw ERRORS.twofaExpired();
      }
      const finish = async (): Promise<TwoFactorOutcome> => {
        if (!(await repo.consumeChallenge(challenge.id, at))) throw ERRORS.twofaExpired();
        return {
          kind: 'tokens',
          tokens: await issueTokens(challenge.userId, challenge.loginMethod, meta, { prompt2fa: false }),
        };
      };
      if (challenge.method === 'one_touch') {
        if (challenge.oneTouchStatus === 'approved') return finish();
        const left = (challenge.oneTouchExpiresAt?.getTime() ?? 0) - at.getTime();
        if (challenge.oneTouchStatus === 'pending' && left > 0) {
          return { kind: 'pending', expiresIn: Math.ceil(left / 1000) };
        }
        throw ERRORS.oneTouch();
      }
      const code = input.code?.trim();
      if (!code) throw ERRORS.required('code');
      // Wrong codes are capped per account over all its challenges, counted before the check
      // (issue #11 finding 8); the right code gives its attempt back.
      const attempt = await limiter.reserve(
        'twofa-account',
        `user:${challenge.userId}`,
        limits['twofa-account'],
      );
      if (!attempt.allowed) throw rateLimitedError(attempt.retryAfterMs);
      let ok = false;
      if (challenge.method === 'totp') {
        const tf = await repo.twoFactor(challenge.userId);
        ok = tf.totpSecret ? await checkTotp(challenge.userId, tf.totpSecret, code) : false;
      } else {
        ok =
          challenge.codeHash !== null &&
          (challenge.codeExpiresAt?.getTime() ?? 0) > at.getTime() &&
          hashCode(`twofa:${challenge.id}`, code) === challenge.codeHash;
      }
      if (!ok) {
        await repo.failChallenge(challenge.id, limits['twofa-challenge'].max, at);
        throw ERRORS.invalidCode();
      }
      await attempt.release();
      return finish();
    },

    stepUp,

    async resendTwoFactor(
      twofaToken: string,
      meta: RequestMeta,
    ): Promise<{ sent: true; method: string; expires_in: number }> {
      const at = now();
      const challenge = await repo.challengeByToken(hashToken(twofaToken));
      if (!challenge || challenge.consumedAt || challenge.expiresAt.getTime() <= at.getTime()) {
        throw ERRORS.twofaExpired();
      }
      if (challenge.method === 'totp') {
        throw err(400, 'twofa_resend_unavailable', 'Authenticator app codes cannot be resent');
      }
      await limiter.consume('twofa-resend', challenge.id, limits['twofa-resend']);
      const user = await repo.userById(challenge.userId);
      if (!user) throw ERRORS.twofaExpired();
      await sendChallenge(challenge.id, user, challenge.method as TwoFactorMethod, meta, true);
      return {
        sent: true,
        method: challenge.method,
        expires_in: challenge.method === 'one_touch' ? ONE_TOUCH_ACTIVE_MS / 1000 : CODE_TTL_MS / 1000,
      };
    },

    /** The one-touch approval page: is this request still waiting? */
    async oneTouchRequest(approvalToken: string): Promise<{ pending: boolean; status: string }> {
      const c = await repo.challengeByApproval(hashToken(approvalToken));
      if (!c) throw ERRORS.notFound('Approval request');
      const live =
        c.oneTouchStatus === 'pending' &&
        (c.oneTouchExpiresAt?.getTime() ?? 0) > now().getTime() &&
        !c.consumedAt;
      return { pending: live, status: live ? 'pending' : (c.oneTouchStatus ?? 'expired') };
    },

    async decideOneTouch(approvalToken: string, decision: 'approve' | 'deny'): Promise<boolean> {
      const c = await repo.challengeByApproval(hashToken(approvalToken));
      if (!c) throw ERRORS.notFound('Approval request');
      return repo.decideOneTouch(c.id, decision === 'approve' ? 'approved' : 'denied', now());
    },

    async signup(
      input: SignupInput,
      captchaTokens: (string | undefined)[],
      meta: RequestMeta,
    ): Promise<{ tokens: TokenResponse; user: { id: number; email: string; profileUrl: string } }> {
      await limiter.consume('signup-ip', meta.ip, limits['signup-ip']);
      const tokens = captchaTokens.filter((t): t is string => Boolean(t));
      let passed = false;
      let lastError: unknown = null;
      for (const t of tokens.length ? tokens : [undefined]) {
        try {
          await captcha.verify(t);
          passed = true;
          break;
        } catch (error) {
          lastError = error;
        }
      }
      if (!passed) throw lastError;

      let walletAddress: string | null = null;
      let passwordHash: string | null = null;
      if (input.grantType === 'wallet') {
        walletAddress = await wallets.verifySignIn(
          {
            address: input.walletAddress ?? '',
            message: input.message ?? '',
            signature: input.signature ?? '',
          },
          meta.sites,
        );
        if (await repo.userByWallet(walletAddress)) throw ERRORS.walletTaken();
      } else {
        passwordHash = await hashPassword(input.password ?? '');
      }
      if (await repo.userByEmail(input.email)) throw ERRORS.emailTaken();
      const profileUrl = await uniqueProfileUrl(input.firstName, input.lastName);
      let id: number;
      try {
        id = await repo.insertUser({
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          profileUrl,
          passwordHash,
          walletAddress,
          subscribe: input.subscribe,
          referral: input.referral ?? null,
          at: now(),
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (await repo.userByEmail(input.email)) throw ERRORS.emailTaken();
        if (walletAddress && (await repo.userByWallet(walletAddress))) throw ERRORS.walletTaken();
        throw error;
      }
      await sendEmailVerification({ id, email: input.email, walletAddress }, meta);
      const issued = await issueTokens(id, 'signup', meta, { prompt2fa: false });
      return { tokens: issued, user: { id, email: input.email, profileUrl } };
    },

    async verifyEmail(code: string, auth: AuthContext | null, meta: RequestMeta): Promise<void> {
      await limiter.consume(
        'verify-account',
        auth ? `user:${auth.userId}` : `ip:${meta.ip}`,
        limits['verify-account'],
      );
      const at = now();
      const trimmed = code.trim();
      if (trimmed.startsWith('vev_')) {
        const claimed = await repo.claimByToken('email_verification', hashToken(trimmed), at);
        if (!claimed || !(await repo.markEmailVerified(claimed.userId, claimed.target, at)))
          throw ERRORS.invalidCode();
        return;
      }
      if (!auth) throw ERRORS.invalidCode();
      const claimed = await repo.claimByCode(
        auth.userId,
        'email_verification',
        hashCode(`email:${auth.userId}`, trimmed),
        5,
        at,
      );
      if (!claimed || !(await repo.markEmailVerified(auth.userId, claimed.target, at)))
        throw ERRORS.invalidCode();
    },

    async resendEmailVerification(
      auth: AuthContext,
      meta: RequestMeta,
    ): Promise<{ sent: boolean; email_verified: boolean }> {
      const user = await repo.userById(auth.userId);
      if (!user?.email) throw ERRORS.unauthorized();
      if (user.emailVerified) return { sent: false, email_verified: true };
      await limiter.consume('send-account', `user:${user.id}`, limits['send-account']);
      await sendEmailVerification(
        { id: user.id, email: user.email, walletAddress: user.walletAddress },
        meta,
      );
      return { sent: true, email_verified: false };
    },

    requireVerifiedEmail,

    async requestPasswordReset(email: string, meta: RequestMeta): Promise<void> {
      await limiter.consume('reset-ip', meta.ip, limits['reset-ip']);
      await limiter.consume('reset-account', email, limits['reset-account']);
      // Same work on the request path whether or not the account exists: the lookup, the stored
      // link and the email happen after the answer (issue #11 finding 12).
      const at = now();
      const token = newToken('vpr');
      const link = `${meta.webOrigin}/reset-password?reset_token=${encodeURIComponent(token)}`;
      background.run(() => sendPasswordReset(email, token, link, at));
    },

    async confirmPasswordReset(token: string, newPassword: string, meta: RequestMeta): Promise<void> {
      await limiter.consume('reset-ip', meta.ip, limits['reset-ip']);
      const at = now();
      // The rule needs the account's email; a refused password leaves the link usable.
      const owner = await repo.userIdByLiveToken('password_reset', hashToken(token.trim()), at);
      const ownerUser = owner === null ? null : await repo.userById(owner);
      if (!ownerUser) throw ERRORS.invalidResetToken();
      assertStrongPassword('new_password', newPassword, ownerUser.email);
      // Hashed before the transaction opens, so it is held for the writes only.
      const passwordHash = await hashPassword(newPassword);
      // One step: the link is used up only if the password changed and every session ended.
      await unit.run(async (tx) => {
        const claimed = await tx.claimByToken('password_reset', hashToken(token.trim()), at);
        if (!claimed) throw ERRORS.invalidResetToken();
        await tx.setPassword(claimed.userId, passwordHash, at);
        // A wallet that came with an email never confirmed is unlinked: whoever signed up with it may not own the
        // email whose owner has just proven it (security review 2026-12-06, pre-account hijack). Before the email is
        // marked confirmed, which is what tells the two cases apart.
        await tx.unlinkWalletOfUnconfirmedEmail(claimed.userId, at);
        await tx.markEmailVerified(claimed.userId, claimed.target, at);
        await tx.revokeUserSessions(claimed.userId, 'password_reset', at);
      });
    },

    async changePassword(auth: AuthContext, current: string, next: string): Promise<void> {
      await limiter.consume('verify-account', `user:${auth.userId}`, limits['verify-account']);
      const user = await repo.userById(auth.userId);
      if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, current)))
        throw ERRORS.invalidCredentials();
      assertStrongPassword('new_password', next, user.email);
      const at = now();
      const passwordHash = await hashPassword(next);
      await unit.run(async (tx) => {
        await tx.setPassword(user.id, passwordHash, at);
        await tx.revokeUserSessions(user.id, 'password_change', at, auth.sessionId);
      });
    },

    // ---- two-factor settings ----

    async twoFactorMethod(userId: number): Promise<string | null> {
      const tf = await repo.twoFactor(userId);
      return tf.enabled ? tf.method : null;
    },

    async twoFactorStatus(auth: AuthContext) {
      const tf = await repo.twoFactor(auth.userId);
      return {
        twoFAEnabled: tf.enabled,
        method: tf.method as TwoFactorMethod | null,
        shouldSkipTwofaPrompt: tf.shouldSkipPrompt,
        pendingMethod: tf.pendingMethod as TwoFactorMethod | null,
      };
    },

    async enrollTwoFactor(auth: AuthContext, method: TwoFactorMethod) {
      const user = await requireVerifiedEmail(auth.userId);
      // A session alone never replaces the factor that protects the account (a stolen one would enroll its own
      // authenticator): turning two-factor off first needs the password (security review, 2026-12-06).
      if ((await repo.twoFactor(user.id)).enabled) throw ERRORS.twoFactorEnabled();
      const at = now();
      if (method === 'totp') {
        const secret = new OTPAuth.Secret({ size: 20 }).base32;
        const totp = new OTPAuth.TOTP({
          issuer: 'Vitrine',
          label: user.email ?? `user-${user.id}`,
          secret: OTPAuth.Secret.fromBase32(secret),
          period: TOTP_PERIOD,
        });
        const url = totp.toString();
        await repo.updateTwoFactor(user.id, { pendingMethod: 'totp', pendingTotpSecret: secret }, at);
        const svg = await QRCode.toString(url, { type: 'svg', margin: 1 });
        return {
          method,
          secret,
          otpauth_url: url,
          qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
        };
      }
      if (method === 'sms' && !(user.verifiedPhone && user.phoneNumber)) throw ERRORS.phoneRequired();
      await limiter.consume('send-account', `user:${user.id}`, limits['send-account']);
      const code = newCode();
      const channel = method === 'sms' ? 'sms' : 'email';
      const to =
        channel === 'sms' ? `${user.countryCode ?? ''}${user.phoneNumber ?? ''}` : (user.email ?? '');
      await repo.replaceOneTimeCode({
        userId: user.id,
        purpose: 'twofa_enroll',
        target: method,
        codeHash: hashCode(`enroll:${user.id}`, code),
        tokenHash: null,
        expiresAt: new Date(at.getTime() + CODE_TTL_MS),
        at,
      });
      await repo.updateTwoFactor(user.id, { pendingMethod: method, pendingTotpSecret: null }, at);
      await notifier.send({
        channel,
        to,
        kind: 'twofa_enroll',
        subject: 'Your Vitrine two-factor setup code',
        text: `Your Vitrine two-factor setup code is ${code}. It expires in 10 minutes.`,
        code,
      });
      return { method, sent_to: channel === 'sms' ? maskPhone(to) : maskEmail(to) };
    },

    async verifyEnrollment(auth: AuthContext, code: string) {
      await limiter.consume('verify-account', `user:${auth.userId}`, limits['verify-account']);
      const tf = await repo.twoFactor(auth.userId);
      if (tf.enabled) throw ERRORS.twoFactorEnabled();
      if (!tf.pendingMethod) throw ERRORS.noEnrollment();
      const at = now();
      if (tf.pendingMethod === 'totp') {
        if (!tf.pendingTotpSecret || !(await checkTotp(auth.userId, tf.pendingTotpSecret, code))) {
          throw ERRORS.invalidCode();
        }
        await repo.updateTwoFactor(
          auth.userId,
          {
            method: 'totp',
            totpSecret: tf.pendingTotpSecret,
            pendingMethod: null,
            pendingTotpSecret: null,
            enabledAt: at,
          },
          at,
        );
      } else {
        const claimed = await repo.claimByCode(
          auth.userId,
          'twofa_enroll',
          hashCode(`enroll:${auth.userId}`, code),
          5,
          at,
        );
        if (!claimed || claimed.target !== tf.pendingMethod) throw ERRORS.invalidCode();
        await repo.updateTwoFactor(
          auth.userId,
          { method: tf.pendingMethod, pendingMethod: null, enabledAt: at },
          at,
        );
      }
      return { twoFAEnabled: true as const, method: tf.pendingMethod as TwoFactorMethod };
    },

    async setSkipPrompt(
      auth: AuthContext,
      value: boolean | undefined,
    ): Promise<{ shouldSkipTwofaPrompt: boolean }> {
      const tf = await repo.twoFactor(auth.userId);
      const next = value ?? !tf.shouldSkipPrompt;
      await repo.updateTwoFactor(auth.userId, { shouldSkipPrompt: next }, now());
      return { shouldSkipTwofaPrompt: next };
    },

    /**
     * Turns two-factor off: with the password; an account with none (signed up by wallet, which has no way to set
     * one but a reset by email it may not have) confirms with its two-factor code instead (`stepUp`: without a code
     * 403 two_factor_required, an sms or email code sent).
     */
    async disableTwoFactor(
      auth: AuthContext,
      input: { password?: string | undefined; twoFactorCode?: string | undefined },
    ): Promise<{ twoFAEnabled: false }> {
      const user = await repo.userById(auth.userId);
      if (!user) throw ERRORS.unauthorized();
      if (user.passwordHash) {
        if (!input.password) throw ERRORS.required('password');
        await limiter.consume('verify-account', `user:${auth.userId}`, limits['verify-account']);
        if (!(await verifyPassword(user.passwordHash, input.password))) throw ERRORS.invalidCredentials();
      } else {
        await stepUp(user.id, input.twoFactorCode, 'turning two-factor off');
      }
      await repo.updateTwoFactor(
        user.id,
        { method: null, enabledAt: null, totpSecret: null, pendingMethod: null, pendingTotpSecret: null },
        now(),
      );
      return { twoFAEnabled: false };
    },

    // ---- sessions ----

    async listSessions(auth: AuthContext, page: { limit: number; offset: number }) {
      const since = new Date(now().getTime() - config.refreshTokenTtlSeconds * 1000);
      const { count, rows } = await repo.activeSessions(auth.userId, since, page);
      return {
        count,
        results: rows.map((r) => ({
          id: r.id,
          current: r.id === auth.sessionId,
          method: r.method,
          created_at: r.createdAt.toISOString(),
          last_used_at: r.lastUsedAt.toISOString(),
          ip: r.ip,
          user_agent: r.userAgent,
        })),
      };
    },

    async revokeSession(auth: AuthContext, id: string): Promise<void> {
      if (!(await repo.revokeSession(id, 'revoked', now(), auth.userId))) throw ERRORS.notFound('Session');
    },

    revokeAll(auth: AuthContext, keepCurrent: boolean): Promise<number> {
      return repo.revokeUserSessions(
        auth.userId,
        'sign_out_everywhere',
        now(),
        keepCurrent ? auth.sessionId : undefined,
      );
    },
  };
}

/** An argon2id hash of a random password, compared against when the account is unknown. */
const DUMMY_HASH = await hashPassword(newToken('dummy'));

export type AuthService = ReturnType<typeof createAuthService>;
