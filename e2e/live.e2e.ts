// Live updates in real Chromium against the built, seeded server (issue 15, decision 014): two pages on
// one nifty see a primary purchase made elsewhere move its minted count without a reload (one over
// server-sent events, one without EventSource, on the polling fallback), and the header's alerts bell
// shows an alert the moment it is sent.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiSignUp, DESKTOP, storeCredentials } from './support/accounts';
import { useBrowser } from './support/browser';

const baseUrl = inject('baseUrl');
const adminToken = inject('adminToken');
const browser = useBrowser();

interface DropCard {
  contractAddress: string;
  typeNumber: number;
  nifty: { niftyTotalNumOfEditions: number; niftyTotalSold: number; niftyTotalReserved: number };
  saleDetails: { price: number };
}

async function liveFcfsNifty(): Promise<DropCard> {
  const response = await fetch(`${baseUrl}/api/v1/drops/?status=live&page_size=50`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { results: { dropType: string; cards: DropCard[] }[] };
  const cards = body.results
    .filter((d) => d.dropType === 'fcfs')
    .flatMap((d) => d.cards)
    .filter(
      (c) =>
        c.saleDetails.price > 0 &&
        c.nifty.niftyTotalNumOfEditions - c.nifty.niftyTotalSold - c.nifty.niftyTotalReserved >= 2,
    );
  // Works without participation criteria (decision 015): anyone may buy them.
  const open: DropCard[] = [];
  for (const c of cards) {
    const eligibility = await fetch(`${baseUrl}/api/v2/eligibility/${c.contractAddress}/${c.typeNumber}/`);
    if (((await eligibility.json()) as { criteria: unknown }).criteria === null) open.push(c);
  }
  expect(open.length).toBeGreaterThan(0);
  const card = open.at(-1);
  if (!card) throw new Error('no live fcfs nifty');
  return card;
}

async function call<T>(path: string, token: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** A new collector buys one edition through the API, by card (simulated processor). */
async function buyOne(card: DropCard): Promise<void> {
  const buyer = await apiSignUp(baseUrl, 'live-buyer');
  const token = buyer.grant.access_token;
  const intent = await call<{ purchaseIntentId: number }>('/api/payments/purchase-intents/', token, {
    contract_address: card.contractAddress,
    nifty_type: card.typeNumber,
    requested_quantity: 1,
  });
  const method = await call<{ id: string }>('/api/sim-card-processor/payment_methods', token, {
    number: '4242424242424242',
    exp_month: 12,
    exp_year: 2034,
    cvc: '123',
  });
  await call(`/api/v2/purchase-intent/${intent.purchaseIntentId}/pay`, token, { payment_token: method.id });
}

async function niftyPage(card: DropCard, options: { noEventSource?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  if (options.noEventSource) {
    await context.addInitScript(() => {
      // A browser (or proxy) without server-sent events: the page must poll.
      Reflect.deleteProperty(globalThis, 'EventSource');
    });
  }
  const page = await context.newPage();
  await page.goto(`${baseUrl}/marketplace/collection/${card.contractAddress}/${card.typeNumber}`);
  await page.getByTestId('nifty-minted').waitFor();
  // Set once: a reload would drop it.
  await page.evaluate(() => {
    (globalThis as unknown as { liveMarker: number }).liveMarker = 1;
  });
  return page;
}

const minted = async (page: Page) =>
  Number((await page.getByTestId('nifty-minted').textContent())?.replace(/,/g, ''));
const notReloaded = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { liveMarker?: number }).liveMarker === 1);

describe('live updates', () => {
  it('a purchase elsewhere moves the minted count on open pages, by stream and by polling', {
    timeout: 120_000,
  }, async () => {
    const card = await liveFcfsNifty();
    const streaming = await niftyPage(card);
    const polling = await niftyPage(card, { noEventSource: true });
    const before = await minted(streaming);
    expect(await minted(polling)).toBe(before);
    // Let both connect (the stream subscribes; the poller learns the id to start after).
    await new Promise((r) => setTimeout(r, 1500));

    const started = Date.now();
    await buyOne(card);
    await expect.poll(() => minted(streaming), { timeout: 5_000, interval: 50 }).toBe(before + 1);
    const streamMs = Date.now() - started;
    await expect.poll(() => minted(polling), { timeout: 10_000, interval: 100 }).toBe(before + 1);
    expect(streamMs).toBeLessThan(5_000);
    expect(await notReloaded(streaming)).toBe(true);
    expect(await notReloaded(polling)).toBe(true);
    await streaming.context().close();
    await polling.context().close();
  });

  it('the header bell shows an alert as it is sent, and Mark all read clears it', {
    timeout: 120_000,
  }, async () => {
    const user = await apiSignUp(baseUrl, 'live-alerts');
    const context = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(context, user.grant);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    const bell = page.getByTestId('alerts-bell');
    await bell.waitFor();
    expect(await page.getByTestId('alerts-unread').count()).toBe(0);
    await page.evaluate(() => {
      (globalThis as unknown as { liveMarker: number }).liveMarker = 1;
    });
    await new Promise((r) => setTimeout(r, 1500));

    const sent = await fetch(`${baseUrl}/api/v2/alerts/send/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        email: user.email,
        kind: 'outbid',
        message: 'You have been outbid on Night Bus',
        link: '/explore/drops',
      }),
    });
    expect(sent.status).toBe(201);
    const badge = page.getByTestId('alerts-unread');
    await expect.poll(() => badge.count(), { timeout: 5_000, interval: 50 }).toBe(1);
    expect(await badge.textContent()).toBe('1');
    expect(await notReloaded(page)).toBe(true);

    await page.getByTestId('alerts-bell-button').click();
    const items = page.getByTestId('alert-item');
    await items.first().waitFor();
    expect(await items.count()).toBe(1);
    // The message, then when it came.
    expect(await items.first().locator('a').textContent()).toBe('You have been outbid on Night Bus');
    expect(await items.first().locator('time').textContent()).toBe('just now');
    await page.getByTestId('alerts-mark-all').click();
    await expect.poll(() => badge.count(), { timeout: 5_000 }).toBe(0);
    await context.close();
  });
});
