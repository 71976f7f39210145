// What the buying and selling browser tests share: a token's item page, its public answer, and the
// simulated processor's card form filled in.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export interface OwnedToken {
  contractAddress: string;
  tokenId: string;
}

export interface ItemAnswer {
  owner: { username: string } | null;
  listing: { id: number; priceInCents: number } | null;
}

export const itemUrl = (token: OwnedToken) => `/marketplace/item/${token.contractAddress}/${token.tokenId}`;

/** The public item answer (what any visitor's page shows). */
export async function itemAnswer(baseUrl: string, token: OwnedToken): Promise<ItemAnswer> {
  const response = await fetch(
    `${baseUrl}/api/v1/marketplace/items/${token.contractAddress}/${token.tokenId}/`,
  );
  expect(response.status).toBe(200);
  return (await response.json()) as ItemAnswer;
}

/** Anything holding the card form's fields: the form itself, or a dialog around it. */
type CardRoot = { getByLabel: (label: string) => { fill: (value: string) => Promise<void> } };

/** Fills the simulated processor's card form (4242… succeeds; see payment-providers.ts for the others). */
export async function fillCard(root: CardRoot, number = '4242 4242 4242 4242'): Promise<void> {
  await root.getByLabel('Card number').fill(number);
  await root.getByLabel('Expiry (MM/YY)').fill('12/34');
  await root.getByLabel('CVC').fill('123');
}

/** A JSON call to the API with an access token (an Idempotency-Key on writes); throws on a non-2xx answer. */
export async function apiCall<T>(
  baseUrl: string,
  accessToken: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${accessToken}`,
      origin: baseUrl,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(method === 'GET' ? {} : { 'idempotency-key': crypto.randomUUID() }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A card that works (4242…) tokenised by the simulated processor for this user: its `pm_sim_…` id. */
export async function simCardToken(baseUrl: string, accessToken: string): Promise<string> {
  const card = await apiCall<{ id: string }>(
    baseUrl,
    accessToken,
    'POST',
    '/sim-card-processor/payment_methods',
    {
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2034,
      cvc: '123',
    },
  );
  return card.id;
}

/**
 * The seed's listed tokens (Buy Now), in explore's order, 48 of them. Each test takes its own by index and
 * says which (files share the server): buy-flow takes from the end, trading-gaps from the front.
 */
export async function listedTokens(baseUrl: string): Promise<OwnedToken[]> {
  const response = await fetch(`${baseUrl}/api/v1/explore/nfts/?quickFilter=buy_now&page_size=48`);
  expect(response.status).toBe(200);
  const listed = ((await response.json()) as { results: OwnedToken[] }).results;
  expect(listed.length).toBeGreaterThan(24);
  return listed;
}

/** A POST to an address matching `path`, as the page sent it. */
export interface SentPost {
  key: string | undefined;
  body: string;
}

/**
 * Loses the answer to the first POST the page sends to `path`: the server does the work, its answer never
 * reaches the page (the connection drops). Later POSTs go through. Answers every POST sent, in order, with
 * its Idempotency-Key and body, to show what a retry sent.
 */
export async function loseFirstAnswer(page: Page, path: RegExp): Promise<SentPost[]> {
  const sent: SentPost[] = [];
  let lose = true;
  await page.route(path, async (route) => {
    const request = route.request();
    if (request.method() !== 'POST') return route.continue();
    sent.push({ key: request.headers()['idempotency-key'], body: request.postData() ?? '' });
    if (!lose) return route.continue();
    lose = false;
    await route.fetch();
    await route.abort('connectionreset');
  });
  return sent;
}

/**
 * Holds the requests to `url` on their way to the server until `release()` (a slow network): `sent` resolves when
 * the first arrives, so the test acts while the page waits for its answer.
 */
export function holdRequests(page: Page, url: string | RegExp): { sent: Promise<void>; release: () => void } {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const sent = new Promise<void>((resolve) => {
    void page.route(url, async (route) => {
      resolve();
      await held;
      await route.continue();
    });
  });
  return { sent, release };
}
