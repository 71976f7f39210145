// Preferences are merged under the user row's lock (a unit of work): changes of different fields sent
// at once all survive, on PostgreSQL where they run side by side as on PGlite where they queue.
import { fixtures } from '@vitrine/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import { sessionFor } from '../social/test-session';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

describe('PATCH /api/user/preferences/', () => {
  it('keeps every field of changes sent at once', async () => {
    const f = fixtures(t.app.config.database.db, { now: t.clock.now() });
    for (let round = 0; round < 5; round++) {
      const user = await f.user();
      const { headers } = await sessionFor(t.app, user.profileUrl);
      const changes = [
        { displayCurrency: 'ETH' },
        { storefrontTabPref: 'Collections' },
        { budget: 5000 + round },
      ];
      const answers = await Promise.all(
        changes.map((payload) =>
          t.app.inject({ method: 'PATCH', url: '/api/user/preferences/', headers, payload }),
        ),
      );
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
      const profile = await t.app.inject({ url: '/api/user/profile/', headers });
      expect(profile.json()).toMatchObject({
        preferences: { displayCurrency: 'ETH', storefrontTabPref: 'Collections', budget: 5000 + round },
      });
    }
  });
});
