// Collection names are unique (001 §5) even when several publishers claim one at the same moment: one
// wins, the others read 'This name already exists. Please try a different one' (decision 017). Runs on
// PostgreSQL under int-postgres, where the requests truly overlap.
import { schema } from '@vitrine/db';
import { fixtures } from '@vitrine/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import { sessionFor } from '../social/test-session';

let t: TestApp;
const db = () => t.app.config.database.db;

beforeAll(async () => {
  t = await testApp({ seed: false, poolSize: 10 });
});
afterAll(async () => {
  await t.close();
});

describe('collection names under concurrency', () => {
  it('eight publishers naming a collection alike at once: exactly one gets it', async () => {
    const f = fixtures(db(), { now: t.clock.now() });
    const racers = [];
    for (let i = 0; i < 8; i += 1) {
      const user = await f.user({ profileUrl: `racer-${i}` });
      const publisher = await f.publisher({ slug: `racer-pub-${i}` });
      await db().insert(schema.publisherMembers).values({ publisherId: publisher.id, userId: user.id });
      const session = await sessionFor(t.app, user.profileUrl);
      const drop = await t.app.inject({
        method: 'POST',
        url: `/api/publisher/${publisher.slug}/drops`,
        headers: session.headers,
        payload: {},
      });
      expect(drop.statusCode, drop.body).toBe(201);
      racers.push({ session, slug: publisher.slug, dropId: (drop.json() as { id: number }).id });
    }
    const answers = await Promise.all(
      racers.map((r, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/publisher/${r.slug}/drops/${r.dropId}/collections`,
          headers: r.session.headers,
          payload: { name: i % 2 === 0 ? 'Harbour Lights' : 'harbour lights' },
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 400, 400, 400, 400, 400, 400, 400]);
    for (const a of answers.filter((x) => x.statusCode === 400))
      expect(a.json()).toMatchObject({
        fields: { name: 'This name already exists. Please try a different one' },
      });
    const rows = await db().execute(
      sql`select count(*)::int as n from collections where lower(name) = 'harbour lights'`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });

  it('six drops claiming one slug at once: exactly one gets it, the others read a slug error', async () => {
    const f = fixtures(db(), { now: t.clock.now() });
    const user = await f.user({ profileUrl: 'slug-racer' });
    const publisher = await f.publisher({ slug: 'slug-race-pub' });
    await db().insert(schema.publisherMembers).values({ publisherId: publisher.id, userId: user.id });
    const session = await sessionFor(t.app, user.profileUrl);
    const answers = await Promise.all(
      [0, 1, 2, 3, 4, 5].map(() =>
        t.app.inject({
          method: 'POST',
          url: '/api/publisher/slug-race-pub/drops',
          headers: session.headers,
          payload: { slug: 'one-slug' },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400, 400, 400, 400, 400]);
    for (const a of answers.filter((x) => x.statusCode === 400))
      expect(a.json()).toMatchObject({ fields: { slug: 'This slug is already taken' } });
  });
});
