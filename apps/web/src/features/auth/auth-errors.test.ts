import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/api-error';
import { loginErrorMessage, signupErrorMessage, walletErrorMessage } from './auth-errors';
import { WalletError } from './ethereum';

const apiError = (statusCode: number, errorType: string, message: string, fields?: Record<string, string>) =>
  new ApiError({ statusCode, errorType, message, ...(fields ? { fields } : {}) });

describe('accounts error texts (000 §8)', () => {
  it('login shows the server text, the one-touch text, else Invalid credentials', () => {
    expect(loginErrorMessage(apiError(400, 'invalid_grant', 'Invalid credentials'))).toBe(
      'Invalid credentials',
    );
    expect(
      loginErrorMessage(apiError(429, 'rate-limited', 'Too many attempts. Please try again in 3 minutes.')),
    ).toBe('Too many attempts. Please try again in 3 minutes.');
    expect(loginErrorMessage(apiError(400, 'one_touch', 'denied'))).toBe(
      'Authy One-Touch check has failed. Please try again.',
    );
    expect(loginErrorMessage(ApiError.unknown())).toBe('Invalid credentials');
    expect(loginErrorMessage(new Error('boom'))).toBe('Invalid credentials');
  });

  it('signup shows the server message, else There was a problem signing up', () => {
    expect(
      signupErrorMessage(apiError(400, 'wallet_taken', 'This wallet is already connected to an account.')),
    ).toBe('This wallet is already connected to an account.');
    expect(signupErrorMessage(apiError(500, 'unknown-error', 'An unknown error occurred'))).toBe(
      'There was a problem signing up',
    );
    expect(signupErrorMessage(ApiError.unknown())).toBe('There was a problem signing up');
  });

  it('wallet errors show the message, else invalid wallet', () => {
    expect(walletErrorMessage(new WalletError('rejected', 'You rejected the request in your wallet.'))).toBe(
      'You rejected the request in your wallet.',
    );
    expect(
      walletErrorMessage(
        apiError(400, 'validation-error', 'Invalid request', {
          chain_id: 'Wallet is currently connected to the wrong network.',
        }),
      ),
    ).toBe('Wallet is currently connected to the wrong network.');
    expect(walletErrorMessage(new Error('x'))).toBe('invalid wallet');
  });
});
