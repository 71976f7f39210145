// The storefront editor (issue 16, 001 §2 "Storefront editor", §5, §8): the demo publisher opens it from its
// storefront, sees the 1000-character message for a long bio, saves name and bio, uploads an avatar in
// resumable parts (progress, the warning not to close the browser, a failed part retried from where it
// stopped), sees it on the storefront, and adds and removes a social link.
import { deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readStoredCredentials } from './support/accounts';
import { launchBrowser, waitForExpression } from './support/browser';
import { submitLoginForm } from './support/sign-in';

const baseUrl = inject('baseUrl');
const PUBLISHER = { email: 'publisher@vitrine.test', password: 'vitrine-publishes-1' } as const;
let browser: Browser;
let page: Page;
let original: { name: string; description: string } | null = null;

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
});
afterAll(async () => {
  // Other browser tests read the demo publisher: its name and bio go back (the avatar stays an upload).
  const credentials = page ? await readStoredCredentials(page).catch(() => null) : null;
  if (original && credentials) {
    await fetch(`${baseUrl}/api/publisher/atlas/`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${credentials.access_token}` },
      body: JSON.stringify(original),
    });
  }
  await browser?.close();
});

/** A PNG of noise (incompressible), large enough to be sent in two parts of 4 MiB. */
function noisePng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(body));
    return Buffer.concat([head, body, tail]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let seed = 42;
  for (let i = 0; i < raw.length; i++) {
    if (i % (width * 3 + 1) === 0) continue; // filter byte 0
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = seed >> 16;
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('storefront editor', () => {
  it('edits name and bio, uploads an avatar, adds and removes a social link', async () => {
    await page.goto(`${baseUrl}/login?redirect=${encodeURIComponent('/atlas')}`);
    await submitLoginForm(page, page.locator('body'), PUBLISHER);
    await page.waitForURL((url) => url.pathname === '/atlas', { timeout: 20_000 });
    const storefront = page.getByTestId('storefront-page');
    await storefront.waitFor();
    original = {
      name: ((await storefront.getByRole('heading', { level: 1 }).textContent()) ?? '').trim(),
      description: '',
    };
    await page.getByTestId('storefront-edit-link').click();
    await page.waitForURL((url) => url.pathname === '/publishers/atlas/edit');
    const form = page.getByTestId('storefront-editor-form');
    await form.waitFor();
    original = {
      name: await form.getByLabel('Name').inputValue(),
      description: await form.getByLabel('Bio').inputValue(),
    };

    // 001 §5: a bio over 1000 characters.
    const bio = form.getByLabel('Bio');
    await bio.fill('b'.repeat(1001));
    await bio.blur();
    await form.getByTestId('field-error-description').waitFor();
    expect(await form.getByTestId('field-error-description').textContent()).toBe(
      'Your bio exceeds the 1000 character limit.',
    );
    expect(await form.getByText('1001 / 1000').count()).toBe(1);
    // Save: the field's message says what to fix, and the keyboard goes to it; nothing reads like a failure to retry.
    await page.getByTestId('storefront-save').click();
    await expect
      .poll(() => page.evaluate<string | null>("document.activeElement?.getAttribute('name') ?? null"))
      .toBe('description');
    expect(await page.getByTestId('storefront-save-failed').count()).toBe(0);

    await form.getByLabel('Name').fill('Atlas Editions Studio');
    await bio.fill('Prints and editions from the Atlas studio, now edited in the browser.');
    await page.getByTestId('storefront-save').click();
    await page.getByTestId('storefront-saved').waitFor();
    expect(await page.getByTestId('storefront-saved').textContent()).toContain('Storefront saved');

    // The avatar, in two parts: the second part fails once, Retry continues from where it stopped.
    const png = noisePng(1400, 1100);
    expect(png.length).toBeGreaterThan(4 * 1024 * 1024);
    let failedPart = false;
    await page.route('**/api/publisher/atlas/uploads/*/', async (route) => {
      const range = route.request().headers()['content-range'] ?? '';
      if (route.request().method() === 'PUT' && !range.startsWith('bytes 0-') && !failedPart) {
        failedPart = true;
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });
    let releaseFinish: () => void = () => undefined;
    const finishHeld = new Promise<void>((resolve) => {
      releaseFinish = resolve;
    });
    await page.route('**/api/publisher/atlas/uploads/*/finish/', async (route) => {
      await finishHeld;
      await route.continue();
    });
    const uploader = page.getByTestId('avatar-uploader');
    await uploader.getByTestId('avatar-uploader-input').setInputFiles({
      name: 'atlas-avatar.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await uploader.getByTestId('avatar-uploader-error').waitFor();
    expect(await uploader.getByTestId('avatar-uploader-error').textContent()).toContain(
      'A part of the file failed to upload',
    );
    const stoppedAt = Number(
      await uploader.getByTestId('avatar-uploader-progress').getAttribute('data-percent'),
    );
    expect(stoppedAt).toBeGreaterThan(0);
    expect(stoppedAt).toBeLessThan(100);
    await uploader.getByTestId('avatar-uploader-retry').click();
    // Every byte sent, the finish held: the page still warns not to close the browser.
    await waitForExpression(
      page,
      `document.querySelector('[data-testid="avatar-uploader-progress"]')?.getAttribute('data-percent') === '100'`,
    );
    await uploader.getByTestId('avatar-uploader-warning').waitFor();
    expect(await uploader.getByTestId('avatar-uploader-warning').textContent()).toContain(
      'Do not close the browser while the upload is in progress, or the data will be lost.',
    );
    releaseFinish();
    await uploader.getByText('Uploaded').waitFor();
    expect(await uploader.getByTestId('avatar-uploader-warning').count()).toBe(0);
    await page.unrouteAll();
    await page.getByTestId('storefront-save').click();
    await page.getByTestId('storefront-saved').waitFor();

    // Social links: an http URL is refused; an https one is added, then removed.
    const links = page.getByTestId('social-links-editor');
    await links.getByLabel('Kind').selectOption('X');
    await links.getByLabel('URL').fill('http://x.com/atlas_studio');
    await links.getByTestId('social-link-add').click();
    expect(await links.getByTestId('social-link-error').textContent()).toContain('Enter a valid https URL');
    await links.getByLabel('URL').fill('https://x.com/atlas_studio');
    await links.getByTestId('social-link-add').click();
    const row = links.getByTestId('social-link-row').filter({ hasText: 'https://x.com/atlas_studio' });
    await row.waitFor();

    // The storefront shows every change.
    await page.getByRole('link', { name: 'View your Storefront' }).click();
    await page.waitForURL((url) => url.pathname === '/atlas');
    await storefront.waitFor();
    // Shared storefront answers follow a change within 5 s (decision 004 §7): reload until it shows.
    const reloadUntil = (shown: () => Promise<boolean>) =>
      expect
        .poll(
          async () => {
            if (await shown()) return true;
            await page.reload();
            await storefront.waitFor();
            return false;
          },
          { timeout: 15_000, interval: 1_000 },
        )
        .toBe(true);
    await reloadUntil(async () =>
      ((await storefront.getByRole('heading', { level: 1 }).textContent()) ?? '').includes(
        'Atlas Editions Studio',
      ),
    );
    await storefront.getByText('Prints and editions from the Atlas studio').waitFor();
    await storefront.locator('a[href="https://x.com/atlas_studio"]').waitFor();
    const avatarSrc = await storefront.locator('header img[src*="uploads"]').first().getAttribute('src');
    expect(avatarSrc).toContain('uploads');

    await page.getByTestId('storefront-edit-link').click();
    await row.getByRole('button', { name: 'Remove' }).click();
    await row.waitFor({ state: 'detached' });
    await page.goto(`${baseUrl}/atlas`);
    await storefront.waitFor();
    await reloadUntil(
      async () => (await storefront.locator('a[href="https://x.com/atlas_studio"]').count()) === 0,
    );
  });
});
