// The session in real Chromium: an expired token is refreshed once on load (one refresh for two tabs,
// the refresh token is never sent twice), a refused refresh clears the credentials, and the auth
// modal (opened by a like button) completes when credentials appear while the tab was away.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type ApiUser,
  apiSignUp,
  DESKTOP,
  type KeyValueStore,
  readStoredCredentials,
  storeCredentials,
} from './support/accounts';
import { launchBrowser } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
let user: ApiUser;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await apiSignUp(baseUrl, 'session');
});
afterAll(async () => {
  await browser?.close();
});

describe('auth modal', () => {
  it('opens from a like button, is 496 px wide, ignores outside clicks, and completes on focus once signed in elsewhere', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/explore/nfts`);
    await page.getByTestId('like-button').first().click();
    const modal = page.getByTestId('auth-modal');
    await modal.getByRole('heading', { name: 'Log in' }).waitFor();
    // The dialog scales in; read its width once the opening animation has settled.
    await expect.poll(async () => (await modal.boundingBox())?.width, { timeout: 5_000 }).toBe(496);
    await page.mouse.click(8, 450);
    await page.waitForTimeout(300);
    expect(await modal.isVisible()).toBe(true);

    // Signed in in another tab; back here the modal notices when the tab regains focus and reloads.
    const other = await context.newPage();
    await other.goto(`${baseUrl}/about`);
    await other.evaluate(
      (raw) => {
        (
          globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }
        ).localStorage.setItem('credentials', raw);
      },
      JSON.stringify({ ...user.grant, expiry_date: Date.now() + user.grant.expires_in * 1000 }),
    );
    await page.bringToFront();
    await page.evaluate(() =>
      (globalThis as unknown as { dispatchEvent(e: Event): void }).dispatchEvent(new Event('focus')),
    );
    await page.getByTestId('account-menu-button').waitFor();
    expect(await page.getByTestId('auth-modal').count()).toBe(0);
    await context.close();
  });
});

describe('token refresh (000 §4)', () => {
  it('refreshes an expired token once on load, with one refresh for two tabs, and reloads the profile', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(context, user.grant, Date.now() - 60_000);
    let refreshes = 0;
    const trace: string[] = [];
    const t0 = Date.now();
    context.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/o/token/') refreshes += 1;
    });
    const [first, second] = await Promise.all([context.newPage(), context.newPage()]);
    for (const [tab, page] of [
      ['first', first],
      ['second', second],
    ] as const) {
      const api = (url: string) => {
        const path = new URL(url).pathname;
        return path.startsWith('/api/') && !path.startsWith('/api/media/') ? path : null;
      };
      page.on('request', (r) => {
        if (api(r.url())) trace.push(`${Date.now() - t0} ${tab} ${r.method()} ${api(r.url())}`);
      });
      page.on('response', (r) => {
        if (api(r.url())) trace.push(`${Date.now() - t0} ${tab} ${r.status()} ${api(r.url())}`);
      });
    }
    await Promise.all([first.goto(`${baseUrl}/`), second.goto(`${baseUrl}/explore/drops`)]);
    try {
      await first.getByTestId('account-menu-button').waitFor();
      await second.getByTestId('account-menu-button').waitFor();
    } catch (error) {
      // A failure seen once in CI (the second tab never signed in) did not reproduce: say what happened.
      for (const page of [first, second]) {
        const state = await page.evaluate(() => {
          const g = globalThis as unknown as {
            location: { href: string };
            localStorage: KeyValueStore;
            sessionStorage: KeyValueStore;
          };
          return [
            g.location.href,
            g.localStorage.getItem('credentials'),
            g.sessionStorage.getItem('credentials'),
          ];
        });
        trace.push(`${Date.now() - t0} state ${JSON.stringify(state)}`);
      }
      throw new Error(`${(error as Error).message}\nrequests and storage:\n${trace.join('\n')}`);
    }
    expect(refreshes).toBe(1);

    const stored = await readStoredCredentials(first);
    expect(stored?.access_token).not.toBe(user.grant.access_token);
    expect(stored?.refresh_token).not.toBe(user.grant.refresh_token);
    expect(stored?.expiry_date).toBeGreaterThan(Date.now() + 800_000);
    // The session is alive (a reused refresh token would have ended it): the profile loads in both tabs.
    for (const page of [first, second]) {
      await page.getByTestId('account-menu-button').click();
      expect(await page.getByTestId('account-greeting').textContent()).toBe('Hello Avery Quinn!');
    }
    await context.close();
  });

  it('clears the credentials when the refresh is refused (400)', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(
      context,
      { access_token: 'vat_expired_0000000000', refresh_token: 'vrt_unknown_0000000000', expires_in: 900 },
      Date.now() - 60_000,
    );
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('nav-login').waitFor();
    await expectPoll(async () => (await readStoredCredentials(page)) === null);
    await context.close();
  });
});

async function expectPoll(check: () => Promise<boolean>): Promise<void> {
  await expect.poll(check, { timeout: 5000 }).toBe(true);
}
