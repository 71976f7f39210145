// What a first load of explore asks of a phone's main thread (issue #13): internal links are plain anchors that
// navigate inside the app through one listener, the grid renders its first cards before the rest, the filter
// sidebar is not rendered while a phone hides it, and drop covers come through the resizing route as WebP,
// never as vector originals laid out on the main thread.
import { describe, expect, inject, it } from 'vitest';
import { openPageAt, useBrowser } from './support/browser';

const baseUrl = inject('baseUrl');
const PHONE = { width: 390, height: 844 };
const browser = useBrowser();

const openPage = (path: string, viewport?: { width: number; height: number }) =>
  openPageAt(browser, baseUrl + path, viewport);

describe('first load of explore', () => {
  it('follows a card link inside the app, without loading the page again', async () => {
    const page = await openPage('/explore/drops');
    const title = page.getByTestId('drop-card-title').first();
    await title.waitFor();
    const href = await title.getAttribute('href');
    expect(href).toMatch(/^\//);
    await page.evaluate('window.stillHere = true');
    await title.click();
    await page.waitForURL((url) => url.pathname === href);
    expect(await page.evaluate('window.stillHere')).toBe(true);
    // Back returns to explore, still inside the app.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/explore/drops');
    expect(await page.evaluate('window.stillHere')).toBe(true);
    await page.context().close();
  });

  it('leaves a link with a modifier key, or a same-page hash, to the browser', async () => {
    const page = await openPage('/explore/drops');
    const title = page.getByTestId('drop-card-title').first();
    await title.waitFor();
    // Ctrl-click opens a new tab: this page stays where it is.
    const opened = page.context().waitForEvent('page');
    await title.click({ modifiers: ['Control'] });
    const tab = await opened;
    await tab.waitForLoadState('domcontentloaded');
    expect(new URL(tab.url()).pathname).toBe(await title.getAttribute('href'));
    expect(new URL(page.url()).pathname).toBe('/explore/drops');
    // The skip link moves focus to the page, it does not navigate.
    await page.getByText('Skip to content').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.hash === '#main');
    expect(new URL(page.url()).hash).toBe('#main');
    expect(new URL(page.url()).pathname).toBe('/explore/drops');
    await page.context().close();
  });

  it('renders the filter sidebar only where it shows, and the whole page of cards', async () => {
    const phone = await openPage('/explore/drops', PHONE);
    await phone.getByTestId('drop-card-title').first().waitFor();
    expect(await phone.locator('aside input[type="checkbox"]').count()).toBe(0);
    await expect.poll(() => phone.getByTestId('drop-card-title').count()).toBeGreaterThan(6);
    // The filters are a tap away, in the sheet.
    await phone
      .getByRole('button', { name: /filters/i })
      .first()
      .click();
    await phone.getByTestId('filter-sheet').waitFor();
    expect(await phone.getByTestId('filter-sheet').locator('input[type="checkbox"]').count()).toBeGreaterThan(
      0,
    );
    await phone.context().close();

    const desktop = await openPage('/explore/drops');
    await desktop.getByTestId('drop-card-title').first().waitFor();
    expect(await desktop.locator('aside input[type="checkbox"]').count()).toBeGreaterThan(0);
    await desktop.context().close();
  });

  it('loads drop covers as resized WebP, not as vector originals', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const images: { url: string; type: string }[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'image') {
        images.push({ url: response.url(), type: response.headers()['content-type'] ?? '' });
      }
    });
    await page.goto(`${baseUrl}/explore/drops`);
    await page.getByTestId('drop-card-title').first().waitFor();
    await expect
      .poll(() => images.filter((i) => i.url.includes('/api/media/resize')).length)
      .toBeGreaterThan(0);
    const media = images.filter((i) => new URL(i.url).pathname.startsWith('/api/media/'));
    expect(media.length).toBeGreaterThan(0);
    expect(media.filter((i) => i.type.includes('svg'))).toEqual([]);
    await context.close();
  });
});
