// Two-factor in real Chromium: verify the email with its code, enrol an authenticator app from the QR
// screen (the code is computed here with otpauth), sign in with a code, then the sessions list and
// 'sign out everywhere'.
import * as OTPAuth from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  apiSignUp,
  DESKTOP,
  latestMessage,
  readStoredCredentials,
  storeCredentials,
} from './support/accounts';
import { useBrowser } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

const fieldError = (page: Page, name: string) => page.getByTestId(`field-error-${name}`);

describe('two-factor with an authenticator app', () => {
  it('enrols from the QR screen, signs in with a code, lists sessions and signs out everywhere', async () => {
    const user = await apiSignUp(baseUrl, 'totp');
    const context = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(context, user.grant);
    const page = await context.newPage();

    // Enrolment needs a verified email: enter the 6-digit code of the verification email.
    await page.goto(`${baseUrl}/account/settings/security`);
    const emailCard = page.getByTestId('settings-email');
    const verification = await latestMessage(baseUrl, user.email, 'email_verification');
    await emailCard.getByLabel('Verification code').fill(verification.code ?? '');
    await emailCard.getByRole('button', { name: 'Verify email' }).click();
    await emailCard.getByTestId('email-verified').waitFor();

    // The authenticator app: QR code and secret, then a code from the app.
    const twofa = page.getByTestId('settings-twofa');
    await twofa.getByLabel(/Authenticator app/).check();
    await twofa.getByRole('button', { name: 'Set up authenticator app' }).click();
    const qr = twofa.getByRole('img', { name: /QR code/ });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    const secret = (await twofa.getByTestId('totp-secret').getAttribute('data-secret')) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), period: 30, digits: 6 });
    await twofa.getByLabel('Verification code').fill(totp.generate());
    await twofa.getByRole('button', { name: 'Turn on two-factor' }).click();
    await twofa.getByTestId('twofa-enabled').waitFor();
    expect(await twofa.getByTestId('twofa-enabled').textContent()).toContain('Authenticator app');

    // Sign out, then sign in: the password step moves to the code step.
    await page.getByTestId('account-menu-button').click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByTestId('nav-login').waitFor();
    await page.goto(`${baseUrl}/login?redirect=${encodeURIComponent('/account/settings/sessions')}`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    const step = page.getByTestId('twofa-step');
    await step.waitFor();
    expect(await step.getAttribute('data-method')).toBe('totp');
    // An authenticator code cannot be resent.
    expect(await step.getByRole('button', { name: 'Resend code' }).count()).toBe(0);

    // 000 §5: the code is required and has at least 5 characters.
    await step.getByRole('button', { name: 'Verify' }).click();
    expect(await fieldError(page, 'code').textContent()).toBe('Required');
    await step.getByLabel('Verification code').fill('1234');
    expect(await fieldError(page, 'code').textContent()).toBe('Invalid verification code');

    // The code of the next 30-second step: the one used for enrolment is accepted only once.
    await step.getByLabel('Verification code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await step.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/account/settings/sessions');
    // Two-factor is on: no 'Enable 2FA' prompt.
    expect(await page.getByTestId('twofa-prompt-dialog').count()).toBe(0);
    const stored = await readStoredCredentials(page);
    expect(stored?.expiry_date).toBeGreaterThan(Date.now());

    // Sessions: this device is listed, the signed-out one is not; sign out everywhere ends it.
    const rows = page.getByTestId('session-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('This device');
    expect(await rows.first().textContent()).toContain('Chrome on Linux');
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page
      .getByTestId('sign-out-everywhere-dialog')
      .getByRole('button', { name: 'Sign out everywhere' })
      .click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await readStoredCredentials(page)).toBeNull();
    const profile = await fetch(`${baseUrl}/api/user/profile/`, {
      headers: { authorization: `Bearer ${stored?.access_token}` },
    });
    expect(profile.status).toBe(401);
    await context.close();
  });
});
