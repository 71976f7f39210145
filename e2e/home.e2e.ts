// The home page in real Chromium against the built, seeded server.
import { describe, expect, inject, it } from 'vitest';
import { openPageAt, useBrowser } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

const openPage = (path: string, viewport?: { width: number; height: number }) =>
  openPageAt(browser, baseUrl + path, viewport);

describe('home page', () => {
  it('lists the seeded live and upcoming drops with their artwork', async () => {
    const page = await openPage('/');
    const live = page.getByTestId('section-live');
    const upcoming = page.getByTestId('section-upcoming');
    await live.getByTestId('drop-card').first().waitFor();
    await upcoming.getByTestId('drop-card').first().waitFor();
    expect(await live.getByTestId('drop-card').count()).toBeGreaterThanOrEqual(4);
    expect(await upcoming.getByTestId('drop-card').count()).toBeGreaterThanOrEqual(4);

    // A seeded drop's artwork (a drop another test published may come first, with a 1×1 upload for its cover, whose
    // naturalWidth in a 500w srcset shown at 420 px rounds to 0).
    const img = live.locator('img[src*="%2Fseed%2Fcover%2F"]').first();
    await img.scrollIntoViewIfNeeded();
    await expect
      .poll(() => img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    await page.context().close();
  });

  it('shows the navigation with Log In and Sign Up, and the footer links', async () => {
    const page = await openPage('/');
    await page.getByRole('link', { name: 'Log In' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Sign Up' }).count()).toBeGreaterThan(0);
    const footer = page.locator('footer');
    for (const name of ['About', 'Terms of Use', 'Privacy Policy', 'Careers']) {
      expect(await footer.getByRole('link', { name }).count(), name).toBeGreaterThan(0);
    }
    await page.context().close();
  });

  it('keeps the search text in q, 500 ms after typing stops', async () => {
    const page = await openPage('/');
    const box = page.getByRole('searchbox').first();
    await box.fill('Neon');
    await expect.poll(() => new URL(page.url()).searchParams.get('q'), { timeout: 5000 }).toBe('Neon');
    await page.context().close();
  });

  it('remembers the display currency chosen in the dialog', async () => {
    const page = await openPage('/');
    await page.getByRole('button', { name: /USD/ }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText('This currency conversion will be used if an NFT is listed for sale in another currency.')
      .waitFor();
    await dialog.getByLabel('ETH').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('button', { name: /ETH/ }).first().waitFor();
    await page.context().close();
  });

  it('names the document after the page shown, on a first load and after a navigation inside the app', async () => {
    const page = await openPage('/');
    await expect.poll(() => page.title()).toBe('Vitrine · Digital collectibles marketplace');
    await page.locator('footer').getByRole('link', { name: 'Collections' }).click();
    await page.getByTestId('explore-page').waitFor();
    await expect.poll(() => page.title()).toBe('Collections · Explore · Vitrine');
    await page.goBack();
    await expect.poll(() => page.title()).toBe('Vitrine · Digital collectibles marketplace');
    // The title lives in <head> only: no page leaves a <title> in the body (an SVG's own title aside).
    expect(await page.locator('body title:not(svg title)').count()).toBe(0);
    await page.goto(`${baseUrl}/marketplace/nowhere/at/all/here`);
    await expect.poll(() => page.title()).toBe('Page not found · Vitrine');
    await page.context().close();
  });

  it('shows the not-found page for an unknown path', async () => {
    const page = await openPage('/marketplace/nowhere/at/all/here');
    await page
      .getByText(/not found/i)
      .first()
      .waitFor();
    await page.context().close();
  });

  it('hides the navigation in web-view mode and remembers it for the session', async () => {
    const page = await openPage('/?wv=1');
    await page.getByTestId('section-live').waitFor();
    expect(await page.getByRole('link', { name: 'Log In' }).count()).toBe(0);
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('section-live').waitFor();
    expect(await page.getByRole('link', { name: 'Log In' }).count()).toBe(0);
    await page.context().close();
  });

  it('shows the maintenance screen while an operator has switched MAINTENANCE_MODE on', async () => {
    const setFlag = (enabled: boolean) =>
      fetch(`${baseUrl}/api/feature-flag/MAINTENANCE_MODE/`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${inject('adminToken')}`, 'content-type': 'application/json' },
        body: JSON.stringify({ enabled }),
      });
    expect((await setFlag(true)).status).toBe(200);
    try {
      const page = await openPage('/');
      await page.getByText('Scheduled Maintenance In Progress').waitFor();
      expect(await page.getByTestId('section-live').count()).toBe(0);
      await page.context().close();
    } finally {
      await setFlag(false);
    }
    const after = await openPage('/');
    await after.getByTestId('section-live').waitFor();
    await after.context().close();
  });
});
