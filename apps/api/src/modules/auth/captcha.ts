// Captcha (ARCHITECTURE §5): a self-hosted proof-of-work bot check with altcha-lib (v1 payloads,
// as the ALTCHA widget sends them: base64 JSON { algorithm, challenge, number, salt, signature }).
// Each solved payload is accepted once, before its challenge expires (by the injected Clock).
import { type Db, schema } from '@vitrine/db';
import { AppError } from '@vitrine/domain';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Challenge, Payload } from 'altcha-lib/v1/types';
import { lt } from 'drizzle-orm';
import type { Clock } from '../../lib/clock';
import { hashToken } from './tokens';

export const CAPTCHA_TTL_MS = 10 * 60_000;

export const captchaFailed = () =>
  new AppError({
    errorType: 'captcha_failed',
    message: 'Bot check failed. Please try again.',
    statusCode: 400,
  });

export interface CaptchaOptions {
  hmacKey: string;
  maxNumber: number;
}

/**
 * `hard`: the stronger check an account needs once its failed sign-ins pass the limit (decision 003
 * "Sign-in limits"): a search HARD_FACTOR times as long. The level is a signed parameter of the
 * challenge's salt, so a client cannot turn a normal solution into a hard one.
 */
export type CaptchaLevel = 'normal' | 'hard';
export const HARD_FACTOR = 20;

export function createCaptcha(deps: { db: Db; clock: Clock; options: CaptchaOptions }) {
  const { db, clock, options } = deps;
  const { captchaRedemptions } = schema;

  function decode(token: string): Payload | null {
    try {
      const value: unknown = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
      if (typeof value !== 'object' || value === null) return null;
      const v = value as Record<string, unknown>;
      if (
        typeof v.algorithm !== 'string' ||
        !['SHA-1', 'SHA-256', 'SHA-512'].includes(v.algorithm) ||
        typeof v.challenge !== 'string' ||
        typeof v.salt !== 'string' ||
        typeof v.signature !== 'string' ||
        typeof v.number !== 'number' ||
        !Number.isInteger(v.number)
      ) {
        return null;
      }
      return {
        algorithm: v.algorithm as Payload['algorithm'],
        challenge: v.challenge,
        number: v.number,
        salt: v.salt,
        signature: v.signature,
      };
    } catch {
      return null;
    }
  }

  return {
    challenge(level: CaptchaLevel = 'normal'): Promise<Challenge> {
      return createChallenge({
        hmacKey: options.hmacKey,
        maxnumber: level === 'hard' ? options.maxNumber * HARD_FACTOR : options.maxNumber,
        expires: new Date(clock.now().getTime() + CAPTCHA_TTL_MS),
        ...(level === 'hard' ? { params: { level: 'hard' } } : {}),
      });
    },

    /**
     * Throws `captcha_failed` unless `token` is a fresh, correct, unused solution; answers the level
     * of the challenge it solves.
     */
    async verify(token: string | undefined): Promise<CaptchaLevel> {
      if (!token || token.length > 4096) throw captchaFailed();
      const payload = decode(token);
      if (!payload) throw captchaFailed();
      const params = extractParams(payload);
      const expires = Number(params.expires);
      const now = clock.now();
      if (!Number.isFinite(expires) || expires * 1000 <= now.getTime()) throw captchaFailed();
      if (!(await verifySolution(payload, options.hmacKey, false))) throw captchaFailed();
      await db.delete(captchaRedemptions).where(lt(captchaRedemptions.expiresAt, now));
      const claimed = await db
        .insert(captchaRedemptions)
        .values({ signatureHash: hashToken(payload.signature), expiresAt: new Date(expires * 1000) })
        .onConflictDoNothing()
        .returning({ h: captchaRedemptions.signatureHash });
      if (claimed.length === 0) throw captchaFailed();
      return params.level === 'hard' ? 'hard' : 'normal';
    },
  };
}

export type Captcha = ReturnType<typeof createCaptcha>;
