// Browser wallets through EIP-1193 (`window.ethereum`): connect (eth_requestAccounts), read the chain
// (eth_chainId) and sign the server's EIP-4361 message (personal_sign). Errors carry the texts of 000 §8.
import { SUPPORTED_CHAIN_IDS } from '@vitrine/domain';

export interface Eip1193RequestArguments {
  method: string;
  params?: readonly unknown[] | Record<string, unknown>;
}

export interface Eip1193Provider {
  request(args: Eip1193RequestArguments): Promise<unknown>;
}

declare global {
  interface Window {
    ethereum?: Eip1193Provider;
  }
}

export const METAMASK_DOWNLOAD_URL = 'https://metamask.io/download/';

/** 000 §8 wallet texts. */
export const WALLET_MESSAGES = {
  wrongNetwork: 'Wallet is currently connected to the wrong network.',
  locked:
    'Your wallet is locked or disconnected. Please open and unlock your Ethereum wallet, then try again.',
  notConnected:
    'This wallet is not connected to an NG account, sign up instead or connect it to an existing account.',
  invalid: 'invalid wallet',
  /** EIP-1193 -32002: a request is already waiting in the wallet. */
  pending: 'A request is already pending in your wallet. Open your wallet extension to finish it.',
  /** EIP-1193 4001: the user said no in the wallet. */
  rejected: 'You rejected the request in your wallet.',
  noExtensionTitle: 'No Wallet Extension Found',
  noExtensionText: 'Download the MetaMask Plugin to continue',
} as const;

export type WalletErrorKind = 'no-provider' | 'rejected' | 'pending' | 'locked' | 'wrong-network' | 'other';

export class WalletError extends Error {
  override readonly name = 'WalletError';
  constructor(
    readonly kind: WalletErrorKind,
    message: string,
  ) {
    super(message);
  }
}

function providerErrorCode(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code } = error as { code?: unknown };
  if (typeof code === 'number') return code;
  if (typeof code === 'string' && /^-?\d+$/.test(code)) return Number(code);
  return null;
}

/** Maps a provider failure (EIP-1193 codes) to a WalletError with its 000 §8 text. */
export function toWalletError(error: unknown): WalletError {
  if (error instanceof WalletError) return error;
  const code = providerErrorCode(error);
  if (code === 4001) return new WalletError('rejected', WALLET_MESSAGES.rejected);
  if (code === -32002) return new WalletError('pending', WALLET_MESSAGES.pending);
  // 4100 unauthorized, 4900 disconnected, 4901 chain disconnected.
  if (code === 4100 || code === 4900 || code === 4901)
    return new WalletError('locked', WALLET_MESSAGES.locked);
  const message =
    error instanceof Error && error.message
      ? error.message
      : typeof error === 'object' &&
          error !== null &&
          typeof (error as { message?: unknown }).message === 'string'
        ? (error as { message: string }).message
        : WALLET_MESSAGES.invalid;
  return new WalletError('other', message);
}

export function getEthereum(): Eip1193Provider | null {
  const provider = typeof window === 'undefined' ? undefined : window.ethereum;
  return provider && typeof provider.request === 'function' ? provider : null;
}

/** Chain ids arrive as hex ('0x7a69') or, from some wallets, decimal. */
export function parseChainId(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value !== 'string') return null;
  const parsed = /^0x[0-9a-f]+$/i.test(value) ? Number.parseInt(value, 16) : Number(value);
  return Number.isSafeInteger(parsed) ? parsed : null;
}

export function isSupportedChain(chainId: number): boolean {
  return (SUPPORTED_CHAIN_IDS as readonly number[]).includes(chainId);
}

export interface ConnectedWallet {
  address: string;
  chainId: number;
}

/** Asks the wallet for its account and chain; a locked wallet answers no account. */
export async function connectWallet(provider: Eip1193Provider): Promise<ConnectedWallet> {
  let accounts: unknown;
  let chain: unknown;
  try {
    accounts = await provider.request({ method: 'eth_requestAccounts' });
    chain = await provider.request({ method: 'eth_chainId' });
  } catch (error) {
    throw toWalletError(error);
  }
  const address = Array.isArray(accounts)
    ? accounts.find((a): a is string => typeof a === 'string')
    : undefined;
  if (!address || !/^0x[0-9a-fA-F]{40}$/.test(address))
    throw new WalletError('locked', WALLET_MESSAGES.locked);
  const chainId = parseChainId(chain);
  if (chainId === null || !isSupportedChain(chainId)) {
    throw new WalletError('wrong-network', WALLET_MESSAGES.wrongNetwork);
  }
  return { address, chainId };
}

/** UTF-8 text as 0x hex, the form personal_sign takes. */
export function utf8ToHex(text: string): string {
  let hex = '0x';
  for (const byte of new TextEncoder().encode(text)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** personal_sign of the exact message text; answers the 0x signature. */
export async function signMessage(
  provider: Eip1193Provider,
  address: string,
  message: string,
): Promise<string> {
  let signature: unknown;
  try {
    signature = await provider.request({ method: 'personal_sign', params: [utf8ToHex(message), address] });
  } catch (error) {
    throw toWalletError(error);
  }
  if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(signature)) {
    throw new WalletError('other', WALLET_MESSAGES.invalid);
  }
  return signature;
}
