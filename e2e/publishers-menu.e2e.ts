// The Publishers entry of the navigation bar (001 §2): a collector has none; the demo publisher,
// who acts for one publisher, gets the one-publisher menu whose links lead to the drop page, the
// storefront and the Publisher Hub.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './support/browser';
import { signInAsCollector } from './support/sign-in';

const baseUrl = inject('baseUrl');
const PUBLISHER = { email: 'publisher@vitrine.test', password: 'vitrine-publishes-1' } as const;
const browser = useBrowser();

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

describe('Publishers menu', () => {
  it('is absent for a collector', async () => {
    const page = await newPage();
    await signInAsCollector(page, baseUrl, '/explore/nfts');
    await page
      .getByTestId('nav-bar')
      .getByRole('button', { name: /Explore/ })
      .waitFor();
    expect(await page.getByTestId('nav-menu-publishers').count()).toBe(0);
    expect(await page.getByTestId('nav-publishers').count()).toBe(0);
    await page.goto(`${baseUrl}/publishers`);
    await page.getByTestId('publishers-empty').waitFor();
  });

  it('offers Create a Drop, View your Storefront and the Publisher Hub to a one-publisher member', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl}/login?redirect=${encodeURIComponent('/explore/nfts')}`);
    const form = page.getByTestId('login-form');
    await form.getByLabel('Email').fill(PUBLISHER.email);
    await form.getByLabel('Password', { exact: true }).fill(PUBLISHER.password);
    await form.getByRole('button', { name: 'Log In', exact: true }).click();
    const skip = page.getByTestId('twofa-prompt-dialog').getByRole('button', { name: 'Skip' });
    await Promise.race([
      skip.click({ timeout: 20_000 }).catch(() => undefined),
      page.waitForURL((url) => url.pathname === '/explore/nfts', { timeout: 20_000 }),
    ]);
    await page.waitForURL((url) => url.pathname === '/explore/nfts', { timeout: 20_000 });

    const menu = page.getByTestId('nav-menu-publishers');
    await menu.getByRole('button', { name: 'Publishers' }).click();
    const links = menu.getByRole('link');
    expect(await links.allTextContents()).toEqual([
      'Create a Drop',
      'View your Storefront',
      'Visit the Publisher Hub',
    ]);

    await menu.getByRole('link', { name: 'View your Storefront' }).click();
    await page.waitForURL((url) => url.pathname === '/publishers/atlas');
    await page.getByRole('heading', { level: 1 }).waitFor();

    await menu.getByRole('button', { name: 'Publishers' }).click();
    await menu.getByRole('link', { name: 'Visit the Publisher Hub' }).click();
    await page.waitForURL((url) => url.pathname === '/publishers');
    const row = page.getByTestId('publisher-row');
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    await row.getByRole('link', { name: 'Create a Drop' }).click();
    await page.waitForURL((url) => url.pathname === '/publishers/atlas/drops');
    await page.getByTestId('publisher-drops-page').waitFor();
  });

  it('sends a signed-out visitor of the Publisher Hub to log in first', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl}/publishers`);
    await page.waitForURL(
      (url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/publishers',
    );
  });
});
