import { describe, expect, it } from 'vitest';
import {
  connectWallet,
  type Eip1193Provider,
  parseChainId,
  signMessage,
  toWalletError,
  utf8ToHex,
  WALLET_MESSAGES,
} from './ethereum';

const ADDRESS = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';

function provider(answers: Record<string, unknown>): Eip1193Provider {
  return {
    request: async ({ method }) => {
      const answer = answers[method];
      if (answer instanceof Error || (typeof answer === 'object' && answer !== null && 'code' in answer)) {
        throw answer;
      }
      return answer;
    },
  };
}

describe('EIP-1193 wallet helpers (000 §8)', () => {
  it('connects: first account and a supported chain id', async () => {
    await expect(
      connectWallet(provider({ eth_requestAccounts: [ADDRESS], eth_chainId: '0x7a69' })),
    ).resolves.toEqual({ address: ADDRESS, chainId: 31337 });
  });

  it('reports the wrong network for an unsupported chain', async () => {
    await expect(
      connectWallet(provider({ eth_requestAccounts: [ADDRESS], eth_chainId: '0x89' })),
    ).rejects.toThrow(WALLET_MESSAGES.wrongNetwork);
  });

  it('reports a locked wallet when it answers no account', async () => {
    await expect(connectWallet(provider({ eth_requestAccounts: [], eth_chainId: '0x1' }))).rejects.toThrow(
      'Your wallet is locked or disconnected. Please open and unlock your Ethereum wallet, then try again.',
    );
  });

  it('maps 4001 (rejected) and -32002 (pending)', async () => {
    expect(toWalletError({ code: 4001, message: 'User rejected' }).kind).toBe('rejected');
    expect(toWalletError({ code: -32002, message: 'Already processing' }).kind).toBe('pending');
    await expect(
      connectWallet(provider({ eth_requestAccounts: { code: -32002, message: 'x' } })),
    ).rejects.toThrow(WALLET_MESSAGES.pending);
  });

  it('signs the UTF-8 hex of the message with personal_sign', async () => {
    const calls: unknown[] = [];
    const wallet: Eip1193Provider = {
      request: async (args) => {
        calls.push(args);
        return '0xabcdef';
      },
    };
    await expect(signMessage(wallet, ADDRESS, 'hé')).resolves.toBe('0xabcdef');
    expect(calls).toEqual([{ method: 'personal_sign', params: ['0x68c3a9', ADDRESS] }]);
    expect(utf8ToHex('a\nb')).toBe('0x610a62');
  });

  it('reads hex and decimal chain ids', () => {
    expect(parseChainId('0xaa36a7')).toBe(11155111);
    expect(parseChainId('1')).toBe(1);
    expect(parseChainId(5)).toBe(5);
    expect(parseChainId('zz')).toBeNull();
  });
});
