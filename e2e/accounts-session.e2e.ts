// The session in real Chromium: an expired token is refreshed once on load (one refresh for two tabs,
// the refresh token is never sent twice), a refused refresh clears the credentials, and the auth
// modal (opened by a like button) completes when credentials appear while the tab was away.
import type { Browser, Page } from 'playwright-core';
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
      // Seen once in CI before decision 025 (the second tab never signed in): say what happened.
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

  // Chromium can hand a Web Lock to a tab that waited for it before that tab's copy of local storage
  // shows what the lock's holder wrote: measured in Debian's Chromium, a tab reading right after the
  // grant saw the old value 86 times in 300 (docs/decisions/025). The second tab here sees the other
  // tab's writes to local storage a second late, so the lag is always there. It must still not send
  // the spent refresh token: its reuse ends the session (decision 003).
  it('a tab that waited for another tab’s refresh uses its tokens, however late its storage shows them', async () => {
    const grant = (await apiSignUp(baseUrl, 'waiter')).grant;
    const context = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(context, grant, Date.now() - 60_000);
    const sent: string[] = [];
    let refreshStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (refreshStarted = resolve));
    // The first refresh is slow, so the second tab is waiting for the lock when it ends.
    await context.route('**/api/o/token/', async (route) => {
      sent.push(new URLSearchParams(route.request().postData() ?? '').get('refresh_token') ?? '');
      refreshStarted();
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await route.continue();
    });
    const first = await context.newPage();
    await first.goto(`${baseUrl}/`);
    await started;
    const second = await context.newPage();
    await second.addInitScript(lagOtherTabsLocalStorage, 1000);
    await second.goto(`${baseUrl}/explore/drops`);
    // The second tab is waiting for the lock the first one holds.
    const pendingLocks = () =>
      second.evaluate(
        async () =>
          (
            await (
              globalThis as unknown as { navigator: { locks: { query(): Promise<{ pending: unknown[] }> } } }
            ).navigator.locks.query()
          ).pending.length,
      );
    await expect.poll(pendingLocks, { timeout: 1500, interval: 50 }).toBe(1);
    await first.getByTestId('account-menu-button').waitFor();
    await second.getByTestId('account-menu-button').waitFor();
    // One refresh, and the session it renewed is alive in both tabs.
    expect(sent).toEqual([grant.refresh_token]);
    for (const page of [first, second]) {
      await page.reload();
      await page.getByTestId('account-menu-button').click();
      expect(await page.getByTestId('account-greeting').textContent()).toBe('Hello Avery Quinn!');
    }
    // The refresh recorded in IndexedDB holds tokens: signing out forgets it with the rest.
    expect(await lastRotation(first)).toMatchObject({ spent: grant.refresh_token });
    await first.getByRole('button', { name: 'Sign Out' }).click();
    await first.getByTestId('nav-login').waitFor();
    await expect.poll(() => lastRotation(first)).toBeUndefined();
    await context.close();
  });

  // A refresh that fails for a moment (a network blip, a server restarting) sets the last-refresh-failed
  // flag (000 §4). The refresh token is still good: the app must try again, not wait for a reload while
  // the access token runs out and then send the user to the login page with their credentials dropped.
  it('tries again after a refresh fails for a moment, and the user stays signed in past the token’s expiry', async () => {
    const grant = (await apiSignUp(baseUrl, 'blip')).grant;
    const context = await browser.newContext({ viewport: DESKTOP });
    // The access token is due for its refresh ahead of expiry 5 s after the page opens.
    const expiry = Date.now() + 70_000;
    await storeCredentials(context, grant, expiry);
    let refreshes = 0;
    await context.route('**/api/o/token/', async (route) => {
      refreshes += 1;
      if (refreshes === 1) await route.abort('internetdisconnected');
      else await route.continue();
    });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`${baseUrl}/dashboard/purchases-sales/sales`);
    await page.getByTestId('account-menu-button').waitFor();
    // The refresh ahead of expiry fails.
    await page.clock.fastForward(6_000);
    await expect.poll(() => refreshes).toBe(1);
    expect(
      await page.evaluate(() =>
        (globalThis as unknown as { sessionStorage: KeyValueStore }).sessionStorage.getItem(
          'lastRefreshFailed',
        ),
      ),
    ).toBe('true');
    // A minute and a half on, past the access token's expiry.
    await page.clock.fastForward(45_000);
    await page.clock.fastForward(45_000);
    await expect.poll(() => refreshes).toBe(2);
    await expect
      .poll(async () => (await readStoredCredentials(page))?.refresh_token)
      .not.toBe(grant.refresh_token);
    // And the refreshes go on as usual: the next one shortly before the new token's expiry (15 min).
    await page.clock.fastForward(60_000);
    await page.clock.fastForward(13 * 60_000 + 5_000);
    await expect.poll(() => refreshes).toBe(3);
    await page.getByRole('link', { name: 'Purchases' }).first().click();
    // The purchases load (an authenticated call): the new collector has none yet.
    await page.getByText("You haven't bought anything yet.", { exact: false }).waitFor();
    expect(new URL(page.url()).pathname).not.toBe('/login');
    const stored = await readStoredCredentials(page);
    expect(stored?.refresh_token).toBeTruthy();
    expect(stored?.refresh_token).not.toBe(grant.refresh_token);
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

/** What the web app recorded of its last token refresh in IndexedDB (`app/last-rotation.ts`). */
function lastRotation(page: Page): Promise<unknown> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const g = globalThis as unknown as { indexedDB: IdbFactoryLike };
        const open = g.indexedDB.open('vitrine', 1);
        open.onerror = () => reject(new Error('IndexedDB did not open'));
        open.onsuccess = () => {
          const request = open.result.transaction('auth', 'readonly').objectStore('auth').get('lastRotation');
          request.onsuccess = () => {
            open.result.close();
            resolve(request.result);
          };
        };
      }),
  );
}

interface IdbRequestLike<T> {
  result: T;
  onsuccess: (() => void) | null;
  onerror: (() => void) | null;
}
interface IdbFactoryLike {
  open(
    name: string,
    version: number,
  ): IdbRequestLike<{
    close(): void;
    transaction(
      store: string,
      mode: 'readonly',
    ): { objectStore(name: string): { get(key: string): IdbRequestLike<unknown> } };
  }>;
}

/**
 * Runs in the page: local storage reads show another tab's writes `lagMs` late (this tab's own writes at
 * once), as Chromium's per-process copy of local storage can. Only reads through `getItem` lag.
 */
function lagOtherTabsLocalStorage(lagMs: number): void {
  const g = globalThis as unknown as {
    localStorage: KeyValueStore;
    Storage: { prototype: KeyValueStore & { removeItem(key: string): void } };
    addEventListener(
      type: 'storage',
      listener: (event: { key: string | null; oldValue: string | null; storageArea: unknown }) => void,
    ): void;
    setTimeout(callback: () => void, ms: number): void;
  };
  const proto = g.Storage.prototype;
  const getItem = proto.getItem;
  const setItem = proto.setItem;
  const removeItem = proto.removeItem;
  const shown = new Map<string, string | null>();
  proto.getItem = function (this: KeyValueStore, key: string) {
    if (this !== g.localStorage || !shown.has(key)) return getItem.call(this, key);
    return shown.get(key) ?? null;
  };
  proto.setItem = function (this: KeyValueStore, key: string, value: string) {
    if (this === g.localStorage) shown.delete(key);
    setItem.call(this, key, value);
  };
  proto.removeItem = function (this: KeyValueStore & { removeItem(key: string): void }, key: string) {
    if (this === g.localStorage) shown.delete(key);
    removeItem.call(this, key);
  };
  g.addEventListener('storage', (event) => {
    if (event.storageArea !== g.localStorage || event.key === null || shown.has(event.key)) return;
    const key = event.key;
    // The store holds the new value already: reads show the one it replaced until the lag is over.
    shown.set(key, event.oldValue);
    g.setTimeout(() => shown.delete(key), lagMs);
  });
}

/**
 * Init script: while `window.__holdIndexedDb` is set, IndexedDB's opens hang (as when another tab's upgrade
 * blocks them) until `window.__failHeldIndexedDb()` lets them fail.
 */
const HOLD_INDEXED_DB = `(() => {
  const open = IDBFactory.prototype.open;
  const held = [];
  window.__holdIndexedDb = false;
  window.__failHeldIndexedDb = () => held.splice(0).forEach((request) => request.onerror && request.onerror());
  IDBFactory.prototype.open = function (...args) {
    if (!window.__holdIndexedDb) return open.apply(this, args);
    const request = {};
    held.push(request);
    return request;
  };
})()`;

describe('sign out', () => {
  // Log In shows as soon as the credentials are gone, while the sign-out still finishes: it forgets the last
  // token rotation in IndexedDB, which can wait up to 2 s (an open blocked by another tab's upgrade). Here
  // IndexedDB's opens hang until the test lets them fail. A visitor who clicked Log In meanwhile stays on
  // the login form: the sign-out's 'go home' is only for a visitor who has not gone elsewhere.
  it('leaves a visitor on the login page they opened while the sign-out finished', async () => {
    const account = await apiSignUp(baseUrl, 'signout-login');
    const context = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(context, account.grant);
    await context.addInitScript(HOLD_INDEXED_DB);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/about`);
    await page.getByTestId('account-menu-button').click();
    await page.evaluate('window.__holdIndexedDb = true');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByTestId('nav-login').click();
    await page.getByTestId('login-form').waitFor();
    // The sign-out finishes now, and the form is still there afterwards.
    await page.evaluate('window.__holdIndexedDb = false; window.__failHeldIndexedDb()');
    await page.waitForTimeout(1_000);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.getByTestId('login-form').isVisible()).toBe(true);
    expect(await readStoredCredentials(page)).toBeNull();
    await context.close();
  });

  // A visitor who leaves the page (a new address, a reload) before the sign-out finished, and signs in again in
  // that tab, is greeted 'Signed in' (001 §2: once per session): the last CI run, where the sign-out was cut off
  // before it forgot the toast of the session it ended, showed none.
  it("greets 'Signed in' again after a sign-out cut off by leaving the page", async () => {
    const account = await apiSignUp(baseUrl, 'signout-leave');
    const context = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(context, account.grant);
    await context.addInitScript(HOLD_INDEXED_DB);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/about`);
    await page.getByTestId('toast').filter({ hasText: 'Signed in' }).waitFor();
    await page.getByTestId('account-menu-button').click();
    await page.evaluate('window.__holdIndexedDb = true');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByTestId('nav-login').waitFor();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.getByTestId('twofa-prompt-dialog').getByRole('button', { name: 'Skip' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Signed in' }).waitFor();
    await context.close();
  });

  // From a page that needs a session, which sends a signed-out visitor to log in, the sign-out still goes home.
  it('goes home from the page it started on, even one that needs a session', async () => {
    const account = await apiSignUp(baseUrl, 'signout-home');
    const context = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(context, account.grant);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/account/settings`);
    await page.getByTestId('account-menu-button').click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    // Home comes as soon as the credentials are gone here, before the server is told (the revoke, up to 3 s), after
    // this tab's refresh and the refresh lock (up to 3 s each): all of that passed 10 s once on a loaded CI machine
    // (2026-12-06), so the revoke is no longer waited for.
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    await page.getByTestId('nav-login').waitFor();
    await context.close();
  });
});
