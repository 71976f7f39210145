// Signing in inside browser tests, with the demo collector of the seed: through the real login form (the page or
// the auth modal; its optional two-factor prompt skipped), or through the API where the form is not the subject.
import type { Locator, Page } from 'playwright-core';
import { apiSignIn, storeCredentials } from './accounts';
import { waitForExpression } from './browser';

/** Evaluated in the page: the web app stores credentials under 'credentials' (apps/web/src/app/credentials.ts). */
const CREDENTIALS_STORED = "localStorage.getItem('credentials') !== null";

export const COLLECTOR = { email: 'collector@vitrine.test', password: 'vitrine-collects-1' } as const;

/** Fills and submits a login form inside `root` (the /login page or the auth modal). */
export async function submitLoginForm(
  page: Page,
  root: Locator,
  account: { email: string; password: string } = COLLECTOR,
): Promise<void> {
  const form = root.getByTestId('login-form');
  await form.waitFor();
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Log In', exact: true }).click();
  // 000 §4: after sign-in a dialog may offer 'Enable 2FA' or 'Skip'.
  const skip = page.getByTestId('twofa-prompt-dialog').getByRole('button', { name: 'Skip' });
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (await skip.isVisible().catch(() => false)) {
      await skip.click();
      break;
    }
    if (await hasCredentials(page)) break;
    await page.waitForTimeout(100);
  }
  await waitForExpression(page, CREDENTIALS_STORED);
}

export async function hasCredentials(page: Page): Promise<boolean> {
  return page.evaluate<boolean>(CREDENTIALS_STORED).catch(() => false);
}

/**
 * Opens `returnTo` signed in as the demo collector: signed in through the API (the login form's own request) and its
 * credentials stored as the web app stores them, before the page loads. The login form itself is tested where it is
 * the subject (accounts-*.e2e.ts); going through it here cost every such test a page (decision 020, "Later").
 */
export async function signInAsCollector(page: Page, baseUrl: string, returnTo: string): Promise<void> {
  await storeCredentials(page.context(), await apiSignIn(baseUrl, COLLECTOR));
  await page.goto(`${baseUrl}${returnTo}`);
  await waitForExpression(page, CREDENTIALS_STORED);
}

/** The signed-in user's profile URL, read with the stored access token (evaluated in the page). */
export async function signedInProfileUrl(page: Page): Promise<string> {
  return page.evaluate<string>(`(async () => {
    const credentials = JSON.parse(localStorage.getItem('credentials') ?? '{}');
    const res = await fetch('/api/user/profile/', {
      headers: { authorization: 'Bearer ' + credentials.access_token },
    });
    return (await res.json()).profileUrl;
  })()`);
}
