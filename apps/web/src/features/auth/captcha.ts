// The bot check (docs/decisions/003 "Bot check"): an ALTCHA v1 proof of work. Find n in
// [0, maxnumber] with hex(digest(salt + n)) === challenge, then send
// btoa(JSON.stringify({ algorithm, challenge, number, salt, signature })). Each solution is accepted
// once, so every submit solves a fresh challenge.
import { api } from '../../app/api-client';

export interface CaptchaChallenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

export interface SolveOptions {
  signal?: AbortSignal;
  /** Share of the search done so far (0 to 1). */
  onProgress?: (share: number) => void;
  /** Digests computed in parallel per step. */
  batchSize?: number;
  /** `hard`: the stronger check a sign-in needs once its account passed the limit of failed sign-ins. */
  level?: 'normal' | 'hard';
}

const DIGESTS: Record<string, AlgorithmIdentifier> = {
  'SHA-1': 'SHA-1',
  'SHA-256': 'SHA-256',
  'SHA-512': 'SHA-512',
};

/** Bot check failed (the same text as the API's captcha_failed). */
export const CAPTCHA_FAILED_MESSAGE = 'Bot check failed. Please try again.';

function hexToBytes(hex: string): Uint8Array | null {
  if (hex.length % 2 !== 0 || !/^[0-9a-f]*$/i.test(hex)) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/** The number that solves `challenge`, or null when none in range does. */
export async function solveChallenge(
  challenge: CaptchaChallenge,
  { signal, onProgress, batchSize = 256 }: SolveOptions = {},
): Promise<number | null> {
  const algorithm = DIGESTS[challenge.algorithm.toUpperCase()];
  const target = hexToBytes(challenge.challenge);
  if (!algorithm || !target) return null;
  const encoder = new TextEncoder();
  const max = Math.max(0, Math.floor(challenge.maxnumber));
  for (let start = 0; start <= max; start += batchSize) {
    signal?.throwIfAborted();
    const end = Math.min(max, start + batchSize - 1);
    const digests = await Promise.all(
      Array.from({ length: end - start + 1 }, (_, i) =>
        crypto.subtle.digest(algorithm, encoder.encode(`${challenge.salt}${start + i}`)),
      ),
    );
    const found = digests.findIndex((digest) => sameBytes(new Uint8Array(digest), target));
    if (found >= 0) {
      onProgress?.(1);
      return start + found;
    }
    onProgress?.(max === 0 ? 1 : end / max);
  }
  return null;
}

/** The token the API takes (what the ALTCHA widget sends). */
export function captchaPayload(challenge: CaptchaChallenge, number: number): string {
  const { algorithm, salt, signature } = challenge;
  return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }));
}

/** When the challenge stops being accepted (the `expires` parameter of its salt), in ms; null when absent. */
export function captchaExpiry(challenge: CaptchaChallenge): number | null {
  const match = /[?&]expires=(\d+)/.exec(challenge.salt);
  return match?.[1] ? Number(match[1]) * 1000 : null;
}

export class CaptchaError extends Error {
  override readonly name = 'CaptchaError';
  constructor() {
    super(CAPTCHA_FAILED_MESSAGE);
  }
}

export interface SolvedCaptcha {
  token: string;
  /** ms timestamp after which the API refuses it. */
  expiresAt: number | null;
}

/** Fetches a fresh challenge and solves it: one token for one submit. */
export async function solveCaptcha(options: SolveOptions = {}): Promise<SolvedCaptcha> {
  const path = options.level === 'hard' ? '/captcha/challenge/?level=hard' : '/captcha/challenge/';
  const challenge = await api.get<CaptchaChallenge>(path, {
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const number = await solveChallenge(challenge, options);
  if (number === null) throw new CaptchaError();
  return { token: captchaPayload(challenge, number), expiresAt: captchaExpiry(challenge) };
}

/** The invisible bot check of the login and signup forms. */
export async function captchaToken(signal?: AbortSignal): Promise<string> {
  return (await solveCaptcha(signal ? { signal } : {})).token;
}
