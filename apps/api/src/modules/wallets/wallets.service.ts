// Wallet sign-in messages (EIP-4361): the server issues the full message with a single-use nonce
// that expires; a sign-in must bring back that exact text, signed by the address, for the same
// domain and an allowed chain.
// The sites (domain and URI) come from configuration (lib/origins.ts), never from the request. Signatures are checked with viem (externally owned accounts).
import { randomBytes } from 'node:crypto';
import { AppError, ERROR_TYPES, LOCAL_CHAIN_ID, MAINNET_CHAIN_ID, SEPOLIA_CHAIN_ID } from '@vitrine/domain';
import { getAddress, type Hex, verifyMessage } from 'viem';
import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import type { Clock } from '../../lib/clock';
import type { SiweSite } from '../../lib/origins';
import type { WalletsRepo } from './wallets.repo';

export const WALLET_NONCE_TTL_MS = 10 * 60_000;

const walletError = (message: string) =>
  new AppError({ errorType: 'invalid_wallet', message, statusCode: 400 });
export const WALLET_MESSAGES = {
  expired: 'This sign-in message has expired or was already used. Please try again.',
  otherSite: 'This sign-in message was issued for another site.',
  wrongNetwork: 'Wallet is currently connected to the wrong network.',
  invalid: 'invalid wallet',
  noUser:
    'This wallet is not connected to an NG account, sign up instead or connect it to an existing account.',
} as const;

export const noUserFound = () =>
  new AppError({ errorType: ERROR_TYPES.noUserFound, message: WALLET_MESSAGES.noUser, statusCode: 404 });

export function allowedChainIds(nodeEnv: string): number[] {
  return nodeEnv === 'production' ? [MAINNET_CHAIN_ID] : [SEPOLIA_CHAIN_ID, LOCAL_CHAIN_ID];
}

export function defaultChainId(nodeEnv: string): number {
  return nodeEnv === 'production' ? MAINNET_CHAIN_ID : SEPOLIA_CHAIN_ID;
}

export function createWalletsService(deps: { repo: WalletsRepo; clock: Clock; nodeEnv: string }) {
  const { repo, clock, nodeEnv } = deps;
  return {
    async issueMessage(
      address: string,
      chainId: number | undefined,
      site: SiweSite,
    ): Promise<{ nonce: string; message: string; message_to_sign: string; expires_at: string }> {
      const chain = chainId ?? defaultChainId(nodeEnv);
      if (!allowedChainIds(nodeEnv).includes(chain)) {
        throw new AppError({
          errorType: 'validation-error',
          message: 'Invalid request',
          statusCode: 400,
          fields: { chain_id: WALLET_MESSAGES.wrongNetwork },
        });
      }
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + WALLET_NONCE_TTL_MS);
      const nonce = randomBytes(16).toString('hex');
      const message = createSiweMessage({
        domain: site.domain,
        address: getAddress(address.toLowerCase()),
        statement: 'Sign in to Vitrine.',
        uri: site.uri,
        version: '1',
        chainId: chain,
        nonce,
        issuedAt: now,
        expirationTime: expiresAt,
      });
      await repo.insertNonce({
        nonce,
        address: address.toLowerCase(),
        message,
        domain: site.domain,
        chainId: chain,
        expiresAt,
        at: now,
      });
      return { nonce, message, message_to_sign: message, expires_at: expiresAt.toISOString() };
    },

    /**
     * Checks a signed sign-in message and uses up its nonce. Returns the lowercase address.
     * A bad signature does not use the nonce up; a good one claims it for exactly one caller.
     * The message must name one of `sites` (its domain and URI), whatever the request said.
     */
    async verifySignIn(
      input: { address: string; message: string; signature: string },
      sites: readonly SiweSite[],
    ): Promise<string> {
      const address = input.address.toLowerCase();
      let parsed: ReturnType<typeof parseSiweMessage>;
      try {
        parsed = parseSiweMessage(input.message);
      } catch {
        throw walletError(WALLET_MESSAGES.invalid);
      }
      if (!parsed.nonce) throw walletError(WALLET_MESSAGES.expired);
      const row = await repo.nonce(parsed.nonce);
      const now = clock.now();
      if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime())
        throw walletError(WALLET_MESSAGES.expired);
      const site = sites.find((s) => s.domain === parsed.domain && s.uri === parsed.uri);
      if (!site || row.domain !== site.domain) throw walletError(WALLET_MESSAGES.otherSite);
      if (parsed.chainId === undefined || !allowedChainIds(nodeEnv).includes(parsed.chainId)) {
        throw walletError(WALLET_MESSAGES.wrongNetwork);
      }
      if (
        row.message !== input.message ||
        row.address !== address ||
        parsed.address?.toLowerCase() !== address
      ) {
        throw walletError(WALLET_MESSAGES.invalid);
      }
      if (parsed.expirationTime && parsed.expirationTime.getTime() <= now.getTime()) {
        throw walletError(WALLET_MESSAGES.expired);
      }
      let valid = false;
      try {
        valid = await verifyMessage({
          address: getAddress(address),
          message: input.message,
          signature: input.signature as Hex,
        });
      } catch {
        valid = false;
      }
      if (!valid) throw walletError(WALLET_MESSAGES.invalid);
      if (!(await repo.claimNonce(row.nonce, now))) throw walletError(WALLET_MESSAGES.expired);
      return address;
    },
  };
}

export type WalletsService = ReturnType<typeof createWalletsService>;
