// The studio's end-to-end proof in real Chromium (issue 16 "What it must show"): the demo publisher builds a
// drop with a 1/1 Auction NFT and an FCFS NFT, uploads their art, splits the FCFS NFT's primary sales 70/30
// (jordanashby / caseylinden), restricts it to an allowlist, sees the spec's messages on bad input (001 §5),
// agrees to the terms and publishes with everything starting 20 s ahead. A new collector (on the
// allowlist) then finds the drop on the home page once it is live, bids on the auction NFT and buys the
// FCFS one by card, and both payees' balances grow by their share of the publisher's 90 % (001 §1).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiSignUp, captchaToken, DESKTOP, storeCredentials } from './support/accounts';
import { useBrowser } from './support/browser';
import { submitLoginForm } from './support/sign-in';
import { agreeToPublisherTermsIfAsked, payPublisherFeeAndPublish } from './support/studio';

const baseUrl = inject('baseUrl');
const PUBLISHER = { email: 'publisher@vitrine.test', password: 'vitrine-publishes-1' } as const;
/** The split's payees: the demo publisher's and the demo collector's accounts (seed). */
const PAYEES = {
  jordanashby: PUBLISHER,
  caseylinden: { email: 'collector@vitrine.test', password: 'vitrine-collects-1' },
} as const;
const browser = useBrowser();

const pad = (n: number) => String(n).padStart(2, '0');

/** A `datetime-local` value for `date` (minute precision), in the browser's zone (the test runs in the same one). */
function localValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function minutesFromNow(minutes: number): Date {
  const date = new Date(Date.now() + minutes * 60_000);
  date.setSeconds(0, 0);
  return date;
}

/** A whole second `seconds` ahead (the rules refuse past starts). */
function secondsFromNow(seconds: number): Date {
  const date = new Date(Date.now() + seconds * 1000);
  date.setMilliseconds(0);
  return date;
}

/** A `datetime-local` value with seconds (the input takes them; the editor sends the time as given). */
function localValueWithSeconds(date: Date): string {
  return `${localValue(date)}:${pad(date.getSeconds())}`;
}

const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

async function fill(scope: Locator, label: string, value: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.fill(value);
  await input.blur();
}

async function waitSaved(page: Page) {
  const state = page.getByTestId('autosave-state');
  await expect.poll(() => state.getAttribute('data-state'), { timeout: 20_000 }).toBe('saved');
}

async function uploadArt(editor: Locator, name: string) {
  await editor.getByTestId('nft-asset-uploader-input').setInputFiles({
    name,
    mimeType: 'image/png',
    buffer: Buffer.from(ONE_PIXEL_PNG, 'base64'),
  });
  await expect
    .poll(() => editor.getByLabel('Asset URL').inputValue(), { timeout: 20_000 })
    .toMatch(/^\/api\/media\//);
  expect(await editor.getByLabel('IPFS CID').inputValue()).toMatch(/^baf/);
}

/** A user's access token, signed in through the API as the web app does. */
async function signIn(account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${baseUrl}/api/users/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({
      email: account.email,
      password: account.password,
      captchaTokenV3: await captchaToken(baseUrl),
    }),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  const body = (await response.json()) as { data?: { access_token: string }; access_token?: string };
  const token = body.data?.access_token ?? body.access_token ?? '';
  expect(token).not.toBe('');
  return token;
}

async function balanceOf(token: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/user/profile/`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { account_balance_in_cents: number };
  return body.account_balance_in_cents;
}

const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe('a studio-made drop sells', () => {
  it('is built and published in the studio, found from home, bid on and bought, and the split is paid', {
    timeout: 240_000,
  }, async () => {
    const collector = await apiSignUp(baseUrl, 'studio-collector');
    const tokens = {
      jordanashby: await signIn(PAYEES.jordanashby),
      caseylinden: await signIn(PAYEES.caseylinden),
    };
    const before = {
      jordanashby: await balanceOf(tokens.jordanashby),
      caseylinden: await balanceOf(tokens.caseylinden),
    };

    // ---- the publisher builds the drop ----
    const studio = await browser.newContext({ viewport: DESKTOP });
    const page = await studio.newPage();
    await page.goto(`${baseUrl}/login?redirect=${encodeURIComponent('/publishers/atlas/drops')}`);
    await submitLoginForm(page, page.locator('body'), PUBLISHER);
    await page.waitForURL((url) => url.pathname === '/publishers/atlas/drops', { timeout: 20_000 });
    await page.getByTestId('create-drop').click();
    await page.waitForURL((url) => /^\/publishers\/atlas\/drops\/\d+$/.test(url.pathname), {
      timeout: 20_000,
    });
    const dropId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const info = page.getByTestId('collection-info');
    await info.waitFor();
    const suffix = crypto.randomUUID().slice(0, 8);
    const title = `Tideline ${suffix}`;
    const slug = `tideline-${suffix}`;
    await fill(info, 'Title', title);
    await fill(info, 'Slug', slug);
    await fill(info, 'Collection name', title);
    await fill(info, 'Intro text', 'Photographs of the tide line, one auctioned and one sold in editions.');
    // The cover and preview pictures, uploaded (001 §3 requires both).
    for (const [field, label] of [
      ['coverAsset', 'Cover image URL'],
      ['previewAsset', 'Preview image URL'],
    ] as const) {
      await info.getByTestId(`${field}-uploader-input`).setInputFiles({
        name: `${field}.png`,
        mimeType: 'image/png',
        buffer: Buffer.from(ONE_PIXEL_PNG, 'base64'),
      });
      await expect
        .poll(() => info.getByLabel(label, { exact: true }).inputValue(), { timeout: 20_000 })
        .toMatch(/^\/api\/media\//);
    }
    // Dates for now; the real start is set just before publishing. One end for the drop and the auction NFT
    // (computed twice, a minute boundary between them put the NFT's end after the drop's).
    const end = localValue(minutesFromNow(60 * 20));
    // An end in the past is said on the end itself (QA 2026-12-07: it was saved with the message on the start only).
    await fill(info, 'Visible from', localValue(minutesFromNow(-120)));
    await fill(info, 'Visible until', localValue(minutesFromNow(-60)));
    await info
      .getByTestId('field-error-visibleEndDateTime')
      .getByText('The start and end times cannot be a date in the past.')
      .waitFor();
    await fill(info, 'Visible from', localValue(minutesFromNow(10)));
    await fill(info, 'Visible until', end);
    await waitSaved(page);

    // The FCFS NFT (the default sale type): its art, a price, a 70/30 primary split and an allowlist.
    await page.getByTestId('add-nft').click();
    const editor = page.getByTestId('nft-editor');
    await editor.waitFor();
    await fill(editor, 'Title', 'Low Water');
    await fill(editor, 'Description', 'The harbour floor at the lowest tide of the year.');
    await uploadArt(editor, 'low-water.png');
    await fill(editor, 'Edition size', '10');
    await fill(editor, 'Creators (usernames, comma-separated)', 'jordanashby');
    await fill(editor, 'Tags (comma-separated)', 'photography');
    await fill(editor, 'Price', '0.5');
    await page.getByTestId('field-error-nft-price').getByText('Please enter a value 1 or greater').waitFor();
    await fill(editor, 'Price', '25');
    await expect.poll(() => page.getByTestId('field-error-nft-price').count()).toBe(0);

    const primary = page.getByTestId('split-primarySalesSplit');
    await primary.getByRole('button', { name: 'Add recipient' }).click();
    await primary.getByLabel('Recipient (username)').nth(1).fill('caseylinden');
    await primary.getByLabel('Percentage').nth(1).fill('30');
    await primary.getByLabel('Percentage').nth(1).blur();
    await primary
      .getByTestId('field-error-primarySalesSplit')
      .getByText('Percentages must total 100')
      .waitFor();
    await primary.getByLabel('Percentage').nth(0).fill('70');
    await primary.getByLabel('Percentage').nth(0).blur();
    expect(await primary.getByLabel('Recipient (username)').nth(0).inputValue()).toBe('jordanashby');
    expect(await primary.getByTestId('split-primarySalesSplit-total').innerText()).toBe('Total: 100%');
    await expect.poll(() => primary.getByTestId('field-error-primarySalesSplit').count()).toBe(0);

    // The allowlist: the new collector's username (an email counts once confirmed; a bad entry is counted first).
    const profile = await fetch(`${baseUrl}/api/user/profile/`, {
      headers: { authorization: `Bearer ${collector.grant.access_token}` },
    });
    const collectorName = ((await profile.json()) as { profileUrl: string }).profileUrl;
    const criteria = page.getByTestId('criteria-editor');
    const allowlist = 'Allowlist (usernames and email addresses, one a line)';
    await fill(criteria, allowlist, `${collectorName}\nnot an entry!`);
    await criteria.getByText('There is 1 invalid entry').waitFor();
    await fill(criteria, allowlist, collectorName);
    await expect.poll(() => criteria.getByText('There is 1 invalid entry').count()).toBe(0);
    // An allowlist restricts through an Account list rule alone (QA 2026-12-07: without one, everyone could buy):
    // held with its message until the rule is added.
    await criteria
      .getByText('Add an Account list rule: without one, this allowlist lets everyone buy')
      .waitFor();
    await criteria.getByRole('button', { name: 'Add rule' }).click();
    await expect
      .poll(() => criteria.getByTestId('criteria-expression').textContent())
      .toBe('[On the allowlist]');
    await waitSaved(page);

    // The 1/1 Auction NFT: its art, a minimum bid, and its own window (a past start is refused).
    await page.getByTestId('add-nft').click();
    await expect.poll(() => page.getByTestId('nft-list-item').count(), { timeout: 15_000 }).toBe(2);
    await expect.poll(() => editor.getByLabel('Title', { exact: true }).inputValue()).toBe('Untitled NFT');
    await fill(editor, 'Title', 'Slack Water');
    await editor.getByLabel('Sale type').selectOption({ label: '1/1 Auction' });
    await fill(editor, 'Description', 'The still minute between the tides.');
    await uploadArt(editor, 'slack-water.png');
    await fill(editor, 'Creators (usernames, comma-separated)', 'jordanashby');
    await fill(editor, 'Tags (comma-separated)', 'photography');
    await fill(editor, 'Minimum bid', '40');
    await fill(editor, 'Minimum bid increment', '5');
    await fill(editor, 'Start', localValue(minutesFromNow(-60)));
    await fill(editor, 'End', end);
    await page
      .getByTestId('field-error-nft-startDateTime')
      .getByText('The start and end times cannot be a date in the past.')
      .waitFor();

    // The start: 20 s ahead, for the drop and the auction alike (one NFT must start with the drop, one end with it;
    // the FCFS NFT runs for the whole window). From here to published took 2.3 s on a slow machine; the check after
    // publishing says if it ever takes longer. The test then waits for the start on the server's clock.
    const start = secondsFromNow(20);
    await fill(info, 'Visible from', localValueWithSeconds(start));
    await fill(editor, 'Start', localValueWithSeconds(start));
    await expect.poll(() => page.getByTestId('field-error-nft-startDateTime').count()).toBe(0);
    await waitSaved(page);
    // Valid: else the poll reports the messages on the page.
    await expect
      .poll(
        async () =>
          (await page.getByTestId('drop-validity').getAttribute('data-valid')) === 'true'
            ? 'valid'
            : await page
                .locator('[data-testid^="field-error"]')
                .evaluateAll((els) =>
                  els.map((e) => `${e.getAttribute('data-testid')}: ${e.textContent}`).join(' | '),
                ),
        { timeout: 15_000 },
      )
      .toBe('valid');

    // Publish: the publisher agreement, then (once the fee step lands) the fee, then the success message.
    await page.getByTestId('publish-drop').click();
    // The terms are agreed once per publisher: asked of whichever studio test publishes first.
    await agreeToPublisherTermsIfAsked(page);
    // The publisher fee (000 §7, decision 017): paid by card on /publish-drop/{drop}/?piid=, which publishes.
    await payPublisherFeeAndPublish(page, dropId);
    expect(Date.now()).toBeLessThan(start.getTime());

    // The editor open while the drop opens: 'Published', then 'Live' and view-only, with no edit left failing
    // (QA 2026-12-07: it stayed 'Published', every save was refused, and it said 'Not saved. Retrying…' for ever).
    await page.goto(`${baseUrl}/publishers/atlas/drops/${dropId}`);
    const status = page.getByTestId('drop-status-label');
    expect(await status.innerText()).toBe('Published');
    // Its edits are public once saved: the editor says so (Publish does not hold them back).
    expect(await page.getByTestId('drop-published-edits').textContent()).toContain(
      'This drop is published: each change shows on its public page as soon as it is saved.',
    );
    await fill(page.getByTestId('collection-info'), 'Intro text', 'Edited as it opens.');
    await expect.poll(() => status.innerText(), { timeout: 70_000, interval: 1_000 }).toBe('Live');
    await page.getByTestId('drop-read-only').waitFor();
    expect(await page.getByTestId('drop-published-edits').count()).toBe(0);
    expect(await page.getByTestId('publish-drop').count()).toBe(0);
    expect(await page.getByTestId('drop-validity').count()).toBe(0);
    expect(await page.getByTestId('autosave-state').getAttribute('data-state')).not.toBe('failed');
    await studio.close();

    // ---- the collector finds it on the home page once it is live ----
    const shop = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(shop, collector.grant);
    const home = await shop.newPage();
    const liveCard = home
      .getByTestId('section-live')
      .locator(`[data-testid="drop-card"][data-drop-slug="${slug}"]`);
    await expect
      .poll(
        async () => {
          await home.goto(`${baseUrl}/`);
          await home.getByTestId('home-page').waitFor();
          await home.getByTestId('section-live').waitFor();
          await home
            .getByTestId('drops-loading')
            .waitFor({ state: 'detached', timeout: 10_000 })
            .catch(() => undefined);
          return liveCard.count();
        },
        { timeout: 100_000, interval: 3_000 },
      )
      .toBe(1);
    // Explore and search find it too (001 §7; issue 16 "a published drop appears on … explore and search").
    const explore = await fetch(`${baseUrl}/api/v1/explore/drops/?q=${encodeURIComponent(title)}`);
    expect(explore.status).toBe(200);
    expect(await explore.text()).toContain(slug);
    const search = await fetch(`${baseUrl}/search/api/v2/universal?query=${encodeURIComponent(title)}`);
    expect(search.status).toBe(200);
    expect(await search.text()).toContain(title);
    await liveCard.getByTestId('drop-card-title').click();
    await home.waitForURL((url) => url.pathname !== '/', { timeout: 20_000 });
    await home.getByRole('heading', { name: title }).first().waitFor({ timeout: 20_000 });
    const card = (name: string) =>
      home
        .getByTestId('drop-sale-card')
        .filter({ has: home.getByTestId('drop-sale-title').getByText(name, { exact: true }) });

    // A bid on the auction NFT, by card, at the minimum.
    const auction = card('Slack Water');
    await auction.waitFor({ timeout: 20_000 });
    await expect
      .poll(() => auction.getByTestId('drop-sale-button').isEnabled(), { timeout: 20_000 })
      .toBe(true);
    await auction.getByTestId('drop-sale-button').click();
    const dialog = home.getByTestId('bid-dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.getByTestId('bid-minimum').textContent()).toContain(dollars(4000));
    await dialog.getByLabel('Bid amount (USD)').fill('40.00');
    await dialog.getByTestId('bid-method-card').check();
    const bidCard = dialog.getByTestId('bid-card-form');
    await bidCard.getByLabel('Card number').fill('4242 4242 4242 4242');
    await bidCard.getByLabel('Expiry (MM/YY)').fill('12/34');
    await bidCard.getByLabel('CVC').fill('123');
    await dialog.getByRole('button', { name: 'Place Bid' }).click();
    await dialog.getByTestId('bid-result').waitFor({ timeout: 20_000 });
    expect(await dialog.getByTestId('bid-result').textContent()).toContain(
      `Your bid of ${dollars(4000)} was placed`,
    );
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    // The card's price line now reads the bid (001 §4: 'Highest Bid:' after one).
    await expect
      .poll(() => auction.getByTestId('drop-sale-price').innerText(), { timeout: 15_000 })
      .toBe(`Highest Bid: ${dollars(4000)}`);
    const dropPageUrl = home.url();

    // The FCFS NFT, bought by card at checkout.
    const fcfs = card('Low Water');
    // Each card reads its own sale type in a drop that mixes them.
    expect(await auction.getByTestId('drop-type-badge').innerText()).toBe('1/1 Auction');
    expect(await fcfs.getByTestId('drop-type-badge').innerText()).toBe('First Come First Serve');
    await expect
      .poll(() => fcfs.getByTestId('drop-sale-button').textContent(), { timeout: 20_000 })
      .toBe('Buy');
    // At checkout (else the poll reports the card's failure). The card is read without waiting for it: during
    // the navigation it is gone, and a waiting read held each poll for the 30 s action timeout (a minute a Buy).
    const toCheckout = async () => {
      await fcfs.getByTestId('drop-sale-button').click();
      await expect
        .poll(
          async () =>
            new URL(home.url()).pathname.startsWith('/checkout/')
              ? 'checkout'
              : (await fcfs.allTextContents()).join(' '),
          { timeout: 20_000 },
        )
        .toBe('checkout');
      return new URL(home.url()).searchParams.get('piid');
    };
    const abandoned = await toCheckout();
    // Back to the drop page and Buy again: an open checkout is not the one purchase allowed, so this is a new
    // checkout, not 'You have reached the purchase limit'.
    await home.goBack();
    await expect
      .poll(() => fcfs.getByTestId('drop-sale-button').textContent(), { timeout: 20_000 })
      .toBe('Buy');
    expect(await fcfs.getByTestId('drop-sale-button').isEnabled()).toBe(true);
    expect(await fcfs.textContent()).not.toContain('You have reached the purchase limit for this NFT');
    expect(await toCheckout()).not.toBe(abandoned);
    const form = home.getByTestId('card-form');
    await form.getByLabel('Card number').fill('4242 4242 4242 4242');
    await form.getByLabel('Expiry (MM/YY)').fill('12/34');
    await form.getByLabel('CVC').fill('123');
    await home.getByTestId('pay').click();
    await home.getByTestId('checkout-success').waitFor({ timeout: 20_000 });
    expect(await home.getByTestId('checkout-success').textContent()).toContain('You own it!');
    // One per collector (the studio's default limit): back on the drop page the quantity-limit panel says the
    // limit is reached and Buy is disabled, instead of a Buy that checkout refuses (000 §5, 001 §4).
    await home.goto(dropPageUrl);
    await expect
      .poll(() => fcfs.getByTestId('quantity-limit').textContent(), { timeout: 20_000 })
      .toBe('You have reached the purchase limit for this NFT');
    expect(await fcfs.getByTestId('drop-sale-button').isDisabled()).toBe(true);
    await shop.close();

    // ---- the split: the publisher's 90 % of $25 (001 §1), 70 % to jordanashby and 30 % to caseylinden ----
    const proceeds = 2500 * 0.9;
    await expect
      .poll(async () => (await balanceOf(tokens.jordanashby)) - before.jordanashby, { timeout: 15_000 })
      .toBe(proceeds * 0.7);
    expect((await balanceOf(tokens.caseylinden)) - before.caseylinden).toBe(proceeds * 0.3);
  });
});
