// Bidding in real Chromium against the built, seeded server (issue 15, decision 012): a new collector opens
// a live 1/1 auction of the demo seed, presses Place Bid, sees the minimum bid, bids it by card, and finds
// the bid at the top of the /auctionbid/ table (rows 80 px high, the bidder linked to their profile). The
// auction's winner finds the NFT in Dashboard → Purchases, 'Won at auction', with what it paid.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { type ApiUser, apiSignUp, DESKTOP, refreshSessionNow, storeCredentials } from './support/accounts';
import { useBrowser } from './support/browser';
import { submitLoginForm } from './support/sign-in';
import { apiCall, loseFirstAnswer, simCardToken } from './support/trading';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

interface DropCard {
  contractAddress: string;
  typeNumber: number;
  saleType: string;
  nifty: { name: string };
}

/** The live 1/1 auction nifties (from the public drop list), in the list's order. */
async function liveAuctionNifties(): Promise<(DropCard & { dropSlug: string })[]> {
  const response = await fetch(`${baseUrl}/api/v1/drops/?status=live&page_size=50`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as {
    results: { slug: string; dropType: string; cards: DropCard[] }[];
  };
  return body.results
    .filter((d) => d.dropType === 'auction')
    .flatMap((d) => d.cards.map((c) => ({ ...c, dropSlug: d.slug })))
    .filter((c) => c.saleType === 'auction');
}

/**
 * A live 1/1 auction nifty (the first of the drop list). By the card's own sale type: a drop may mix sale
 * types (a studio drop made an auction drop can hold an FCFS NFT, decision 017), and other tests publish such
 * drops.
 */
async function liveAuctionNifty(): Promise<DropCard & { dropSlug: string }> {
  const cards = await liveAuctionNifties();
  expect(cards.length).toBeGreaterThan(0);
  const card = cards[0];
  if (!card) throw new Error('no live auction');
  return card;
}

/** A new collector (`label`) signed in on the auction's page with the bid dialog open and its minimum shown. */
async function openBidDialog(card: DropCard, label: string, watch?: (page: Page) => void) {
  const bidder = await apiSignUp(baseUrl, label);
  const context = await browser.newContext({ viewport: DESKTOP });
  await storeCredentials(context, bidder.grant);
  const page = await context.newPage();
  watch?.(page);
  await page.goto(`${baseUrl}/marketplace/collection/${card.contractAddress}/${card.typeNumber}`);
  await page.getByTestId('place-bid').click();
  const dialog = page.getByTestId('bid-dialog');
  await dialog.waitFor();
  await expect.poll(() => dialog.getByTestId('bid-minimum').textContent()).toMatch(/\$\d/);
  return { context, page, dialog };
}

/**
 * A new bidder's Place Bid dialog on the first live auction, with a bid by the card `cardNumber` typed, not sent:
 * `aboveMin` cents above the minimum (well above, so a bid placed by another test meanwhile does not refuse it).
 * `watch` sees the page before it loads.
 */
async function cardBidTyped(
  label: string,
  aboveMin: number,
  cardNumber: string,
  watch?: (page: Page) => void,
) {
  const card = await liveAuctionNifty();
  const { context, page, dialog } = await openBidDialog(card, label, watch);
  const infoUrl = `${baseUrl}/api/v2/bids/info?contractAddress=${card.contractAddress}&niftyType=${card.typeNumber}`;
  const minBid = ((await (await fetch(infoUrl)).json()) as { bidInfo: { minBid: number } }).bidInfo.minBid;
  const amount = minBid + aboveMin;
  await dialog.getByLabel('Bid amount (USD)').fill((amount / 100).toFixed(2));
  await dialog.getByTestId('bid-method-card').check();
  const form = dialog.getByTestId('bid-card-form');
  await form.getByLabel('Card number').fill(cardNumber);
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  return { context, page, dialog, amount, infoUrl };
}

/** A bid through the API, by a card of the simulated processor. */
async function bidByCard(card: DropCard, user: { grant: { access_token: string } }, cents: number) {
  const call = async (path: string, body: unknown) => {
    const res = await fetch(`${baseUrl}/api${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${user.grant.access_token}`,
        origin: baseUrl,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    return (await res.json()) as { id: string };
  };
  const token = await call('/sim-card-processor/payment_methods', {
    number: '4242424242424242',
    exp_month: 12,
    exp_year: 2034,
    cvc: '123',
  });
  await call('/v2/bids', {
    contractAddress: card.contractAddress,
    niftyType: card.typeNumber,
    amount: { amount: (cents / 100).toFixed(2), currency: 'USD' },
    payment_method: 'stripe_card',
    payment_token: token.id,
  });
}

async function minBidOf(card: DropCard): Promise<number> {
  const info = await fetch(
    `${baseUrl}/api/v2/bids/info?contractAddress=${card.contractAddress}&niftyType=${card.typeNumber}`,
  );
  expect(info.status).toBe(200);
  return ((await info.json()) as { bidInfo: { minBid: number } }).bidInfo.minBid;
}

/**
 * A new collector, signed in on a new page (nothing opened yet), whose balance covers a bid `above` cents over a
 * live auction's minimum (`amount`) and `spare` cents more.
 */
async function balanceBidder(label: string, above: number, spare: number) {
  const card = await liveAuctionNifty();
  const bidder = await apiSignUp(baseUrl, label);
  const access = bidder.grant.access_token;
  const amount = (await minBidOf(card)) + above;
  await apiCall(baseUrl, access, 'POST', '/v2/balance/deposits', {
    amount_in_cents: amount + spare,
    payment_token: await simCardToken(baseUrl, access),
  });
  const context = await browser.newContext({ viewport: DESKTOP });
  await storeCredentials(context, bidder.grant);
  return { card, amount, context, page: await context.newPage() };
}

const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe('bidding on a live auction', () => {
  it('places a bid in the dialog and shows it in the /auctionbid/ table', { timeout: 120_000 }, async () => {
    const card = await liveAuctionNifty();
    const info = await fetch(
      `${baseUrl}/api/v2/bids/info?contractAddress=${card.contractAddress}&niftyType=${card.typeNumber}`,
    );
    expect(info.status).toBe(200);
    const minBid = ((await info.json()) as { bidInfo: { minBid: number } }).bidInfo.minBid;

    const bidder = await apiSignUp(baseUrl, 'bidder');
    const context = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(context, bidder.grant);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/marketplace/collection/${card.contractAddress}/${card.typeNumber}`);
    await page.getByTestId('place-bid').click();
    const dialog = page.getByTestId('bid-dialog');
    await dialog.waitFor();
    await expect
      .poll(() => dialog.getByTestId('bid-minimum').textContent())
      .toContain(`Minimum Bid: ${dollars(minBid)}`);

    // Below the minimum: refused in the dialog before any call.
    await dialog.getByLabel('Bid amount (USD)').fill(((minBid - 1) / 100).toFixed(2));
    await dialog.getByRole('button', { name: 'Place Bid' }).click();
    const amount = dialog.getByLabel('Bid amount (USD)');
    await expect.poll(() => amount.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await amount.getAttribute('aria-describedby')) ?? '';
    expect(describedBy).toMatch(/-error$/);
    // Said as a rule about the bid, not only the minimum repeated (UX walkthrough: 'Minimum Bid: $500.00' alone).
    expect(await dialog.locator(`[id="${describedBy}"]`).textContent()).toBe(
      `Your bid must be at least ${dollars(minBid)}`,
    );

    // A changed amount takes the message away.
    await amount.fill((minBid / 100).toFixed(2));
    expect(await amount.getAttribute('aria-invalid')).toBeNull();
    await dialog.getByTestId('bid-method-card').check();
    const form = dialog.getByTestId('bid-card-form');
    await form.getByLabel('Card number').fill('4242 4242 4242 4242');
    await form.getByLabel('Expiry (MM/YY)').fill('12/34');
    await form.getByLabel('CVC').fill('123');
    await dialog.getByRole('button', { name: 'Place Bid' }).click();
    const result = dialog.getByTestId('bid-result');
    await result.waitFor();
    expect(await result.textContent()).toContain(`Your bid of ${dollars(minBid)} was placed`);

    await page.goto(
      `${baseUrl}/auctionbid/?contractAddress=${card.contractAddress}&niftyType=${card.typeNumber}`,
    );
    const table = page.getByTestId('bid-table');
    await table.waitFor();
    const first = table.getByTestId('bid-row').first();
    expect(await first.getByTestId('bid-amount').textContent()).toBe(dollars(minBid));
    expect((await first.boundingBox())?.height).toBe(80);
    // When: the app's one date format ('Dec 6, 2026, 6:26 PM', as on receipts and the dashboard), not the browser's
    // own ('12/6/2026, 6:34:32 PM').
    expect(await first.locator('td').last().textContent()).toMatch(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/,
    );
    const link = first.getByTestId('bidder-link');
    expect(await link.getAttribute('href')).toMatch(/^\/profile\//);
    await expect.poll(() => page.getByTestId('bid-summary-price').textContent()).toBe(dollars(minBid));
    await context.close();
  });

  it('a bid placed elsewhere shows on an open bid page without a reload, and the outbid bidder is alerted', {
    timeout: 120_000,
  }, async () => {
    const card = await liveAuctionNifty();
    const minBid = () => minBidOf(card);
    const bid = (user: { grant: { access_token: string } }, cents: number) => bidByCard(card, user, cents);

    const first = await apiSignUp(baseUrl, 'first-bidder');
    const second = await apiSignUp(baseUrl, 'second-bidder');
    const firstAmount = await minBid();
    await bid(first, firstAmount);

    // The first bidder watches the bid page; a visitor watches it too.
    const watching = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(watching, first.grant);
    const page = await watching.newPage();
    const visitor = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    const path = `/auctionbid/?contractAddress=${card.contractAddress}&niftyType=${card.typeNumber}`;
    await page.goto(baseUrl + path);
    await visitor.goto(baseUrl + path);
    const top = (p: typeof page) =>
      p.getByTestId('bid-table').getByTestId('bid-row').first().getByTestId('bid-amount');
    await expect.poll(() => top(page).textContent()).toBe(dollars(firstAmount));
    await expect.poll(() => top(visitor).textContent()).toBe(dollars(firstAmount));
    await page.evaluate('window.notReloaded = true');
    expect(await page.getByTestId('alerts-unread').count()).toBe(0);
    // The drop page's sale card, opened after the first bid, reads its highest bid (001 §4 price line).
    const dropPage = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await dropPage.goto(`${baseUrl}/collections/${card.dropSlug}`);
    const saleCard = dropPage.locator(
      `[data-testid="drop-sale-card"][data-contract="${card.contractAddress}"][data-nifty-type="${card.typeNumber}"]`,
    );
    const price = () => saleCard.getByTestId('drop-sale-price').innerText();
    await expect.poll(price, { timeout: 15_000 }).toBe(`Highest Bid: ${dollars(firstAmount)}`);
    await dropPage.evaluate('window.notReloaded = true');

    // Another collector outbids from elsewhere: both pages follow, the first bidder gets the alert.
    const secondAmount = await minBid();
    await bid(second, secondAmount);
    await expect.poll(() => top(page).textContent(), { timeout: 15_000 }).toBe(dollars(secondAmount));
    await expect.poll(() => top(visitor).textContent(), { timeout: 15_000 }).toBe(dollars(secondAmount));
    expect(await page.evaluate('window.notReloaded')).toBe(true);
    // The drop page follows the live 'auction' event without a reload.
    await expect.poll(price, { timeout: 15_000 }).toBe(`Highest Bid: ${dollars(secondAmount)}`);
    expect(await dropPage.evaluate('window.notReloaded')).toBe(true);
    await expect.poll(() => page.getByTestId('alerts-unread').textContent(), { timeout: 15_000 }).toBe('1');
    await page.getByTestId('alerts-bell-button').click();
    await expect.poll(() => page.getByTestId('alerts-panel').textContent()).toContain('You were outbid');
    await watching.close();
    await visitor.context().close();
    await dropPage.context().close();
  });

  it('a bid over the largest amount shows the API\'s message at the amount, not "Invalid request"', {
    timeout: 120_000,
  }, async () => {
    const card = await liveAuctionNifty();
    const { context, dialog } = await openBidDialog(card, 'bidder');
    const amount = dialog.getByLabel('Bid amount (USD)');
    await amount.fill('99999999999');
    await dialog.getByTestId('bid-method-card').check();
    const form = dialog.getByTestId('bid-card-form');
    await form.getByLabel('Card number').fill('4242 4242 4242 4242');
    await form.getByLabel('Expiry (MM/YY)').fill('12/34');
    await form.getByLabel('CVC').fill('123');
    await dialog.getByRole('button', { name: 'Place Bid' }).click();
    await expect.poll(() => amount.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await amount.getAttribute('aria-describedby')) ?? '';
    expect(await dialog.locator(`[id="${describedBy}"]`).textContent()).toContain('The amount is too high');
    expect(await dialog.getByTestId('bid-error').count()).toBe(0);
    await context.close();
  });

  it('a bid the server finds under the minimum (outbid meanwhile) says at the amount what the bid must be', {
    timeout: 120_000,
  }, async () => {
    const card = await liveAuctionNifty();
    const minBid = await minBidOf(card);
    const { context, dialog } = await openBidDialog(card, 'bidder-outbid-meanwhile');
    // Another collector outbids at the minimum while this dialog is open: the amount it offers is now too low.
    await bidByCard(card, await apiSignUp(baseUrl, 'bidder-outbids-first'), minBid);
    const raised = await minBidOf(card);
    expect(raised).toBeGreaterThan(minBid);
    const amount = dialog.getByLabel('Bid amount (USD)');
    await amount.fill((minBid / 100).toFixed(2));
    await dialog.getByTestId('bid-method-card').check();
    const form = dialog.getByTestId('bid-card-form');
    await form.getByLabel('Card number').fill('4242 4242 4242 4242');
    await form.getByLabel('Expiry (MM/YY)').fill('12/34');
    await form.getByLabel('CVC').fill('123');
    await dialog.getByRole('button', { name: 'Place Bid' }).click();
    await expect.poll(() => amount.getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByTestId('field-error-bidAmount').textContent()).toBe(
      `Your bid must be at least ${dollars(raised)}`,
    );
    expect(await dialog.getByTestId('bid-error').count()).toBe(0);
    await context.close();
  });

  it('a card bid without a card number says so at the card number, not at the amount', {
    timeout: 120_000,
  }, async () => {
    const card = await liveAuctionNifty();
    const { context, dialog } = await openBidDialog(card, 'bidder');
    const minimum = (await dialog.getByTestId('bid-minimum').textContent()) ?? '';
    const amount = dialog.getByLabel('Bid amount (USD)');
    await amount.fill((/\$([\d,.]+)/.exec(minimum)?.[1] ?? '').replace(/,/g, ''));
    await dialog.getByTestId('bid-method-card').check();
    await dialog.getByRole('button', { name: 'Place Bid' }).click();
    const number = dialog.getByTestId('bid-card-form').getByLabel('Card number');
    await expect.poll(() => number.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await number.getAttribute('aria-describedby')) ?? '';
    expect(await dialog.locator(`[id="${describedBy}"]`).textContent()).toContain('Enter the card number');
    expect(await amount.getAttribute('aria-invalid')).not.toBe('true');
    // Typing the number takes the message away.
    await number.fill('4242');
    await expect.poll(() => number.getAttribute('aria-invalid')).not.toBe('true');
    await context.close();
  });

  // Bids by a card whose bank asks for a verification (3-D Secure) were refused ('bids cannot use' it): the
  // bidder is there when they bid, so the step is taken then, and the bid is placed once it is done.
  it('a bid by a card that asks for its bank’s verification is placed once it is completed; closed, it is not', {
    timeout: 120_000,
  }, async () => {
    const { context, page, dialog, amount, infoUrl } = await cardBidTyped(
      'bidder-3ds',
      70_000,
      '4000 0027 6000 3184',
    );
    await dialog.getByRole('button', { name: 'Place Bid' }).click();
    const step = page.getByTestId('bid-action-dialog');
    await step.waitFor();
    expect(await step.textContent()).toContain(
      `Complete the verification to place your bid of ${dollars(amount)}.`,
    );
    const highest = async () =>
      (
        (await (await fetch(infoUrl)).json()) as {
          bidInfo: { highestBid: number | null };
        }
      ).bidInfo.highestBid;
    // Closed: not placed, and said so, with the amount kept.
    await step.getByRole('button', { name: 'Cancel' }).click();
    await dialog
      .getByText(
        'Your bid was not placed: the card verification was not completed. Place the bid again to try once more.',
      )
      .waitFor();
    expect(await dialog.getByLabel('Bid amount (USD)').inputValue()).toBe((amount / 100).toFixed(2));
    expect(await highest()).not.toBe(amount);
    // Again, completed: placed.
    await dialog.getByRole('button', { name: 'Place Bid' }).click();
    await step.waitFor();
    await step.getByRole('button', { name: 'Complete verification' }).click();
    const result = dialog.getByTestId('bid-result');
    await result.waitFor();
    expect(await result.textContent()).toContain(`Your bid of ${dollars(amount)} was placed`);
    await expect.poll(highest).toBe(amount);
    await context.close();
  });

  it('a double click on Place Bid places one bid: one request, and the dialog says it was placed', {
    timeout: 120_000,
  }, async () => {
    // Before the guard the second click sent a second bid of the same amount, refused with 409.
    const bidCalls: string[] = [];
    const { context, dialog, page, amount } = await cardBidTyped(
      'bidder',
      50_000,
      '4242 4242 4242 4242',
      (p) =>
        p.on('request', (request) => {
          if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v2/bids')
            bidCalls.push(request.url());
        }),
    );
    await dialog.getByRole('button', { name: 'Place Bid' }).dblclick();
    const result = dialog.getByTestId('bid-result');
    await result.waitFor();
    expect(await result.textContent()).toContain(`Your bid of ${dollars(amount)} was placed`);
    // The second click's bid would leave after the card is tokenised: give it time to show.
    await page.waitForTimeout(1_500);
    expect(bidCalls).toHaveLength(1);
    await context.close();
  });
});

describe('signed out', () => {
  it('Place Bid on the drop card and on the work page opens the bid dialog once the visitor signs in', {
    timeout: 120_000,
  }, async () => {
    const card = await liveAuctionNifty();
    const account = await apiSignUp(baseUrl, 'resume-bidder');
    const cardSelector = `[data-testid="drop-sale-card"][data-contract="${card.contractAddress}"][data-nifty-type="${card.typeNumber}"]`;
    for (const path of [
      `/collections/${card.dropSlug}`,
      `/marketplace/collection/${card.contractAddress}/${card.typeNumber}`,
    ]) {
      const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
      await page.goto(baseUrl + path);
      const button = path.startsWith('/collections/')
        ? page.locator(cardSelector).getByTestId('drop-sale-button')
        : page.getByTestId('place-bid').first();
      await expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true);
      await button.click();
      await submitLoginForm(page, page.getByTestId('auth-modal'), account);
      await page.getByTestId('bid-dialog').waitFor({ timeout: 20_000 });
      expect(new URL(page.url()).pathname, path).toBe(path);
      await page.context().close();
    }
  });
});

describe('a lost answer', () => {
  // The answer to Place Bid is lost on the way back (the bid was placed); the bidder presses again. The retry is
  // the same action: same Idempotency-Key and card token, so the API answers the bid it placed (decision 007)
  // instead of refusing a second one as 'Your new bid must be at least …'.
  it('pressing Place Bid again places the bid once and says it was placed', {
    timeout: 120_000,
  }, async () => {
    const card = await liveAuctionNifty();
    const bidder = await apiSignUp(baseUrl, 'bid-retry');
    const context = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(context, bidder.grant);
    const page = await context.newPage();
    // The server does the work of the first press; its answer never arrives.
    const sent = await loseFirstAnswer(page, /\/api\/v2\/bids$/);
    await page.goto(`${baseUrl}/marketplace/collection/${card.contractAddress}/${card.typeNumber}`);
    await page.getByTestId('place-bid').click();
    const dialog = page.getByTestId('bid-dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.getByTestId('bid-minimum').textContent()).toMatch(/\$\d/);
    // Well above the minimum, so a bid placed by another test meanwhile does not refuse this one.
    const amount = (await minBidOf(card)) + 70_000;
    await dialog.getByLabel('Bid amount (USD)').fill((amount / 100).toFixed(2));
    await dialog.getByTestId('bid-method-card').check();
    const form = dialog.getByTestId('bid-card-form');
    await form.getByLabel('Card number').fill('4242 4242 4242 4242');
    await form.getByLabel('Expiry (MM/YY)').fill('12/34');
    await form.getByLabel('CVC').fill('123');
    await dialog.getByRole('button', { name: 'Place Bid' }).click();
    await dialog.getByTestId('bid-error').waitFor({ timeout: 15_000 });
    await dialog.getByRole('button', { name: 'Place Bid' }).click();
    const result = dialog.getByTestId('bid-result');
    await result.waitFor({ timeout: 15_000 });
    expect(await result.textContent()).toContain(`Your bid of ${dollars(amount)} was placed`);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.key).toBe(sent[0]?.key);
    expect(sent[1]?.body).toBe(sent[0]?.body);
    await context.close();
  });

  // By balance: the bid placed holds its amount, so once the profile is read again (here a session refresh) the
  // balance no longer covers it. The retry must still go by balance, the same action, not turn into a card bid.
  it('a balance bid pressed again after the balance was read anew goes by balance, once', {
    timeout: 120_000,
  }, async () => {
    const { card, amount, context, page } = await balanceBidder('bid-retry-balance', 70_000, 1_000);
    const sent = await loseFirstAnswer(page, /\/api\/v2\/bids$/);
    await page.goto(`${baseUrl}/marketplace/collection/${card.contractAddress}/${card.typeNumber}`);
    await page.getByTestId('place-bid').click();
    const dialog = page.getByTestId('bid-dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.getByTestId('bid-minimum').textContent()).toMatch(/\$\d/);
    await dialog.getByLabel('Bid amount (USD)').fill((amount / 100).toFixed(2));
    expect(await dialog.getByTestId('bid-method-balance').isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Place Bid' }).click();
    await dialog.getByTestId('bid-error').waitFor({ timeout: 15_000 });

    // The session refreshes, and the profile is read again: $10.00 left available.
    await refreshSessionNow(page);
    await expect
      .poll(() => dialog.getByTestId('bid-method-balance').locator('..').textContent())
      .toContain(`${dollars(1_000)} available`);
    expect(await dialog.getByTestId('bid-method-balance').isChecked()).toBe(true);
    expect(await dialog.getByTestId('bid-card-form').count()).toBe(0);

    await dialog.getByRole('button', { name: 'Place Bid' }).click();
    const result = dialog.getByTestId('bid-result');
    await result.waitFor({ timeout: 15_000 });
    expect(await result.textContent()).toContain(`Your bid of ${dollars(amount)} was placed`);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.key).toBe(sent[0]?.key);
    expect(sent[1]?.body).toBe(sent[0]?.body);
    await context.close();
  });
});

describe('a bid by balance', () => {
  // The bid holds its amount: the balance the next dialog (and the dashboard, the menu) offers is what is left,
  // without waiting a minute for the profile to go stale (it offered the whole balance again).
  it('leaves the rest of the balance available in the next bid dialog', { timeout: 120_000 }, async () => {
    const { card, amount, context, page } = await balanceBidder('bid-balance-held', 80_000, 2_500);
    await page.goto(`${baseUrl}/marketplace/collection/${card.contractAddress}/${card.typeNumber}`);
    await page.getByTestId('place-bid').click();
    const dialog = page.getByTestId('bid-dialog');
    await dialog.waitFor();
    const balanceOption = dialog.getByTestId('bid-method-balance').locator('..');
    await expect.poll(() => balanceOption.textContent()).toContain(`${dollars(amount + 2_500)} available`);
    // More than the balance: the balance stays chosen and the amount says why (UX review, 2026-12-06: the dialog
    // switched to a card by itself and marked its empty fields).
    await dialog.getByLabel('Bid amount (USD)').fill(((amount + 5_000) / 100).toFixed(2));
    await dialog.getByRole('button', { name: 'Place Bid' }).click();
    await dialog
      .getByText(`Your balance (${dollars(amount + 2_500)} available) is not enough for this bid`)
      .waitFor();
    expect(await dialog.getByTestId('bid-method-balance').isChecked()).toBe(true);
    expect(await dialog.locator('[aria-invalid="true"]').count()).toBe(1);
    await dialog.getByLabel('Bid amount (USD)').fill((amount / 100).toFixed(2));
    await dialog.getByRole('button', { name: 'Place Bid' }).click();
    await dialog.getByTestId('bid-result').waitFor({ timeout: 15_000 });
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    await page.getByTestId('place-bid').click();
    await dialog.waitFor();
    await expect
      .poll(() => dialog.getByTestId('bid-method-balance').locator('..').textContent(), { timeout: 5_000 })
      .toContain(`${dollars(2_500)} available`);
    await context.close();
  });
});

describe("the bidder's own state", () => {
  it("a collector who bid reads 'You're the highest bidder' on the card and in the dialog; outbid elsewhere, both read 'You've been outbid' without a reload", {
    timeout: 120_000,
  }, async () => {
    const card = await liveAuctionNifty();
    const collector = await apiSignUp(baseUrl, 'state-bidder');
    const rival = await apiSignUp(baseUrl, 'state-rival');
    const context = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(context, collector.grant);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/collections/${card.dropSlug}`);
    const saleCard = page.locator(
      `[data-testid="drop-sale-card"][data-contract="${card.contractAddress}"][data-nifty-type="${card.typeNumber}"]`,
    );
    await saleCard.getByTestId('drop-sale-button').click();
    const dialog = page.getByTestId('bid-dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.getByTestId('bid-minimum').textContent()).toMatch(/Minimum Bid: \$\d/);
    const amount = await minBidOf(card);
    await dialog.getByLabel('Bid amount (USD)').fill((amount / 100).toFixed(2));
    await dialog.getByTestId('bid-method-card').check();
    const form = dialog.getByTestId('bid-card-form');
    await form.getByLabel('Card number').fill('4242 4242 4242 4242');
    await form.getByLabel('Expiry (MM/YY)').fill('12/34');
    await form.getByLabel('CVC').fill('123');
    await dialog.getByRole('button', { name: 'Place Bid' }).click();
    await dialog.getByTestId('bid-result').waitFor();

    const inDialog = () => dialog.getByTestId('your-bid-state').textContent();
    const onCard = () => saleCard.getByTestId('your-bid-state').textContent();
    await expect.poll(inDialog, { timeout: 15_000 }).toBe("You're the highest bidder");
    await expect.poll(onCard, { timeout: 15_000 }).toBe("You're the highest bidder");
    await page.evaluate('window.notReloaded = true');

    // A rival outbids from elsewhere: the card and the open dialog follow the live events.
    await bidByCard(card, rival, await minBidOf(card));
    await expect.poll(inDialog, { timeout: 15_000 }).toBe("You've been outbid");
    await expect.poll(onCard, { timeout: 15_000 }).toBe("You've been outbid");
    expect(await page.evaluate('window.notReloaded')).toBe(true);
    await context.close();
  });
});

describe('winning an auction', () => {
  it("the winner finds the NFT in Dashboard → Purchases, 'Won at auction', with what it paid; the outbid bidder does not", {
    timeout: 120_000,
  }, async () => {
    // The last live 1/1 auction: the tests above bid on the first, which must stay open for them.
    const cards = await liveAuctionNifties();
    expect(cards.length).toBeGreaterThan(1);
    const card = cards.at(-1) as DropCard & { dropSlug: string };
    const outbid = await apiSignUp(baseUrl, 'outbid-bidder');
    await bidByCard(card, outbid, await minBidOf(card));
    const winner = await apiSignUp(baseUrl, 'auction-winner');
    const winning = await minBidOf(card);
    await bidByCard(card, winner, winning);

    // The auction ends and settles now (the test-only route: the browser tests cannot move the server's clock).
    const settled = await fetch(`${baseUrl}/dev/auctions/${card.contractAddress}/${card.typeNumber}/settle`, {
      method: 'POST',
      headers: { authorization: `Bearer ${inject('adminToken')}` },
    });
    expect(settled.status, await settled.clone().text()).toBe(200);
    expect(await settled.json()).toEqual({ result: { settled: true, winners: 1 } });

    const purchasesOf = async (user: { grant: ApiUser['grant'] }) => {
      const context = await browser.newContext({ viewport: DESKTOP });
      await storeCredentials(context, user.grant);
      const page = await context.newPage();
      await page.goto(`${baseUrl}/dashboard/purchases-sales/purchases`);
      return page;
    };
    const page = await purchasesOf(winner);
    const row = page.getByTestId('purchase-row').filter({ has: page.getByTestId('purchase-won') });
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.getByTestId('purchase-won').textContent()).toBe('Won at auction');
    // The NFT minted for the win (its edition of the nifty), linked to its item page.
    const link = row.getByRole('link');
    expect(await link.textContent()).toContain(card.nifty.name);
    expect(await link.getAttribute('href')).toMatch(
      new RegExp(`^/marketplace/item/${card.contractAddress}/\\d+$`),
    );
    // What it paid: the winning bid (no card fee on a bid).
    expect(await row.getByTestId('purchase-paid').textContent()).toBe(dollars(winning));
    expect(await row.getByTestId('purchase-state').textContent()).toBe('Paid');
    await page.context().close();

    // The outbid bidder bought nothing: the empty Purchases list.
    const other = await purchasesOf(outbid);
    await other.getByText("You haven't bought anything yet.", { exact: false }).waitFor();
    expect(await other.getByTestId('purchase-row').count()).toBe(0);
    await other.context().close();
  });
});
