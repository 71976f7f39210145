// The studio's intro animation (001 §2 "Intro animation plays once per path"), in real Chromium: the demo
// publisher's first visit to the drop list plays it and it leaves by itself; a reload of the same path does not
// play it again; a visitor who asks for reduced motion never sees it.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP } from './support/accounts';
import { useBrowser } from './support/browser';
import { submitLoginForm } from './support/sign-in';

const baseUrl = inject('baseUrl');
const PUBLISHER = { email: 'publisher@vitrine.test', password: 'vitrine-publishes-1' } as const;
const DROPS = '/publishers/atlas/drops';
const browser = useBrowser();

/** Signs the publisher in on the login page, which then leads to the drop list. */
async function signedInAtDrops(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login?redirect=${encodeURIComponent(DROPS)}`);
  await submitLoginForm(page, page.locator('body'), PUBLISHER);
  await page.waitForURL((url) => url.pathname === DROPS, { timeout: 20_000 });
  return page;
}

/** Two frames after the list shows: the intro, when it plays, is on the page by then. */
async function listShown(page: Page) {
  await page.getByTestId('drop-list').or(page.getByTestId('drop-list-empty')).first().waitFor();
  await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
}

describe('the studio intro', () => {
  it('plays on the first visit of a path, leaves by itself, and not again on that path', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await signedInAtDrops(context);
    const intro = page.getByTestId('studio-intro');
    await intro.waitFor({ timeout: 10_000 });
    // It is gone once its animation ends.
    await intro.waitFor({ state: 'detached', timeout: 10_000 });

    await page.reload();
    await listShown(page);
    expect(await intro.count()).toBe(0);
    await context.close();
  });

  it('never plays for a visitor who asks for reduced motion', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
    const page = await signedInAtDrops(context);
    await listShown(page);
    expect(await page.getByTestId('studio-intro').count()).toBe(0);
    // The drop windows read as every date in the app does ('Dec 6, 2026, 6:26 PM'), not the browser's locale.
    const windows = await page.getByTestId('drop-dates').allTextContents();
    expect(windows.length).toBeGreaterThan(0);
    for (const w of windows.filter((x) => x !== '— – —'))
      expect(w).toMatch(
        /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M – [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/,
      );
    await context.close();
  });
});
