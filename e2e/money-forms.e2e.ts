// The money forms in real Chromium against the built, seeded server (UX review): an amount typed with a
// decimal comma ('12,50') is refused at its field on the Deposit tab and in Cash out, as the offer form does,
// instead of being read as $1,250.00 and charged; the submit button names the exact amount first. A card the
// processor refuses (Luhn, expired) shows the processor's reason at the field it is about on the Deposit
// tab, the checkout page, the offer form and the attribute offer form, and several bad card inputs each show
// at their own field.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type ApiUser,
  apiSignUp,
  apiVerifyEmail,
  captchaToken,
  DESKTOP,
  type Grant,
  latestMessage,
  newPage,
  refreshSessionNow,
  storeCredentials,
} from './support/accounts';
import { useBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { COLLECTOR, signedInProfileUrl, signInAsCollector } from './support/sign-in';
import {
  apiCall,
  fillCard,
  itemUrl,
  loseFirstAnswer,
  type OwnedToken,
  simCardToken,
} from './support/trading';

const baseUrl = inject('baseUrl');
const AMOUNT_FORMAT = 'Enter an amount like 125 or 12.50';
const BAD_NUMBER = 'Your card number is invalid.';
const BAD_EXPIRY = "Your card's expiration date is invalid.";
// 4242 4242 4242 4242 with its last digit changed: 16 digits, but not a card number (Luhn).
const NOT_LUHN = '4242 4242 4242 4241';
const browser = useBrowser();

async function signedInPage(user: { grant: Grant }, path: string, origin = baseUrl): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  await storeCredentials(context, user.grant);
  const page = await context.newPage();
  await page.goto(origin + path);
  return page;
}

/** The message shown at an input (its aria-describedby error), or null when it is not marked invalid. */
async function messageAt(input: Locator): Promise<string | null> {
  if ((await input.getAttribute('aria-invalid')) !== 'true') return null;
  const ids = ((await input.getAttribute('aria-describedby')) ?? '').split(' ');
  const errorId = ids.find((id) => id.endsWith('-error'));
  if (!errorId) return null;
  return input.page().locator(`[id="${errorId}"]`).textContent();
}

/** The user's balance as the API has it. */
async function balanceOf(user: ApiUser): Promise<number> {
  const response = await fetch(`${baseUrl}/api/user/profile/`, {
    headers: { authorization: `Bearer ${user.grant.access_token}`, origin: baseUrl },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { available_balance_in_cents: number }).available_balance_in_cents;
}

/** A new user with two-factor by email on and $20.00 added by card (the browser tests' server lets it out at once). */
async function twoFactorUserWith2000(label: string): Promise<ApiUser> {
  const user = await apiSignUp(baseUrl, label);
  await apiVerifyEmail(baseUrl, user.email);
  const token = user.grant.access_token;
  await apiCall(baseUrl, token, 'POST', '/user/twofa/enroll/', { method: 'email' });
  const enrollment = await latestMessage(baseUrl, user.email, 'twofa_enroll');
  await apiCall(baseUrl, token, 'POST', '/user/twofa/verifyenrollment/', { auth_code: enrollment.code });
  await apiCall(baseUrl, token, 'POST', '/v2/balance/deposits', {
    amount_in_cents: 2_000,
    payment_token: await simCardToken(baseUrl, token),
  });
  return user;
}

/** Fills the three card inputs of `root`. */
async function typeCard(root: Locator, number: string, expiry: string, cvc: string): Promise<void> {
  await root.getByLabel('Card number').fill(number);
  await root.getByLabel('Expiry (MM/YY)').fill(expiry);
  await root.getByLabel('CVC').fill(cvc);
}

/** Several bad card inputs at once: each shows its own message at its own field. */
async function expectEachCardFieldMarked(root: Locator): Promise<void> {
  await expect.poll(() => messageAt(root.getByLabel('Card number'))).toBe('Enter the card number');
  expect(await messageAt(root.getByLabel('Expiry (MM/YY)'))).toBe('Enter the expiry as MM/YY');
  expect(await messageAt(root.getByLabel('CVC'))).toBe('Enter the CVC');
}

/** Cash out's review (what leaves, where to, the balance after), confirmed. */
async function confirmCashOut(page: Page, amount: string): Promise<void> {
  await page
    .getByTestId('cash-out-review')
    .getByRole('button', { name: `Cash out ${amount}` })
    .click();
}

describe('the Deposit tab', () => {
  it('refuses "12,50" at the amount field, keeps it, charges nothing, and names the amount before it charges', {
    timeout: 120_000,
  }, async () => {
    const user = await apiSignUp(baseUrl, 'deposit-comma');
    const page = await signedInPage(user, '/dashboard/deposit');
    const form = page.getByTestId('add-funds');
    const amount = form.getByLabel('Amount (USD)');
    const submit = form.getByTestId('add-funds-submit');
    await amount.fill('12,50');
    await fillCard(form);
    expect(await submit.textContent()).toBe('Add funds');
    await submit.click();
    await expect.poll(() => messageAt(amount)).toBe(AMOUNT_FORMAT);
    expect(await amount.inputValue()).toBe('12,50');
    await page.waitForTimeout(1_000);
    expect(await form.getByTestId('add-funds-done').count()).toBe(0);
    expect(await balanceOf(user)).toBe(0);

    // The amount it will charge is on the button before it does; editing takes the message away.
    await amount.fill('12.50');
    expect(await messageAt(amount)).toBeNull();
    expect(await submit.textContent()).toBe('Add $12.50');
    // A comma between groups of three digits is a thousands separator.
    await amount.fill('1,250.00');
    expect(await submit.textContent()).toBe('Add $1,250.00');
    await amount.fill('12.50');
    await submit.click();
    await expect
      .poll(() => form.getByTestId('add-funds-done').textContent(), { timeout: 15_000 })
      .toContain('$12.50 added');
    expect(await balanceOf(user)).toBe(1250);

    // Cash out reads amounts the same way.
    const cashOut = page.getByTestId('cash-out');
    const payout = cashOut.getByLabel('Amount (USD)');
    const cashOutSubmit = cashOut.getByTestId('cash-out-submit');
    await payout.fill('2,50');
    expect(await cashOutSubmit.textContent()).toBe('Cash out');
    await cashOutSubmit.click();
    await expect.poll(() => messageAt(payout)).toBe(AMOUNT_FORMAT);
    expect(await payout.inputValue()).toBe('2,50');
    await page.waitForTimeout(1_000);
    expect(await cashOut.getByTestId('cash-out-done').count()).toBe(0);
    expect(await balanceOf(user)).toBe(1250);
    await payout.fill('2.50');
    expect(await cashOutSubmit.textContent()).toBe('Cash out $2.50');
    await cashOutSubmit.click();
    await confirmCashOut(page, '$2.50');
    await expect
      .poll(() => cashOut.getByTestId('cash-out-done').textContent(), { timeout: 15_000 })
      .toContain('$2.50');
    expect(await balanceOf(user)).toBe(1000);
    await page.context().close();
  });

  // Security review 2026-12-06: with two-factor on, money leaves the balance only with the code.
  it('cashing out with two-factor on asks for the code of the amount, then pays out with it', {
    timeout: 60_000,
  }, async () => {
    const user = await twoFactorUserWith2000('cash-out-2fa');
    const page = await signedInPage(user, '/dashboard/deposit');
    const cashOut = page.getByTestId('cash-out');
    await cashOut.getByLabel('Amount (USD)').fill('15');
    await cashOut.getByTestId('cash-out-submit').click();
    await confirmCashOut(page, '$15.00');
    await cashOut.getByText('We sent a 6-digit code to your email.').waitFor();
    // The keyboard is at the code's field.
    await expect
      .poll(() => page.evaluate("document.activeElement?.getAttribute('name') ?? null"))
      .toBe('twoFactorCode');
    expect(await cashOut.getByTestId('cash-out-error').count()).toBe(0);
    expect(await balanceOf(user)).toBe(2_000);
    const sent = await latestMessage(baseUrl, user.email, 'step_up_code');
    await cashOut.getByLabel('Verification code').fill(sent.code === '000000' ? '111111' : '000000');
    await cashOut.getByTestId('cash-out-submit').click();
    await cashOut.getByTestId('field-error-twoFactorCode').getByText('Invalid verification code').waitFor();
    expect(await balanceOf(user)).toBe(2_000);
    expect(sent.text).toContain('to confirm cashing out $15.00 is');
    // QA 2026-12-07: a code confirms the amount it was sent for. Another amount asks for a new code, which names it.
    await cashOut.getByLabel('Amount (USD)').fill('12');
    expect(await cashOut.getByLabel('Verification code').count()).toBe(0);
    await cashOut.getByTestId('cash-out-submit').click();
    await confirmCashOut(page, '$12.00');
    await cashOut.getByText('We sent a 6-digit code to your email.').waitFor();
    const resent = await latestMessage(baseUrl, user.email, 'step_up_code', sent.id);
    expect(resent.text).toContain('to confirm cashing out $12.00 is');
    await cashOut.getByLabel('Verification code').fill(resent.code ?? '');
    await cashOut.getByTestId('cash-out-submit').click();
    await expect
      .poll(() => cashOut.getByTestId('cash-out-done').textContent(), { timeout: 15_000 })
      .toContain('$12.00');
    expect(await balanceOf(user)).toBe(800);
    // The code is used up: the field goes, and the next cash-out asks again.
    expect(await cashOut.getByLabel('Verification code').count()).toBe(0);
    await page.context().close();
  });

  // Review 2026-12-07: the key was made of the amount and the code, so a cash-out whose answer was lost, sent again
  // with another code, was another action: with a code that was still good, paid out twice.
  it('a cash-out with two-factor whose answer was lost, sent again with another code, pays out once', {
    timeout: 60_000,
  }, async () => {
    const user = await twoFactorUserWith2000('cash-out-2fa-lost');
    const page = await signedInPage(user, '/dashboard/deposit');
    const keys: (string | undefined)[] = [];
    let lost = false;
    await page.route(/\/api\/v2\/balance\/payouts$/, async (route) => {
      const request = route.request();
      keys.push(request.headers()['idempotency-key']);
      if (!lost && (request.postData() ?? '').includes('twoFactorCode')) {
        lost = true;
        // Paid out on the server; its answer never arrives.
        await route.fetch();
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });
    const cashOut = page.getByTestId('cash-out');
    await cashOut.getByLabel('Amount (USD)').fill('10');
    await cashOut.getByTestId('cash-out-submit').click();
    await confirmCashOut(page, '$10.00');
    await cashOut.getByText('We sent a 6-digit code to your email.').waitFor();
    const sent = await latestMessage(baseUrl, user.email, 'step_up_code');
    await cashOut.getByLabel('Verification code').fill(sent.code ?? '');
    await cashOut.getByTestId('cash-out-submit').click();
    await cashOut.getByTestId('cash-out-error').waitFor({ timeout: 15_000 });
    expect(await balanceOf(user)).toBe(1_000);
    // Another code (the app's next one, or a mistyped one): the same cash-out, answered from the first.
    await cashOut.getByLabel('Verification code').fill(sent.code === '654321' ? '123456' : '654321');
    await cashOut.getByTestId('cash-out-submit').click();
    await expect
      .poll(() => cashOut.getByTestId('cash-out-done').textContent(), { timeout: 15_000 })
      .toContain('$10.00');
    expect(await balanceOf(user)).toBe(1_000);
    // The first press, answered 'enter your code', was an action of its own; the two sent with a code are one.
    expect(keys).toHaveLength(3);
    expect(keys[2]).toBe(keys[1]);
    await page.context().close();
  });

  // Review 2026-12-07: an answer lost on its way back closed the verification dialog and dropped its key, so Add
  // again charged the card a second time for funds already added.
  it('a card verification whose answer was lost keeps the step open; pressing again adds nothing more', {
    timeout: 60_000,
  }, async () => {
    const user = await apiSignUp(baseUrl, 'deposit-3ds-lost');
    const page = await signedInPage(user, '/dashboard/deposit');
    const form = page.getByTestId('add-funds');
    const dialog = page.getByTestId('add-funds-action-dialog');
    const keys: (string | undefined)[] = [];
    await page.route('**/api/v2/balance/deposits/*/complete-action', async (route) => {
      keys.push(route.request().headers()['idempotency-key']);
      if (keys.length === 1) {
        // Credited on the server; its answer never arrives.
        await route.fetch();
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });
    await form.getByLabel('Amount (USD)').fill('30');
    await typeCard(form, '4000 0027 6000 3184', '12/34', '123');
    await form.getByTestId('add-funds-submit').click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Complete verification' }).click();
    await expect.poll(() => balanceOf(user), { timeout: 15_000 }).toBe(3_000);
    // The step stays (with its key): the outcome is unknown here.
    await expect.poll(() => keys.length).toBe(1);
    await page.waitForTimeout(500);
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Complete verification' }).click();
    await expect
      .poll(() => form.getByTestId('add-funds-done').textContent(), { timeout: 15_000 })
      .toContain('$30.00 added');
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await balanceOf(user)).toBe(3_000);
    await page.context().close();
  });

  // An answer belongs to the try it answers: a declined card's message goes once the form is sent again, so it
  // never stands beside the next try's own problem (an amount over the limit) as if that card were declined too.
  it("a declined card's message goes when the form is sent again", { timeout: 60_000 }, async () => {
    const user = await apiSignUp(baseUrl, 'deposit-declined-then');
    const page = await signedInPage(user, '/dashboard/deposit');
    const form = page.getByTestId('add-funds');
    const amount = form.getByLabel('Amount (USD)');
    await amount.fill('20');
    await fillCard(form, '4000 0000 0000 0002');
    await form.getByTestId('add-funds-submit').click();
    const error = form.getByTestId('add-funds-error');
    await expect.poll(() => error.textContent(), { timeout: 15_000 }).toContain('Your card was declined.');
    await form.getByLabel('Card number').fill('4242 4242 4242 4242');
    await amount.fill('20000');
    await form.getByTestId('add-funds-submit').click();
    await expect.poll(() => messageAt(amount)).toBe('Enter an amount from $1.00 to $10,000.00');
    expect(await error.count()).toBe(0);
    // Twenty digits are an amount out of the range too, not text 'like 125 or 12.50' (UX review, 2026-12-06).
    await amount.fill('12345678901234567890');
    await form.getByTestId('add-funds-submit').click();
    await expect.poll(() => messageAt(amount)).toBe('Enter an amount from $1.00 to $10,000.00');
    expect(await balanceOf(user)).toBe(0);

    await page.context().close();
  });

  it("shows the processor's reason at the card field it is about, and each bad input at its field", {
    timeout: 120_000,
  }, async () => {
    const user = await apiSignUp(baseUrl, 'deposit-card');
    const page = await signedInPage(user, '/dashboard/deposit');
    const form = page.getByTestId('add-funds');
    await form.getByLabel('Amount (USD)').fill('10');
    const number = form.getByLabel('Card number');
    const expiry = form.getByLabel('Expiry (MM/YY)');

    await typeCard(form, NOT_LUHN, '12/34', '123');
    await form.getByTestId('add-funds-submit').click();
    await expect.poll(() => messageAt(number), { timeout: 15_000 }).toBe(BAD_NUMBER);
    expect(await form.getByTestId('add-funds-error').count()).toBe(0);

    await typeCard(form, '4242 4242 4242 4242', '01/20', '123');
    expect(await messageAt(number)).toBeNull();
    await form.getByTestId('add-funds-submit').click();
    await expect.poll(() => messageAt(expiry), { timeout: 15_000 }).toBe(BAD_EXPIRY);
    expect(await messageAt(number)).toBeNull();
    expect(await form.textContent()).not.toContain('Invalid request');

    await typeCard(form, '1234 5678', '13/20', '1');
    await form.getByTestId('add-funds-submit').click();
    await expectEachCardFieldMarked(form);
    expect(await balanceOf(user)).toBe(0);
    await page.context().close();
  });

  // The answer to Add funds is lost on the way back (the funds were added); the user presses again. The
  // retry is the same action: same Idempotency-Key, same card token, so the server answers it from the first
  // one (decision 007) instead of charging the card a second time. The same for Cash out.
  it('a retry after a lost answer adds the funds once, and cashes out once', {
    timeout: 60_000,
  }, async () => {
    const user = await apiSignUp(baseUrl, 'deposit-retry');
    const page = await signedInPage(user, '/dashboard/deposit');
    const sent: { path: string; key: string | undefined; body: string }[] = [];
    let lose = new Set(['/api/v2/balance/deposits', '/api/v2/balance/payouts']);
    await page.route(/\/api\/v2\/balance\/(deposits|payouts)$/, async (route) => {
      const request = route.request();
      const path = new URL(request.url()).pathname;
      sent.push({ path, key: request.headers()['idempotency-key'], body: request.postData() ?? '' });
      if (lose.has(path)) {
        lose = new Set([...lose].filter((p) => p !== path));
        // The server does the work; its answer never arrives.
        await route.fetch();
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });
    const form = page.getByTestId('add-funds');
    await form.getByLabel('Amount (USD)').fill('20');
    await fillCard(form);
    await form.getByTestId('add-funds-submit').click();
    await form.getByTestId('add-funds-error').waitFor({ timeout: 15_000 });
    await form.getByTestId('add-funds-submit').click();
    await expect
      .poll(() => form.getByTestId('add-funds-done').textContent(), { timeout: 15_000 })
      .toContain('$20.00 added');
    const deposits = sent.filter((r) => r.path.endsWith('/deposits'));
    expect(deposits).toHaveLength(2);
    expect(deposits[1]?.key).toBe(deposits[0]?.key);
    expect(deposits[1]?.body).toBe(deposits[0]?.body);
    expect(await balanceOf(user)).toBe(2_000);

    const cashOut = page.getByTestId('cash-out');
    await cashOut.getByLabel('Amount (USD)').fill('5');
    await cashOut.getByTestId('cash-out-submit').click();
    await confirmCashOut(page, '$5.00');
    await cashOut.getByTestId('cash-out-error').waitFor({ timeout: 15_000 });
    await cashOut.getByTestId('cash-out-submit').click();
    await expect.poll(() => balanceOf(user), { timeout: 15_000 }).toBe(1_500);
    const payouts = sent.filter((r) => r.path.endsWith('/payouts'));
    expect(payouts).toHaveLength(2);
    expect(payouts[1]?.key).toBe(payouts[0]?.key);
    await page.context().close();
  });

  // The cash-out took the money, so the balance read after the lost answer (a session refresh reads the profile
  // again) is below the amount: pressing again is still the same action, answered by the server, not refused
  // here as more than the balance.
  it('a cash-out pressed again after the balance was read anew is the same action, not refused as too much', {
    timeout: 60_000,
  }, async () => {
    const user = await apiSignUp(baseUrl, 'payout-retry-refresh');
    const access = user.grant.access_token;
    await apiCall(baseUrl, access, 'POST', '/v2/balance/deposits', {
      amount_in_cents: 2_000,
      payment_token: await simCardToken(baseUrl, access),
    });
    const page = await signedInPage(user, '/dashboard/deposit');
    const sent = await loseFirstAnswer(page, /\/api\/v2\/balance\/payouts$/);
    const cashOut = page.getByTestId('cash-out');
    await expect.poll(() => cashOut.textContent()).toContain('Available: $20.00.');
    await cashOut.getByLabel('Amount (USD)').fill('15');
    await cashOut.getByTestId('cash-out-submit').click();
    await confirmCashOut(page, '$15.00');
    await cashOut.getByTestId('cash-out-error').waitFor({ timeout: 15_000 });

    await refreshSessionNow(page);
    await expect.poll(() => cashOut.textContent()).toContain('Available: $5.00.');
    await cashOut.getByTestId('cash-out-submit').click();
    // Read without waiting for the message: a refusal here shows instead of it.
    await expect
      .poll(async () => (await cashOut.getByTestId('cash-out-done').allTextContents()).join(''), {
        timeout: 15_000,
      })
      .toContain('$15.00 is on its way');
    expect(await messageAt(cashOut.getByLabel('Amount (USD)'))).toBeNull();
    // The server's answer: once, from the first try ($20.00 less $15.00).
    expect(await cashOut.getByTestId('cash-out-done').textContent()).toContain('Your balance is $5.00');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.key).toBe(sent[0]?.key);
    await page.context().close();
  });

  // UX walkthrough (2026-12-05): cashed out in another tab, the balance here is stale; a cash-out it allows is
  // refused by the server, which must say so in cash-out words and show the balance there is now.
  it('a cash-out refused because the balance moved elsewhere says so and shows the balance now', {
    timeout: 60_000,
  }, async () => {
    const user = await apiSignUp(baseUrl, 'payout-elsewhere');
    const access = user.grant.access_token;
    await apiCall(baseUrl, access, 'POST', '/v2/balance/deposits', {
      amount_in_cents: 2_000,
      payment_token: await simCardToken(baseUrl, access),
    });
    const page = await signedInPage(user, '/dashboard/deposit');
    const cashOut = page.getByTestId('cash-out');
    await expect.poll(() => cashOut.textContent()).toContain('Available: $20.00.');
    // Another tab cashes out $15.
    await apiCall(baseUrl, access, 'POST', '/v2/balance/payouts', { amount_in_cents: 1_500 });
    await cashOut.getByLabel('Amount (USD)').fill('10');
    await cashOut.getByTestId('cash-out-submit').click();
    await confirmCashOut(page, '$10.00');
    await expect
      .poll(() => cashOut.getByTestId('cash-out-error').textContent(), { timeout: 15_000 })
      .toContain('You can cash out up to');
    await expect.poll(() => cashOut.textContent()).toContain('Available: $5.00.');
    expect(await balanceOf(user)).toBe(500);
    await page.context().close();
  });
});

/** Cents as the web app writes them: 91917 → '$919.17'. */
const usd = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

interface BalanceState {
  balanceInCents: number;
  availableInCents: number;
  cashableInCents: number;
  cashoutSettleDays: number;
}

// Bug 2026-12: Cash out offered the whole available balance, and the server refused what was still settling (402
// funds-settling). Its own server, where funds added by card and sale proceeds settle for 7 days (the shared one
// lets them out at once); the demo collector's seeded sales include recent ones, still settling.
describe('cash out while funds added by card and sale proceeds settle', () => {
  const SETTLING = 'Funds added by card and sale proceeds can be cashed out 7 days after they arrive.';
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ env: { RATE_LIMITS: 'relaxed', CARD_FUNDS_CASHOUT_DAYS: '7' } });
  }, 180_000);
  afterAll(async () => {
    await server?.dispose();
  });

  const stateOf = (grant: Grant) =>
    apiCall<BalanceState>(server.url, grant.access_token, 'GET', '/v2/balance');

  it('offers only what has settled, says why, refuses more at the field before sending, then offers no form', {
    timeout: 120_000,
  }, async () => {
    const login = await fetch(`${server.url}/api/users/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ ...COLLECTOR, captchaTokenV3: await captchaToken(server.url) }),
    });
    expect(login.status).toBe(200);
    const grant = ((await login.json()) as { data: Grant }).data;
    // Funds added by card now: settling, whatever the seed's sales left.
    await apiCall(server.url, grant.access_token, 'POST', '/v2/balance/deposits', {
      amount_in_cents: 2_000,
      payment_token: await simCardToken(server.url, grant.access_token),
    });
    const before = await stateOf(grant);
    expect(before.cashableInCents).toBeGreaterThanOrEqual(100);
    expect(before.cashableInCents).toBeLessThanOrEqual(before.availableInCents - 2_000);

    const page = await signedInPage({ grant }, '/dashboard/deposit', server.url);
    const payouts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/v2/balance/payouts')) payouts.push(r.url());
    });
    const cashOut = page.getByTestId('cash-out');
    await expect
      .poll(() => cashOut.getByTestId('cash-out-settling').textContent(), { timeout: 15_000 })
      .toContain(`You can cash out up to ${usd(before.cashableInCents)} now. ${SETTLING}`);
    expect(await cashOut.textContent()).toContain(`Available: ${usd(before.availableInCents)}.`);

    // A cent more than has settled: refused at the field in the server's words, kept, nothing sent.
    const amount = cashOut.getByLabel('Amount (USD)');
    const over = ((before.cashableInCents + 1) / 100).toFixed(2);
    await amount.fill(over);
    await cashOut.getByTestId('cash-out-submit').click();
    await expect
      .poll(() => messageAt(amount))
      .toBe(`You can cash out up to ${usd(before.cashableInCents)} now. ${SETTLING}`);
    expect(await amount.inputValue()).toBe(over);
    await page.waitForTimeout(500);
    expect(payouts).toEqual([]);
    expect(await cashOut.getByTestId('cash-out-error').count()).toBe(0);

    // All that has settled goes through.
    await amount.fill((before.cashableInCents / 100).toFixed(2));
    expect(await messageAt(amount)).toBeNull();
    await cashOut.getByTestId('cash-out-submit').click();
    await confirmCashOut(page, usd(before.cashableInCents));
    await expect
      .poll(() => cashOut.getByTestId('cash-out-done').textContent(), { timeout: 15_000 })
      .toContain(`${usd(before.cashableInCents)} is on its way.`);
    expect(payouts).toHaveLength(1);
    const after = await stateOf(grant);
    expect(after).toMatchObject({
      availableInCents: before.availableInCents - before.cashableInCents,
      cashableInCents: 0,
    });
    // Nothing settled is left: said plainly, with no form that could not succeed.
    await expect
      .poll(() => cashOut.getByTestId('cash-out-closed').textContent(), { timeout: 15_000 })
      .toBe(`None of your balance can be cashed out yet.${SETTLING}`);
    expect(await cashOut.getByLabel('Amount (USD)').count()).toBe(0);
    expect(await cashOut.getByTestId('cash-out-submit').count()).toBe(0);
    expect(await cashOut.textContent()).toContain(`Available: ${usd(after.availableInCents)}.`);
    await page.context().close();
  });

  it('an empty balance says there is nothing to cash out; a failed read says so with a retry', {
    timeout: 60_000,
  }, async () => {
    const user = await apiSignUp(server.url, 'cash-out-empty');
    let fail = true;
    const context = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(context, user.grant);
    const page = await context.newPage();
    await page.route(/\/api\/v2\/balance$/, async (route) => {
      if (fail) {
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ statusCode: 500, errorType: 'internal', message: 'Internal Server Error' }),
        });
        return;
      }
      await route.continue();
    });
    await page.goto(`${server.url}/dashboard/deposit`);
    const cashOut = page.getByTestId('cash-out');
    const error = cashOut.getByTestId('cash-out-state-error');
    await expect
      .poll(() => error.textContent(), { timeout: 30_000 })
      .toContain("We couldn't load how much you can cash out.");
    expect(await cashOut.getByLabel('Amount (USD)').count()).toBe(0);
    fail = false;
    await error.getByRole('button', { name: 'Retry' }).click();
    await expect
      .poll(() => cashOut.getByTestId('cash-out-empty').textContent(), { timeout: 15_000 })
      .toContain('Your balance is empty, so there is nothing to cash out.');
    expect(await error.count()).toBe(0);
    expect(await cashOut.getByLabel('Amount (USD)').count()).toBe(0);
    await context.close();
  });
});

describe('the checkout page and the offer form', () => {
  let token: OwnedToken;
  let buyer: ApiUser;

  beforeAll(async () => {
    // The demo collector lists one of their NFTs at $2 (one from the middle of their first page: the
    // other browser tests take the first and the last).
    const page = await newPage(browser);
    await signInAsCollector(page, baseUrl, '/explore/nfts');
    const collectorUrl = await signedInProfileUrl(page);
    token = await page.evaluate<OwnedToken>(`(async () => {
      const auth = { authorization: 'Bearer ' + JSON.parse(localStorage.getItem('credentials')).access_token };
      const res = await fetch('/api/v2/users/${collectorUrl}/nifties/?page_size=48');
      const cards = (await res.json()).results.filter((card) => card.listing === null);
      const card = cards[Math.floor(cards.length / 2)];
      const token = { contractAddress: card.contractAddress, tokenId: card.tokenId };
      const listing = await fetch('/api/v2/listings', {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({ ...token, price: { amount: '2', currency: 'USD' } }),
      });
      if (!listing.ok) throw new Error('listing answered ' + listing.status + ' ' + (await listing.text()));
      return token;
    })()`);
    await page.context().close();
    buyer = await apiSignUp(baseUrl, 'card-errors');
  });

  it("checkout: the processor's reasons show at their fields, and each bad input at its field", {
    timeout: 120_000,
  }, async () => {
    const page = await signedInPage(buyer, itemUrl(token));
    await page.getByTestId('item-price').getByTestId('buy-now').click();
    await page.waitForURL((url) => url.pathname.startsWith('/listing-checkout/'));
    await page.getByTestId('fee-breakdown').waitFor();
    const form = page.getByTestId('card-form');
    const number = form.getByLabel('Card number');
    const expiry = form.getByLabel('Expiry (MM/YY)');

    await typeCard(form, NOT_LUHN, '12/34', '123');
    await page.getByTestId('pay').click();
    await expect.poll(() => messageAt(number), { timeout: 15_000 }).toBe(BAD_NUMBER);
    expect(await page.getByTestId('checkout-pay-error').count()).toBe(0);

    await typeCard(form, '4242 4242 4242 4242', '01/20', '123');
    await page.getByTestId('pay').click();
    await expect.poll(() => messageAt(expiry), { timeout: 15_000 }).toBe(BAD_EXPIRY);
    expect(await messageAt(number)).toBeNull();
    expect(await page.getByTestId('checkout-form').textContent()).not.toContain('Invalid request');

    await typeCard(form, '1234 5678', '13/20', '1');
    await page.getByTestId('pay').click();
    await expectEachCardFieldMarked(form);
    expect(await page.getByTestId('checkout-success').count()).toBe(0);
    await page.context().close();
  });

  it("offer form: the processor's reason shows at the card number, and each bad input at its field", {
    timeout: 120_000,
  }, async () => {
    const page = await signedInPage(buyer, itemUrl(token));
    await page.getByTestId('item-price').getByTestId('make-offer').click();
    const dialog = page.getByTestId('offer-dialog');
    await dialog.waitFor();
    await dialog.getByLabel('Offer amount (USD)').fill('1.50');
    const form = dialog.getByTestId('offer-card-form');
    const number = form.getByLabel('Card number');

    await typeCard(form, NOT_LUHN, '12/34', '123');
    await dialog.getByRole('button', { name: 'Make offer' }).click();
    await expect.poll(() => messageAt(number), { timeout: 15_000 }).toBe(BAD_NUMBER);
    expect(await dialog.getByTestId('offer-error').count()).toBe(0);

    await typeCard(form, '1234 5678', '13/20', '1');
    await dialog.getByRole('button', { name: 'Make offer' }).click();
    await expectEachCardFieldMarked(form);
    await page.context().close();
  });

  it("attribute offer form: the processor's reason shows at the card number", {
    timeout: 120_000,
  }, async () => {
    const withMass = await fetch(`${baseUrl}/api/v1/explore/nfts/?minMass=0&page_size=1`);
    const card = ((await withMass.json()) as { results: { contractAddress: string; tokenId: string }[] })
      .results[0];
    if (!card) throw new Error('the seed has no NFT with a mass');
    const item = await fetch(`${baseUrl}/api/v1/marketplace/items/${card.contractAddress}/${card.tokenId}/`);
    const slug = ((await item.json()) as { collection: { slug: string } }).collection.slug;
    const page = await signedInPage(buyer, `/marketplace/collection/${slug}`);
    const section = page.getByTestId('attribute-offers');
    await section.getByTestId('attribute-offer-open').click();
    const form = section.getByTestId('attribute-offer-form');
    await form.getByLabel('Trait').selectOption('mass');
    await form.getByLabel('Value').fill('42');
    await form.getByLabel('Offer amount (USD)').fill('1.50');
    const number = form.getByLabel('Card number');

    await typeCard(form, NOT_LUHN, '12/34', '123');
    await section.getByTestId('attribute-offer-submit').click();
    await expect.poll(() => messageAt(number), { timeout: 15_000 }).toBe(BAD_NUMBER);
    expect(await section.getByTestId('attribute-offer-made').count()).toBe(0);
    await page.context().close();
  });
});
