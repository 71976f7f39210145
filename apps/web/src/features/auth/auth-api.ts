// The accounts calls of the sign-in and signup screens (docs/decisions/003-accounts-api.md).
import type {
  LoginResponse,
  PendingOneTouch,
  SignupResponse,
  TokenResponse,
  TwoFactorChallenge,
  TwoFactorLoginResponse,
  WalletMessage,
} from '@vitrine/domain';
import { api } from '../../app/api-client';

export type { LoginResponse, SignupResponse, TokenResponse, TwoFactorChallenge, WalletMessage };

export type TwoFactorVerifyResponse = TwoFactorLoginResponse | PendingOneTouch;

export function isChallenge(data: TokenResponse | TwoFactorChallenge): data is TwoFactorChallenge {
  return 'twofa_token' in data && typeof data.twofa_token === 'string';
}

export function isPending(answer: TwoFactorVerifyResponse): answer is PendingOneTouch {
  return 'status' in answer && answer.status === 'pending';
}

export interface SignupPasswordBody {
  grantType: 'password';
  email: string;
  firstName: string;
  lastName: string;
  password: string;
}

export interface SignupWalletBody {
  grantType: 'wallet';
  email: string;
  firstName: string;
  lastName: string;
  walletAddress: string;
  signature: string;
  message: string;
}

export type SignupInput = (SignupPasswordBody | SignupWalletBody) & {
  referral?: string;
  subscribe: boolean;
};

export type SignupBody = SignupInput & { captchaToken?: string; captchaTokenV3: string };

export const authApi = {
  login: (body: { email: string; password: string; captchaTokenV3: string }) =>
    api.post<LoginResponse>('/users/login/', body),
  loginWallet: (body: {
    walletAddress: string;
    signedMessage: string;
    message: string;
    captchaTokenV3: string;
  }) => api.post<LoginResponse>('/users/login/wallet/', body),
  /** With a code: the code step; without: the one-touch check (202 while pending). */
  verifyTwoFactor: (twoFAToken: string, code?: string) =>
    api.post<TwoFactorVerifyResponse>(
      '/users/login/twofa/',
      code === undefined ? { twoFAToken } : { twoFAToken, code },
    ),
  resendTwoFactor: (twoFAToken: string) =>
    api.post<{ sent: true; method: string; expires_in: number }>('/user/twofa/unauthenticatedrequest/', {
      twoFAToken,
    }),
  /** 'Skip' of the two-factor prompt, with the new bearer token (credentials are not stored yet). */
  skipTwoFactorPrompt: (accessToken: string) =>
    api.patch<{ shouldSkipTwofaPrompt: boolean }>(
      '/user/v2/toggle-should-skip-2fa-prompt/',
      { shouldSkipTwofaPrompt: true },
      { headers: { Authorization: `Bearer ${accessToken}` } },
    ),
  signInMessage: (walletAddress: string, chainId: number) =>
    api.get<WalletMessage>('/user/nonce/', { query: { wallet_address: walletAddress, chain_id: chainId } }),
  signupMessage: (address: string, chainId: number) =>
    api.get<WalletMessage>('/user/message-to-sign/', { query: { address, chain_id: chainId } }),
  signup: (body: SignupBody) => api.post<SignupResponse>('/users/signup/', body),
  verifyEmail: (code: string) => api.post<{ verified: true }>('/users/verify-email/', { code }),
  resendVerificationEmail: () => api.get<{ sent: boolean; email_verified: boolean }>('/users/verify-email/'),
  requestPasswordReset: (email: string) => api.post<{ detail: string }>('/user/reset-password/', { email }),
  confirmPasswordReset: (reset_token: string, new_password: string) =>
    api.post<{ detail: string }>('/user/confirm-reset-password/', { reset_token, new_password }),
};
