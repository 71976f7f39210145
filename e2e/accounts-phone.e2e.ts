// Profile validation in real Chromium: phone number entry (US by default), the SMS code from the dev
// outbox, resend, wrong code, the error texts of 000 §8, 'Profile validation complete', remove.
import { randomInt } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type ApiUser,
  apiSignUp,
  apiVerifyEmail,
  DESKTOP,
  latestMessage,
  outbox,
  storeCredentials,
} from './support/accounts';
import { launchBrowser } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
// One account for the file (signups are limited per IP); each test leaves it without a phone number.
let user: ApiUser;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await apiSignUp(baseUrl, 'phone');
  // Phone verification needs a verified email (decision 003).
  await apiVerifyEmail(baseUrl, user.email);
});
afterAll(async () => {
  await browser?.close();
});

describe('profile validation by phone', () => {
  it('sends a code, resends it, refuses a wrong one, completes, and removes the number', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(context, user.grant);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/account/profile-validation`);

    const form = page.getByTestId('phone-number-form');
    expect(await form.getByLabel('Country').inputValue()).toBe('US');
    const send = form.getByRole('button', { name: 'Send code' });

    // 000 §5: Required.
    await send.click();
    expect(await page.getByTestId('field-error-phone').textContent()).toBe('Required');

    // 000 §8: a number of another account (the seeded collector's), and a number that is not valid.
    await form.getByLabel('Phone number').fill('(202) 555-0143');
    await send.click();
    const error = page.getByTestId('phone-error');
    await error
      .getByText('Error: This phone number has already been registered by another account...')
      .waitFor();
    expect(await error.getByRole('link', { name: 'Contact support' }).count()).toBe(1);
    await form.getByLabel('Phone number').fill('12');
    await send.click();
    await error
      .getByText('Phone number is not valid. Please check your phone number and try again')
      .waitFor();

    // Spaces, parentheses and the first hyphen are stripped; +1 is the default country code.
    const line = String(randomInt(1000, 10_000));
    const number = `+1415555${line}`;
    await form.getByLabel('Phone number').fill(`(415) 555-${line}`);
    await send.click();
    const codeForm = page.getByTestId('phone-code-form');
    await codeForm.getByText(`+1 (415) 555-${line}`).waitFor();
    const first = await latestMessage(baseUrl, number, 'phone_verification');
    expect(first.channel).toBe('sms');

    await codeForm.getByRole('button', { name: 'Resend code' }).click();
    await page.getByTestId('phone-resent').getByText('Code was resent!').waitFor();
    const second = await latestMessage(baseUrl, number, 'phone_verification', first.id);

    const wrong = second.code === '000000' ? '111111' : '000000';
    await codeForm.getByLabel('Verification code').fill(wrong);
    await codeForm.getByRole('button', { name: 'Verify' }).click();
    await page.getByTestId('field-error-code').getByText('Invalid verification code').waitFor();
    // What was typed stays.
    expect(await codeForm.getByLabel('Verification code').inputValue()).toBe(wrong);

    await codeForm.getByLabel('Verification code').fill(second.code ?? '');
    await codeForm.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Profile validation complete' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Profile validation complete' }).waitFor();

    // The avatar menu marks the profile as validated.
    await page.getByTestId('account-menu-button').click();
    await page.getByTestId('account-menu').getByText('Validated').waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Remove number' }).click();
    await page.getByTestId('remove-phone-dialog').getByRole('button', { name: 'Remove' }).click();
    await page.getByTestId('phone-number-form').waitFor();
    await context.close();
  });

  it("'Enter a new number' drops the pending registration", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(context, user.grant);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/account/profile-validation`);
    const line = String(randomInt(1000, 10_000));
    await page.getByLabel('Phone number').fill(`415 556 ${line}`);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByTestId('phone-code-form').waitFor();
    await page.getByRole('button', { name: 'Enter a new number' }).click();
    await page.getByTestId('phone-number-form').waitFor();
    await page.reload();
    await page.getByTestId('phone-number-form').waitFor();
    await context.close();
  });

  // Security review 2026-12-06: with two-factor on, a session alone must not change where the codes could go.
  it('with two-factor on, adding and removing a number asks for the code first', async () => {
    const call = async (path: string, body: Record<string, string>) => {
      const response = await fetch(`${baseUrl}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.grant.access_token}` },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    };
    await call('/user/twofa/enroll/', { method: 'email' });
    const enrollment = await latestMessage(baseUrl, user.email, 'twofa_enroll');
    await call('/user/twofa/verifyenrollment/', { auth_code: enrollment.code ?? '' });

    const context = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(context, user.grant);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/account/profile-validation`);
    const form = page.getByTestId('phone-number-form');
    const line = String(randomInt(1000, 10_000));
    const number = `+1415557${line}`;
    await form.getByLabel('Phone number').fill(`(415) 557-${line}`);
    await form.getByRole('button', { name: 'Send code' }).click();
    // The code goes to the email, not the new number, and its field says so.
    const code = form.getByLabel('Verification code');
    await code.waitFor();
    await form.getByText('We sent a 6-digit code to your email.').waitFor();
    const stepUp = await latestMessage(baseUrl, user.email, 'step_up_code');
    expect(await outbox(baseUrl, number, 'phone_verification')).toHaveLength(0);
    await form.getByRole('button', { name: 'Send code' }).click();
    expect(await page.getByTestId('field-error-twoFactorCode').textContent()).toBe('Required');
    await code.fill(stepUp.code ?? '');
    await form.getByRole('button', { name: 'Send code' }).click();
    const codeForm = page.getByTestId('phone-code-form');
    await codeForm.getByText(`+1 (415) 557-${line}`).waitFor();
    const sms = await latestMessage(baseUrl, number, 'phone_verification');
    await codeForm.getByLabel('Verification code').fill(sms.code ?? '');
    await codeForm.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Profile validation complete' }).waitFor();

    await page.getByRole('button', { name: 'Remove number' }).click();
    const dialog = page.getByTestId('remove-phone-dialog');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await dialog.getByText('We sent a 6-digit code to your email.').waitFor();
    const removal = await latestMessage(baseUrl, user.email, 'step_up_code', stepUp.id);
    const wrong = removal.code === '000000' ? '111111' : '000000';
    await dialog.getByLabel('Verification code').fill(wrong);
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await dialog.getByText('Invalid verification code').waitFor();
    await dialog.getByLabel('Verification code').fill(removal.code ?? '');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await page.getByTestId('phone-number-form').waitFor();
    await context.close();
    // The account as the other tests found it.
    await call('/user/twofa/disable/', { password: user.password });
  });
});
