// Moving time in a browser test. The web app counts from the server's clock (apps/web/src/lib/server-clock.ts:
// the browser's time plus the offset the API's Date headers give), so moving the browser's clock alone (a
// collector whose computer clock is off) moves no countdown. A test that needs the page at another moment
// (a drop just open, a start seconds away) moves both: the browser's clock, and the Date the API's answers
// carry, as a server whose clock is there would (the browser tests cannot move the real server's).
import type { Page } from 'playwright-core';

// The event stream never ends: fetched here it would never be handed to the page.
const isApiAnswer = (url: URL) => url.pathname.startsWith('/api/') && url.pathname !== '/api/v2/events/';

/**
 * Installs the page's fake clock at `time` (Playwright's page.clock; page.clock.pauseAt / runFor move it on)
 * and makes every API answer's Date header read the page's time when it arrives. Call before page.goto.
 */
export async function pageTimeAt(page: Page, time: number): Promise<void> {
  await page.clock.install({ time });
  await page.route(isApiAnswer, async (route) => {
    try {
      const response = await route.fetch();
      const now = await page.evaluate<number>('Date.now()');
      const headers: Record<string, string> = { ...response.headers(), date: new Date(now).toUTCString() };
      // The body comes decoded: it goes to the page as it is.
      delete headers['content-encoding'];
      delete headers['content-length'];
      await route.fulfill({ response, headers });
    } catch (error) {
      // The page (or its context) closed while an answer was on its way: nobody is left to read it.
      if (!page.isClosed() && !/disposed|closed/i.test(String(error))) throw error;
    }
  });
}
