// Liking and following in real Chromium against the built, seeded server, signed out (the auth modal
// opens) and signed in as the demo collector through the real login form.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiSignUp, DESKTOP, storeCredentials } from './support/accounts';
import { openPageAt, useBrowser, waitForExpression } from './support/browser';
import { signedInProfileUrl, signInAsCollector, submitLoginForm } from './support/sign-in';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

const openPage = (path: string) => openPageAt(browser, baseUrl + path);

const countOf = async (page: Page, selector: string) =>
  Number(((await page.locator(selector).textContent()) ?? '').replace(/\D/g, ''));

describe('liking', () => {
  it('opens the auth modal when signed out, and a like saved when signed in stays after a reload', async () => {
    const page = await openPage('/explore/nfts');
    await page.getByTestId('nft-card').first().waitFor();
    await page.getByTestId('like-button').first().click();
    const modal = page.getByTestId('auth-modal');
    await modal.waitFor();
    // Nothing was liked while signed out.
    expect(await page.getByTestId('like-button').first().getAttribute('aria-pressed')).toBe('false');

    // Signing in from the modal reloads the page signed in.
    // A marker on the page that the reload after sign-in removes.
    await page.evaluate("document.body.dataset.beforeSignIn = 'true'");
    await submitLoginForm(page, modal);
    await waitForExpression(
      page,
      'document.body.dataset.beforeSignIn === undefined && document.querySelector(\'[data-testid="nft-card"]\') !== null',
    );
    expect(await page.getByTestId('nav-login').count()).toBe(0);

    const card = page
      .locator('[data-testid="nft-card"]:has([data-testid="like-button"][aria-pressed="false"])')
      .first();
    const token = await card.getAttribute('data-token');
    expect(token).toMatch(/^0x[0-9a-f]+\/\d+$/);
    const button = page.locator(
      `[data-testid="nft-card"][data-token="${token}"] [data-testid="like-button"]`,
    );
    const before = Number((await button.getByTestId('like-count').textContent())?.replace(/\D/g, ''));
    await button.click();
    // Optimistic: pressed at once; the first-ever like shows the first-time tooltip.
    expect(await button.getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('first-like-tooltip').waitFor();
    await expect
      .poll(async () => Number((await button.getByTestId('like-count').textContent())?.replace(/\D/g, '')))
      .toBe(before + 1);

    // The like is on the server: the item page after a reload shows it.
    const [contractAddress, tokenId] = (token ?? '').split('/');
    await page.waitForTimeout(300);
    await page.goto(`${baseUrl}/marketplace/item/${contractAddress}/${tokenId}`);
    const itemLike = page.getByTestId('item-page').getByTestId('like-button');
    await itemLike.waitFor();
    expect(await itemLike.getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await itemLike.waitFor();
    expect(await itemLike.getAttribute('aria-pressed')).toBe('true');

    // Unliking works the same way. The button ignores clicks while its request is out, so wait for the answer.
    const removed = page.waitForResponse((r) => r.url().includes('/boards/favorites/nifties/remove/'));
    await itemLike.click();
    await expect.poll(() => itemLike.getAttribute('aria-pressed')).toBe('false');
    expect((await removed).ok()).toBe(true);

    // A like the server refuses is reverted, with an error toast (001 §4).
    await page.route('**/boards/favorites/nifties/save/', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          statusCode: 500,
          errorType: 'unknown-error',
          message: 'An unknown error occurred',
        }),
      }),
    );
    await itemLike.click();
    const toast = page.getByTestId('toast').filter({ hasText: 'Your like could not be saved.' });
    await toast.waitFor();
    await expect.poll(() => itemLike.getAttribute('aria-pressed')).toBe('false');
    await page.context().close();
  });

  // One collector signs out and another signs in in the same tab (no page load between): nothing of the first
  // one's shows to the second (here a like, read from the page's cache without asking the server again).
  it('shows the next collector signing in on the same tab none of the last one’s likes', async () => {
    const first = await apiSignUp(baseUrl, 'likes-first');
    const second = await apiSignUp(baseUrl, 'likes-second');
    const context = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(context, first.grant);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/explore/nfts`);
    const card = page
      .locator('[data-testid="nft-card"]:has([data-testid="like-button"][aria-pressed="false"])')
      .first();
    await card.waitFor();
    const [contractAddress, tokenId] = ((await card.getAttribute('data-token')) ?? '').split('/');
    const itemPath = `/marketplace/item/${contractAddress}/${tokenId}`;
    await page.goto(baseUrl + itemPath);
    const like = page.getByTestId('item-page').getByTestId('like-button');
    await like.waitFor();
    const added = page.waitForResponse((r) => r.url().includes('/boards/favorites/nifties/save/'));
    await like.click();
    expect((await added).ok()).toBe(true);
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');

    await page.getByTestId('account-menu-button').click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByTestId('nav-login').click();
    await submitLoginForm(page, page.locator('body'), second);
    await page.getByTestId('account-menu-button').waitFor();
    // To the item page inside the app, as a link would go.
    await page.evaluate(
      `history.pushState({}, '', '${itemPath}'); dispatchEvent(new PopStateEvent('popstate'))`,
    );
    await like.waitFor();
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    await context.close();
  });
});

describe('following', () => {
  // The demo collector follows the first three publishers of the seed, not Paper Moon Studio.
  it('follows and unfollows a publisher from its storefront, and the follow persists', async () => {
    const signedOut = await openPage('/paper-moon');
    await signedOut.getByTestId('storefront-page').waitFor();
    await signedOut.getByTestId('storefront-follow').getByTestId('follow-button').click();
    await signedOut.getByTestId('auth-modal').waitFor();
    await signedOut.context().close();

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInAsCollector(page, baseUrl, '/paper-moon');
    const follow = page.getByTestId('storefront-follow').getByTestId('follow-button');
    await follow.waitFor();
    await expect.poll(() => follow.textContent()).toBe('Follow');
    const followers = await countOf(page, '[data-testid="followers-count"]');

    await follow.click();
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => countOf(page, '[data-testid="followers-count"]')).toBe(followers + 1);
    // While following, the label reads 'Unfollow' on hover (001 §4).
    await follow.hover();
    await expect.poll(() => follow.textContent()).toBe('Unfollow');
    await page.mouse.move(0, 0);
    await expect.poll(() => follow.textContent()).toBe('Following');

    await page.reload();
    await follow.waitFor();
    await expect.poll(() => follow.textContent()).toBe('Following');
    await expect.poll(() => countOf(page, '[data-testid="followers-count"]')).toBe(followers + 1);

    await follow.click();
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => countOf(page, '[data-testid="followers-count"]')).toBe(followers);
    await context.close();
  });
});

describe('favourites boards', () => {
  it('saves a collection and an edition, and both appear on the profile favourites tab', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInAsCollector(page, baseUrl, '/explore/collections');
    const unsaved = page
      .locator('[data-testid="collection-card"]:has([data-testid="like-button"][aria-pressed="false"])')
      .first();
    await unsaved.waitFor();
    const slug = await unsaved.getAttribute('data-slug');
    expect(slug).toBeTruthy();

    await page.goto(`${baseUrl}/marketplace/collection/${slug}`);
    const save = page.getByTestId('collection-header').getByRole('button', { name: 'Save to favorites' });
    await save.click();
    const saved = page.getByTestId('collection-header').getByTestId('like-button');
    await expect.poll(() => saved.getAttribute('aria-pressed')).toBe('true');
    expect(await saved.getAttribute('aria-label')).toMatch(/^Remove from favorites, \d/);

    // An edition of the same collection: its page has its own heart.
    const edition = page.getByTestId('nifty-strip').getByRole('link').first();
    await edition.click();
    const editionSave = page.getByRole('heading', { level: 1 }).locator('..').getByTestId('like-button');
    await editionSave.waitFor();
    if ((await editionSave.getAttribute('aria-pressed')) === 'false') {
      await editionSave.click();
      await expect.poll(() => editionSave.getAttribute('aria-pressed')).toBe('true');
    }
    const editionTitle = await page.getByRole('heading', { level: 1 }).textContent();

    const profileUrl = await signedInProfileUrl(page);
    await page.goto(`${baseUrl}/profile/${profileUrl}?tab=favorites`);
    const collections = page.getByTestId('favorite-collections-grid');
    await collections.locator(`[data-testid="collection-card"][data-slug="${slug}"]`).waitFor();
    await expect.poll(() => page.getByTestId('favorites-grid').textContent()).toContain(editionTitle ?? '-');
    // The board's heart removes the edition again. Other tests may have saved a token of the same
    // artwork (same title) for this collector, so count the pressed hearts of that title.
    const hearts = page
      .getByTestId('favorites-grid')
      .getByTestId('favorite-card')
      .filter({ hasText: editionTitle ?? '-' })
      .locator('[data-testid="like-button"][aria-pressed="true"]');
    const before = await hearts.count();
    const savedEdition = hearts.first();
    expect(await savedEdition.getAttribute('aria-label')).toMatch(/^Remove from favorites, \d/);
    await savedEdition.click();
    await expect.poll(() => hearts.count()).toBe(before - 1);
    await context.close();
  });
});

describe('full-screen viewer', () => {
  it("offers the full-size download only to the NFT's owner (000 §6)", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInAsCollector(page, baseUrl, '/explore/nfts');
    const profileUrl = await signedInProfileUrl(page);

    // One of the collector's own NFTs: the viewer has a Download link with a safe file name.
    await page.goto(`${baseUrl}/profile/${profileUrl}`);
    const own = page.getByTestId('nft-card').first();
    await own.waitFor();
    await own.hover();
    await own.getByTestId('nft-expand').click();
    const download = page.getByTestId('asset-viewer').getByTestId('asset-download');
    await download.waitFor();
    expect(await download.getAttribute('download')).toMatch(/^[^/\\?%*:|"<>]+$/);
    expect(await download.getAttribute('href')).toBeTruthy();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('asset-viewer').count()).toBe(0);

    // Someone else's NFT: no download. The first card on explore that the API says another user owns (what
    // the collector owns changes as other test files buy and sell; a card does not always name its owner).
    await page.goto(`${baseUrl}/explore/nfts`);
    const cards = page.getByTestId('nft-card');
    await cards.first().waitFor();
    const hrefs = await cards
      .getByTestId('nft-card-link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    let otherHref: string | null = null;
    for (const href of hrefs) {
      const [contract, tokenId] = href.split('/').slice(-2);
      const item = await fetch(`${baseUrl}/api/v1/marketplace/items/${contract}/${tokenId}/`);
      const owner = ((await item.json()) as { owner: { username: string } | null }).owner;
      if (owner && owner.username !== profileUrl) {
        otherHref = href;
        break;
      }
    }
    expect(otherHref).not.toBeNull();
    const other = cards.filter({ has: page.locator(`a[href="${otherHref}"]`) }).first();
    await other.hover();
    await other.getByTestId('nft-expand').click();
    await page.getByTestId('asset-viewer').waitFor();
    expect(await page.getByTestId('asset-download').count()).toBe(0);
    await context.close();
  });
});
