// Wallet sign-up and sign-in in real Chromium through an injected EIP-1193 provider whose
// personal_sign is a viem local account in Node; the wallet error texts of 000 §8.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  DESKTOP,
  readStoredCredentials,
  testWallet,
  uniqueEmail,
  type WalletBehaviour,
} from './support/accounts';
import { useBrowser } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

async function walletPage(behaviour: WalletBehaviour = 'ok') {
  const wallet = testWallet();
  const context = await browser.newContext({ viewport: DESKTOP });
  await wallet.install(context, behaviour);
  return { wallet, page: await context.newPage() };
}

const walletError = (page: Page) => page.getByTestId('wallet-error');

describe('wallet sign-up and sign-in', () => {
  it('offers signup to an unknown wallet, signs up with it, then signs in with it', async () => {
    const { wallet, page } = await walletPage();
    await page.goto(`${baseUrl}/login?type=wallet&redirect=${encodeURIComponent('/explore/drops')}`);
    await page.getByRole('button', { name: /Connect browser wallet/ }).click();

    // 000 §8: no account for this wallet: a dialog offers 'Go to sign up' (no error shown).
    const dialog = page.getByTestId('wallet-not-connected-dialog');
    await dialog
      .getByText(
        'This wallet is not connected to an NG account, sign up instead or connect it to an existing account.',
      )
      .waitFor();
    expect(await walletError(page).count()).toBe(0);
    await dialog.getByRole('link', { name: 'Go to sign up' }).click();
    await page.waitForURL((url) => url.pathname === '/signup');
    const query = new URL(page.url()).searchParams;
    expect(query.get('type')).toBe('wallet');
    expect(query.get('walletAddress')?.toLowerCase()).toBe(wallet.address.toLowerCase());
    expect(query.get('redirect')).toBe('/explore/drops');

    const form = page.getByTestId('signup-wallet-form');
    // 000 §5: first 6 and last 6 characters with an ellipsis.
    await form.getByText(`${wallet.address.slice(0, 6)}…${wallet.address.slice(-6)}`).waitFor();
    await form.getByLabel('First name').fill('Grace');
    await form.getByLabel('Last name').fill('Hopper');
    await form.getByLabel('Email').fill(uniqueEmail('grace'));
    await form.getByRole('button', { name: 'Connect wallet and sign up' }).click();
    await page.waitForURL((url) => url.pathname === '/explore/drops');
    await page.getByTestId('account-menu-button').waitFor();

    // Sign out, sign in with the wallet; the new account is offered two-factor: 'Enable 2FA'.
    await page.getByTestId('account-menu-button').click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByTestId('nav-login').waitFor();
    await page.goto(`${baseUrl}/login?type=wallet`);
    await page.getByRole('button', { name: /Connect browser wallet/ }).click();
    const prompt = page.getByTestId('twofa-prompt-dialog');
    await prompt.getByRole('button', { name: 'Enable 2FA' }).click();
    await page.waitForURL((url) => url.pathname === '/account/settings/security');
    await page.getByTestId('settings-twofa').waitFor();
    expect((await readStoredCredentials(page))?.access_token).toMatch(/^vat_/);
    await page.context().close();
  });
});

describe('wallet errors (000 §8)', () => {
  it.each([
    ['wrong-network', 'Wallet is currently connected to the wrong network.'],
    [
      'locked',
      'Your wallet is locked or disconnected. Please open and unlock your Ethereum wallet, then try again.',
    ],
    ['pending', 'A request is already pending in your wallet. Open your wallet extension to finish it.'],
    ['reject-sign', 'You rejected the request in your wallet.'],
  ] as const)('%s shows its message', async (behaviour, message) => {
    const { page } = await walletPage(behaviour);
    await page.goto(`${baseUrl}/login?type=wallet`);
    await page.getByRole('button', { name: /Connect browser wallet/ }).click();
    await walletError(page).getByText(message).waitFor();
    expect(await readStoredCredentials(page)).toBeNull();
    await page.context().close();
  });

  it("without an extension: 'No Wallet Extension Found', 'Download the MetaMask Plugin to continue'", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login?type=wallet`);
    await page.getByRole('button', { name: /Connect browser wallet/ }).click();
    const dialog = page.getByTestId('no-wallet-dialog');
    await dialog.getByRole('heading', { name: 'No Wallet Extension Found' }).waitFor();
    await dialog.getByText('Download the MetaMask Plugin to continue').waitFor();
    expect(await dialog.getByRole('link', { name: 'Download' }).getAttribute('href')).toContain(
      'metamask.io',
    );

    // The signup wallet form says the same before asking for anything.
    await page.goto(`${baseUrl}/signup?type=wallet`);
    await page.getByLabel('First name').fill('No');
    await page.getByLabel('Last name').fill('Wallet');
    await page.getByLabel('Email').fill(uniqueEmail('nowallet'));
    await page.getByRole('button', { name: 'Connect wallet and sign up' }).click();
    await page.getByTestId('no-wallet-dialog').waitFor();
    await context.close();
  });
});
