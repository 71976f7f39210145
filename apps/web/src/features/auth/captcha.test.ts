import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type CaptchaChallenge, captchaExpiry, captchaPayload, solveChallenge } from './captcha';

function challengeFor(number: number, maxnumber = 5000): CaptchaChallenge {
  const salt = 'a1b2c3?expires=1781525400&';
  return {
    algorithm: 'SHA-256',
    challenge: createHash('sha256').update(`${salt}${number}`).digest('hex'),
    maxnumber,
    salt,
    signature: 'sig',
  };
}

describe('ALTCHA proof of work (decision 003 "Bot check")', () => {
  it('finds the number whose SHA-256 of salt + number is the challenge', async () => {
    await expect(solveChallenge(challengeFor(0))).resolves.toBe(0);
    await expect(solveChallenge(challengeFor(3171))).resolves.toBe(3171);
    await expect(solveChallenge(challengeFor(5000))).resolves.toBe(5000);
  });

  it('answers null when no number in range solves it', async () => {
    await expect(solveChallenge(challengeFor(900, 100))).resolves.toBeNull();
  });

  it('reports progress up to 1 and stops when aborted', async () => {
    const shares: number[] = [];
    await solveChallenge(challengeFor(1000), { onProgress: (s) => shares.push(s), batchSize: 100 });
    expect(shares.at(-1)).toBe(1);
    expect(shares.every((s, i) => i === 0 || s >= (shares[i - 1] ?? 0))).toBe(true);
    const controller = new AbortController();
    controller.abort();
    await expect(solveChallenge(challengeFor(10), { signal: controller.signal })).rejects.toThrow();
  });

  it('encodes the payload the ALTCHA widget sends, and reads the expiry from the salt', () => {
    const challenge = challengeFor(7);
    const decoded: unknown = JSON.parse(atob(captchaPayload(challenge, 7)));
    expect(decoded).toEqual({
      algorithm: 'SHA-256',
      challenge: challenge.challenge,
      number: 7,
      salt: challenge.salt,
      signature: 'sig',
    });
    expect(captchaExpiry(challenge)).toBe(1781525400 * 1000);
  });
});
