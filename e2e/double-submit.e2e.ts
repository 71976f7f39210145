// A fast double click (two clicks before the first answer) in the places the first double-submit audit did
// not cover: the drop editor's Add NFT, Duplicate and Delete, the storefront editor's social links, and the
// like button. Each answer is held back a little (page.route), so the second click always lands while the
// first request is still in flight.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  apiSignUp,
  DESKTOP,
  latestMessage,
  outbox,
  readStoredCredentials,
  storeCredentials,
} from './support/accounts';
import { launchBrowser } from './support/browser';
import { submitLoginForm } from './support/sign-in';
import { fillCard, itemUrl } from './support/trading';

const baseUrl = inject('baseUrl');
const adminToken = inject('adminToken');
const PUBLISHER = { email: 'publisher@vitrine.test', password: 'vitrine-publishes-1' } as const;
let browser: Browser;
let publisher: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  // One sign-in for the publisher's tests (sign-ins count against the shared login limit).
  publisher = await browser.newContext({ viewport: DESKTOP });
  const page = await publisher.newPage();
  await page.goto(`${baseUrl}/login?redirect=${encodeURIComponent('/publishers/atlas/drops')}`);
  await submitLoginForm(page, page.locator('body'), PUBLISHER);
  await page.waitForURL((url) => url.pathname === '/publishers/atlas/drops', { timeout: 20_000 });
  await page.close();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

/** Holds back the answers to `method` requests whose path matches `path`, and counts them. */
async function slowAnswers(page: Page, method: string, path: RegExp, delayMs = 400): Promise<string[]> {
  const seen: string[] = [];
  await page.route(
    (url) => path.test(url.pathname),
    async (route) => {
      if (route.request().method() !== method) return route.fallback();
      seen.push(route.request().url());
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await route.fallback();
    },
  );
  return seen;
}

/** A new draft drop of the demo publisher, open in its editor. */
async function newDraft(): Promise<Page> {
  const page = await publisher.newPage();
  await page.goto(`${baseUrl}/publishers/atlas/drops`);
  await page.getByTestId('create-drop').click();
  await page.waitForURL((url) => /^\/publishers\/atlas\/drops\/\d+$/.test(url.pathname), { timeout: 20_000 });
  await page.getByTestId('collection-info').waitFor();
  return page;
}

const items = (page: Page) => page.getByTestId('nft-list-item');

/** The NFT list once every answer has come (a second request's answer would follow the first's). */
async function settledCount(page: Page, atLeast: number): Promise<number> {
  await expect.poll(() => items(page).count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(atLeast);
  await page.waitForTimeout(1_500);
  return items(page).count();
}

describe('the drop editor on a double click', () => {
  it('Add NFT adds one NFT', { timeout: 90_000 }, async () => {
    const page = await newDraft();
    const created = await slowAnswers(page, 'POST', /\/collections\/\d+\/nfts$/);
    const add = page.getByTestId('add-nft');
    await expect.poll(() => add.isEnabled(), { timeout: 20_000 }).toBe(true);
    await add.dblclick();
    expect(await settledCount(page, 1)).toBe(1);
    expect(created).toHaveLength(1);
    // The server holds one too.
    await page.reload();
    expect(await settledCount(page, 1)).toBe(1);
    await page.close();
  });

  it('Duplicate makes one copy, and Delete deletes it with no error left in the dialog', {
    timeout: 90_000,
  }, async () => {
    const page = await newDraft();
    const add = page.getByTestId('add-nft');
    await expect.poll(() => add.isEnabled(), { timeout: 20_000 }).toBe(true);
    await add.click();
    expect(await settledCount(page, 1)).toBe(1);

    const copies = await slowAnswers(page, 'POST', /\/nfts\/\d+\/duplicate$/);
    await items(page)
      .first()
      .getByRole('button', { name: /^Duplicate / })
      .dblclick();
    expect(await settledCount(page, 2)).toBe(2);
    expect(copies).toHaveLength(1);
    await page.reload();
    expect(await settledCount(page, 2)).toBe(2);
    expect(
      await items(page)
        .filter({ hasText: /^COPY OF/ })
        .count(),
    ).toBe(1);

    // Delete the copy by a double click on the dialog's Delete.
    const deletes = await slowAnswers(page, 'DELETE', /\/collections\/\d+\/nfts\/\d+$/);
    await items(page)
      .filter({ hasText: /^COPY OF/ })
      .getByRole('button', { name: /^Delete / })
      .click();
    const dialog = page.getByTestId('delete-nft-dialog');
    await dialog.getByRole('button', { name: 'Delete' }).dblclick();
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });
    await page.waitForTimeout(1_500);
    expect(await items(page).count()).toBe(1);
    // The next delete's dialog opens clean: no error from a second, refused delete of the first.
    await items(page)
      .first()
      .getByRole('button', { name: /^Delete / })
      .click();
    await dialog.waitFor();
    expect(await dialog.getByRole('alert').allInnerTexts()).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(deletes).toHaveLength(1);
    await page.close();
  });
});

describe('the drop list on a double click', () => {
  it('Create a Drop creates one draft, and Delete deletes it once with no error left in the dialog', {
    timeout: 90_000,
  }, async () => {
    const page = await publisher.newPage();
    await page.goto(`${baseUrl}/publishers/atlas/drops`);
    await page.getByTestId('drop-list').waitFor({ timeout: 20_000 });
    const created = await slowAnswers(page, 'POST', /\/drops$/);
    await page.getByTestId('create-drop').dblclick();
    await page.waitForURL((url) => /^\/publishers\/atlas\/drops\/\d+$/.test(url.pathname), {
      timeout: 20_000,
    });
    await page.waitForTimeout(1_500);
    expect(created).toHaveLength(1);
    const id = new URL(page.url()).pathname.split('/').pop() ?? '';

    await page.goto(`${baseUrl}/publishers/atlas/drops`);
    const row = page.locator(`[data-testid="drop-row"][data-drop-id="${id}"]`);
    await row.waitFor({ timeout: 20_000 });
    const deletes = await slowAnswers(page, 'DELETE', /\/drops\/\d+$/);
    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByTestId('delete-drop-dialog');
    await dialog.getByRole('button', { name: 'Delete' }).dblclick();
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });
    await page.waitForTimeout(1_500);
    expect(deletes).toHaveLength(1);
    await expect.poll(() => row.count()).toBe(0);
    // The next delete dialog opens clean (a refused second delete would leave its error there).
    await page.getByTestId('drop-row').getByRole('button', { name: 'Delete' }).first().click();
    await dialog.waitFor();
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await page.close();
  });
});

describe('the storefront editor on a double click', () => {
  it('Add link adds one link and Remove removes it with no error', { timeout: 90_000 }, async () => {
    const page = await publisher.newPage();
    await page.goto(`${baseUrl}/publishers/atlas/edit`);
    const links = page.getByTestId('social-links-editor');
    await links.waitFor();
    const url = `https://example.com/double-${Date.now()}`;
    const rows = links.getByTestId('social-link-row').filter({ hasText: url });
    const added = await slowAnswers(page, 'POST', /\/publisher\/atlas\/social-links\/$/);
    await links.getByLabel('URL').fill(url);
    await links.getByTestId('social-link-add').dblclick();
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    await page.waitForTimeout(1_500);
    expect(await rows.count()).toBe(1);
    expect(added).toHaveLength(1);

    const removed = await slowAnswers(page, 'DELETE', /\/publisher\/atlas\/social-links\/[^/]+\/$/);
    await rows.getByRole('button', { name: 'Remove' }).dblclick();
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(0);
    await page.waitForTimeout(1_500);
    expect(removed).toHaveLength(1);
    expect(await links.getByTestId('social-link-error').count()).toBe(0);
    await page.close();
  });
});

describe('the like button on a double click', () => {
  it('likes once: the heart stays liked and the count goes up by one', { timeout: 90_000 }, async () => {
    const user = await apiSignUp(baseUrl, 'like-double');
    const context = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(context, user.grant);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/explore/nfts`);
    const card = page.locator(
      '[data-testid="nft-card"]:has([data-testid="like-button"][aria-pressed="false"])',
    );
    await card.first().waitFor({ timeout: 20_000 });
    const token = await card.first().getAttribute('data-token');
    const button = page.locator(
      `[data-testid="nft-card"][data-token="${token}"] [data-testid="like-button"]`,
    );
    const count = async () =>
      Number((await button.getByTestId('like-count').textContent())?.replace(/\D/g, ''));
    const before = await count();
    const saves = await slowAnswers(page, 'POST', /\/boards\/favorites\/nifties\/(save|remove)\/$/);
    await button.dblclick();
    await page.waitForTimeout(1_500);
    expect(await button.getAttribute('aria-pressed')).toBe('true');
    expect(await count()).toBe(before + 1);
    expect(saves.every((url) => url.endsWith('/save/'))).toBe(true);
    await context.close();
  });
});

describe('the follow button on a double click', () => {
  it('follows once: the button stays Following and the count goes up by one', {
    timeout: 90_000,
  }, async () => {
    const user = await apiSignUp(baseUrl, 'follow-double');
    const context = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(context, user.grant);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/paper-moon`);
    const follow = page.getByTestId('storefront-follow').getByTestId('follow-button');
    await expect.poll(() => follow.textContent(), { timeout: 20_000 }).toBe('Follow');
    const followers = async () =>
      Number((await page.getByTestId('followers-count').first().textContent())?.replace(/\D/g, ''));
    const before = await followers();
    const calls = await slowAnswers(page, 'POST', /\/subscriptions\/publishers\/[^/]+\/(follow|unfollow)\/$/);
    await follow.dblclick();
    await page.waitForTimeout(1_500);
    await page.mouse.move(0, 0);
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(followers).toBe(before + 1);
    expect(calls.every((url) => url.endsWith('/follow/'))).toBe(true);
    await context.close();
  });
});

describe('the terms dialog on a double click', () => {
  it("a double click on 'I agree' makes the refused offer once", { timeout: 120_000 }, async () => {
    const answer = await fetch(`${baseUrl}/api/v1/explore/nfts/?quickFilter=buy_now&page_size=48`);
    const listed = ((await answer.json()) as { results: { contractAddress: string; tokenId: string }[] })
      .results;
    const token = listed[10];
    if (!token) throw new Error('no listed token in the seed');
    const maker = await apiSignUp(baseUrl, 'terms-double');
    const asked = await fetch(`${baseUrl}/api/v2/terms-of-service/require-approval/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ email: maker.email }),
    });
    expect(asked.status).toBe(200);
    const context = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(context, maker.grant);
    const page = await context.newPage();
    const offers = await slowAnswers(page, 'POST', /^\/api\/v2\/offer\/?$/, 0);
    const agreements = await slowAnswers(page, 'POST', /\/terms-of-service\/agree\/$/);
    await page.goto(baseUrl + itemUrl(token));
    await page.getByTestId('item-price').getByTestId('make-offer').click();
    const dialog = page.getByTestId('offer-dialog');
    await dialog.waitFor();
    await dialog.getByLabel('Offer amount (USD)').fill('3.75');
    await fillCard(dialog);
    await dialog.getByRole('button', { name: 'Make offer' }).click();
    const terms = page.getByTestId('terms-dialog');
    await terms.getByRole('heading', { name: 'Vitrine Terms of Use' }).waitFor();
    await terms.getByRole('button', { name: 'I agree' }).dblclick();
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });
    await page.waitForTimeout(1_500);
    const made = await fetch(`${baseUrl}/api/v2/offer?scope=made&status=open`, {
      headers: { authorization: `Bearer ${maker.grant.access_token}` },
    });
    expect(((await made.json()) as { count: number }).count).toBe(1);
    // The refused offer, then the one after the agreement.
    expect(offers).toHaveLength(2);
    expect(agreements).toHaveLength(1);
    await context.close();
  });
});

describe('the publisher terms on a double click', () => {
  it("a double click on 'I agree' agrees once and goes on to the publisher fee once", {
    timeout: 120_000,
  }, async () => {
    // The seed's owner of the demo publisher besides the demo account: it has not agreed to the publisher
    // terms (an agreement is per member), and it signs in with a password set through the reset link.
    const email = 'theolindqvist@example.com';
    const password = 'e2e-publisher-terms-1';
    const earlier = (await outbox(baseUrl, email, 'password_reset'))[0]?.id ?? 0;
    const post = (path: string, body: unknown, token?: string) =>
      fetch(`${baseUrl}/api${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
    expect((await post('/user/reset-password/', { email })).status).toBe(200);
    const link = (await latestMessage(baseUrl, email, 'password_reset', earlier)).link ?? '';
    const resetToken = new URL(link).searchParams.get('reset_token');
    expect(
      (await post('/user/confirm-reset-password/', { reset_token: resetToken, new_password: password }))
        .status,
    ).toBe(200);

    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login?redirect=${encodeURIComponent('/publishers/atlas/drops')}`);
    await submitLoginForm(page, page.locator('body'), { email, password });
    await page.waitForURL((url) => url.pathname === '/publishers/atlas/drops', { timeout: 20_000 });
    const token = (await readStoredCredentials(page))?.access_token ?? '';

    // A drop ready to publish, made through the API.
    const artwork = (
      (await (await fetch(`${baseUrl}/api/v1/drops/field-notes/`)).json()) as {
        cards: { asset: { src: string } }[];
      }
    ).cards[0]?.asset.src;
    const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
    const suffix = Date.now().toString(36);
    const made = async (path: string, body: unknown) => {
      const answer = await post(`/publisher/atlas${path}`, body, token);
      if (!answer.ok) throw new Error(`${path} answered ${answer.status}: ${await answer.text()}`);
      return (await answer.json()) as { id: number };
    };
    const drop = await made('/drops', {
      title: `Terms Twice ${suffix}`,
      slug: `terms-twice-${suffix}`,
      introText: 'A drop published after one agreement.',
      previewAsset: artwork,
      coverAsset: artwork,
      visibleStartDateTime: hours(2),
      visibleEndDateTime: hours(50),
    });
    const collection = await made(`/drops/${drop.id}/collections`, { name: `Terms Twice ${suffix}` });
    await made(`/collections/${collection.id}/nfts`, {
      title: 'Signature',
      description: 'Signed once.',
      asset: artwork,
      ipfsCid: 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi',
      tags: ['paper'],
      price: 25,
      editionSize: 10,
    });

    const approvals = await slowAnswers(page, 'POST', /\/publisher\/atlas\/tos_approval$/);
    const fees = await slowAnswers(page, 'POST', /^\/api\/v2\/publisher-fee$/, 0);
    await page.goto(`${baseUrl}/publishers/atlas/drops/${drop.id}`);
    await page.getByTestId('collection-info').waitFor();
    // Publish checks the editor's values first: the NFT must have loaded.
    await items(page).first().waitFor({ timeout: 20_000 });
    await page.getByTestId('publish-drop').click();
    const terms = page.getByTestId('publisher-terms-dialog');
    const notice = page.getByTestId('publish-notice');
    await terms.or(notice).first().waitFor({ timeout: 20_000 });
    expect(await notice.allInnerTexts()).toEqual([]);
    await terms.getByRole('button', { name: 'I agree' }).dblclick();
    await page.waitForURL((url) => url.pathname === `/publish-drop/${drop.id}/`, { timeout: 20_000 });
    await page.waitForTimeout(1_500);
    expect(await page.getByTestId('toast').filter({ hasText: 'Thanks for agreeing' }).count()).toBe(1);
    expect(approvals).toHaveLength(1);
    expect(fees).toHaveLength(1);
    await context.close();
  });
});
