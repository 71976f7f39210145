// Headless Debian Chromium through playwright-core: no browser download, ever.
import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Every page of every context the browser opens reports Content-Security-Policy violations here; the e2e setup file
// (csp-guard.ts) fails the test that caused one (decision 003 "Headers": the pages pass their CSP with no violation).
const cspViolations: string[] = [];
const VIOLATION = '[csp-violation]';

/** The CSP violations seen since the last call, and forgets them (a test that provokes one on purpose reads it). */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

async function watchCsp(context: BrowserContext): Promise<void> {
  await context.addInitScript(`document.addEventListener('securitypolicyviolation', (e) => console.error(
    '${VIOLATION} ' + e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') + ' on ' + e.documentURI +
    (e.sourceFile ? ' at ' + e.sourceFile + ':' + e.lineNumber : '')));`);
  context.on('console', (message) => {
    const text = message.text();
    // Chromium's own report ('Refused to … Content Security Policy …') also covers frame-ancestors and workers.
    if (text.startsWith(VIOLATION) || text.includes('Content Security Policy')) cspViolations.push(text);
  });
  context.on('weberror', (error) => {
    if (error.error().message.includes('Content Security Policy')) cspViolations.push(error.error().message);
  });
}

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install Debian's chromium (apt-get install -y chromium).`,
    );
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watchCsp(context);
    return context;
  };
  return browser;
}

/**
 * This file's Chromium: launched before its first test and closed after its last (`const browser = useBrowser();`
 * at the top of a test file). The answer stands for the browser, which exists only once the tests run.
 */
export function useBrowser(): Browser {
  let current: Browser | undefined;
  beforeAll(async () => {
    current = await launchBrowser();
  });
  afterAll(async () => {
    await current?.close();
  });
  return new Proxy({} as Browser, {
    get(_, key) {
      if (!current)
        throw new Error('the browser is launched before the tests (useBrowser at the top of the file)');
      const value = Reflect.get(current, key, current);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}

/** A new page in a context of its own (`viewport`, 1280×900 by default), opened at `url`. */
export async function openPageAt(
  browser: Browser,
  url: string,
  viewport: { width: number; height: number } = { width: 1280, height: 900 },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

/**
 * Waits until `expression` is truthy in the page. Playwright's page.waitForFunction compiles its predicate with
 * `new Function` inside the page, which the web app's CSP (no 'unsafe-eval') refuses; page.evaluate is not affected.
 */
export async function waitForExpression(page: Page, expression: string, timeout = 20_000): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (await page.evaluate<boolean>(`Boolean(${expression})`).catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${expression}`);
    await page.waitForTimeout(100);
  }
}
