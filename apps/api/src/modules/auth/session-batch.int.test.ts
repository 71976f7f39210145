// The session reads of requests arriving together are one statement (decision 021): each request must still
// be answered for its own token, a revoked or unknown one refused beside valid ones.
import { schema } from '@vitrine/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import { buyer } from '../trading/trading-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

describe('session reads of many requests at once', () => {
  it('answer each request for its own token; revoked and unknown tokens are refused among them', async () => {
    const people = [await buyer(t.app), await buyer(t.app), await buyer(t.app)];
    const revoked = await buyer(t.app);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/revoke-token/',
      payload: { token: revoked.token },
    });
    expect(out.statusCode, out.body).toBe(200);
    const profiles = new Map<number, string>();
    for (const p of [...people, revoked]) {
      const [u] = await t.app.config.database.db
        .select({ profileUrl: schema.users.profileUrl })
        .from(schema.users)
        .where(eq(schema.users.id, p.userId));
      profiles.set(p.userId, u?.profileUrl ?? '');
    }

    const callers = Array.from({ length: 40 }, (_, i) =>
      i % 5 === 3
        ? { kind: 'revoked' as const, headers: revoked.headers }
        : i % 5 === 4
          ? { kind: 'unknown' as const, headers: { authorization: `Bearer vat_${'x'.repeat(40)}${i}` } }
          : { kind: 'valid' as const, who: people[i % 3], headers: people[i % 3]?.headers ?? {} },
    );
    const answers = await Promise.all(
      callers.map((c) => t.app.inject({ url: '/api/user/profile/', headers: c.headers })),
    );
    const valid = callers.filter((c) => c.kind === 'valid');
    expect(valid.length).toBeGreaterThan(0);
    for (const [i, c] of callers.entries()) {
      const a = answers[i];
      if (c.kind === 'valid') {
        expect(a?.statusCode, a?.body).toBe(200);
        expect(a?.json()).toMatchObject({ profileUrl: profiles.get(c.who?.userId ?? 0) });
      } else {
        expect(a?.statusCode, `${c.kind}: ${a?.body}`).toBe(401);
      }
    }
  });
});
