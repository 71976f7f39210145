// The wallet halves of sign-in and signup: connect, fetch the server's EIP-4361 message, sign it.
import { shortenAddress } from '@vitrine/domain';
import { authApi, type WalletMessage } from './auth-api';
import { connectWallet, type Eip1193Provider, signMessage } from './ethereum';

export type WalletStep = 'idle' | 'connecting' | 'signing' | 'submitting';

export const WALLET_STEP_LABELS: Record<WalletStep, string> = {
  idle: '',
  connecting: 'Connecting to your wallet…',
  signing: 'Confirm the signature request in your wallet…',
  submitting: 'Checking the signature…',
};

export interface SignedWalletMessage {
  address: string;
  message: string;
  signature: string;
}

/** Connects, asks the server for the message to sign (sign-in nonce or signup message) and signs it. */
export async function signWalletMessage(
  provider: Eip1193Provider,
  purpose: 'sign-in' | 'signup',
  onStep: (step: WalletStep) => void,
): Promise<SignedWalletMessage> {
  onStep('connecting');
  const { address, chainId } = await connectWallet(provider);
  const issued: WalletMessage =
    purpose === 'sign-in'
      ? await authApi.signInMessage(address, chainId)
      : await authApi.signupMessage(address, chainId);
  onStep('signing');
  const signature = await signMessage(provider, address, issued.message);
  onStep('submitting');
  return { address, message: issued.message, signature };
}

/** 0x1234…abcdef: first 6 and last 6 characters with an ellipsis (000 §5). */
export const shortAddress = shortenAddress;
