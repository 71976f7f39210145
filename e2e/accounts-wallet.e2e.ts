// Wallet sign-up and sign-in in real Chromium through an injected EIP-1193 provider whose
// personal_sign is a viem local account in Node; the wallet error texts of 000 §8.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  DESKTOP,
  latestMessage,
  outbox,
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
  it('offers signup to an unknown wallet, signs up with it, signs in with it, and turns two-factor off by its code', async () => {
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
    const email = uniqueEmail('grace');
    await form.getByLabel('Email').fill(email);
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

    // A wallet account has no password: it turns two-factor off with its two-factor code (it could not before,
    // so it could not change its method either). Email first verified, then two-factor by email.
    const emailCard = page.getByTestId('settings-email');
    const verification = await latestMessage(baseUrl, email, 'email_verification');
    await emailCard.getByLabel('Verification code').fill(verification.code ?? '');
    await emailCard.getByRole('button', { name: 'Verify email' }).click();
    await emailCard.getByTestId('email-verified').waitFor();
    const twofa = page.getByTestId('settings-twofa');
    await twofa.locator('input[name="twofa-method"][value="email"]').check();
    await twofa.getByTestId('twofa-start').click();
    await expect.poll(async () => (await outbox(baseUrl, email, 'twofa_enroll')).length).toBe(1);
    const enrolment = await latestMessage(baseUrl, email, 'twofa_enroll');
    await twofa.getByLabel('Verification code').fill(enrolment.code ?? '');
    await twofa.getByRole('button', { name: 'Turn on two-factor' }).click();
    await twofa.getByTestId('twofa-enabled').waitFor();

    await twofa.getByRole('button', { name: 'Turn off two-factor' }).click();
    const off = page.getByTestId('disable-twofa-dialog');
    expect(await off.textContent()).toContain(
      'Your account has no password, so you confirm with your two-factor code',
    );
    expect(await off.getByLabel('Password').count()).toBe(0);
    await off.getByRole('button', { name: 'Send code' }).click();
    await off.getByLabel('Verification code').waitFor();
    const sent = await latestMessage(baseUrl, email, 'step_up_code');
    await off.getByLabel('Verification code').fill(sent.code === '000000' ? '111111' : '000000');
    await off.getByRole('button', { name: 'Turn off' }).click();
    await off.getByText('Invalid verification code').waitFor();
    await off.getByLabel('Verification code').fill(sent.code ?? '');
    await off.getByRole('button', { name: 'Turn off' }).click();
    await page.getByText('Two-factor authentication is off.').first().waitFor();
    await expect.poll(() => twofa.getByTestId('twofa-enabled').count()).toBe(0);
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
