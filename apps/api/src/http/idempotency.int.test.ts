// Idempotency keys (docs/decisions/007-idempotency-keys.md) through the real app on both stores: on a
// real write route (saving a token, a like) and on a route added here that counts its runs.
import { schema } from '@vitrine/db';
import { fixtures } from '@vitrine/db/testing';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sessionFor, type TestSession } from '../modules/social/test-session';
import { type TestApp, testApp } from '../testing/test-app';
import { IDEMPOTENCY_STALE_CLAIM_MS, IDEMPOTENCY_TTL_MS } from './idempotency';

const SAVE = '/api/v2/users/me/boards/favorites/nifties/save/';
const REMOVE = '/api/v2/users/me/boards/favorites/nifties/remove/';
const COUNTED = '/api/test/counted/';

let t: TestApp;
let alice: TestSession;
let aliceUrl: string;
let bob: TestSession;
let token: { contractAddress: string; tokenId: string };
/** Runs of the counted route's handler, and a gate it waits on when set. */
let runs = 0;
let gate: Promise<void> | null = null;
let entered: () => void = () => {};
let failNext = false;

beforeAll(async () => {
  // Claims renewed every 20 ms (15 s in production), so a test sees renewals within its run.
  t = await testApp({ seed: false, config: { idempotencyHeartbeatMs: 20 } });
  t.app.post(
    COUNTED,
    {
      config: { idempotency: true },
      schema: {
        body: z.object({ amountInCents: z.number().int() }),
        response: { 201: z.object({ run: z.number().int(), amountInCents: z.number().int() }) },
      },
    },
    async (request, reply) => {
      runs += 1;
      const run = runs;
      entered();
      if (gate) await gate;
      if (failNext) {
        failNext = false;
        throw new Error('the store went away');
      }
      return reply
        .code(201)
        .send({ run, amountInCents: (request.body as { amountInCents: number }).amountInCents });
    },
  );
  const f = fixtures(t.app.config.database.db, { now: t.clock.now() });
  const [a, b] = [await f.user(), await f.user()];
  aliceUrl = a.profileUrl;
  alice = await sessionFor(t.app, a.profileUrl);
  bob = await sessionFor(t.app, b.profileUrl);
  const [minted] = await f.tokens();
  if (!minted) throw new Error('no token');
  token = minted;
});
afterAll(async () => {
  await t.close();
});

function post(url: string, session: TestSession | null, payload: object, key?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...(session?.headers ?? {}), ...(key ? { 'idempotency-key': key } : {}) },
  });
}

const like = () => ({ contractAddress: token.contractAddress, tokenId: token.tokenId });

describe('a write route with an Idempotency-Key', () => {
  it('answers a retry with the first answer, byte for byte, without running again', async () => {
    const first = await post(SAVE, alice, like(), 'save-1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ saved: true, likes: { likesAmount: 1, isLiked: true } });
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    // Meanwhile Bob likes it and Alice takes her like back (under another key).
    expect((await post(SAVE, bob, like())).json()).toMatchObject({ likes: { likesAmount: 2 } });
    expect((await post(REMOVE, alice, like(), 'remove-1')).statusCode).toBe(200);

    const retry = await post(SAVE, alice, like(), 'save-1');
    expect(retry.statusCode).toBe(200);
    expect(retry.body).toBe(first.body);
    expect(retry.headers['content-type']).toBe(first.headers['content-type']);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    // The retry did not save again: Alice's like stays removed.
    const again = await post(REMOVE, alice, like());
    expect(again.json()).toEqual({ saved: false, likes: { likesAmount: 1, isLiked: false } });
  });

  it('answers 422 to the same key with another body, and to the same key in another order of fields is the same', async () => {
    const reordered = await post(
      SAVE,
      alice,
      { tokenId: token.tokenId, contractAddress: token.contractAddress },
      'save-1',
    );
    expect(reordered.statusCode).toBe(200);
    expect(reordered.headers['idempotent-replayed']).toBe('true');

    const other = await post(
      SAVE,
      alice,
      { contractAddress: token.contractAddress, tokenId: '999' },
      'save-1',
    );
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      statusCode: 422,
      errorType: 'idempotency-key-reused',
      message: 'This Idempotency-Key was used with another request.',
    });
  });

  it('keeps keys apart by caller and by route', async () => {
    const bobs = await post(SAVE, bob, like(), 'save-1');
    expect(bobs.headers['idempotent-replayed']).toBeUndefined();
    const removal = await post(REMOVE, alice, like(), 'save-1');
    expect(removal.headers['idempotent-replayed']).toBeUndefined();
  });

  it('shows the header and its answers in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json() as {
      paths: Record<string, { post?: { parameters?: { in: string; name: string }[]; responses: object } }>;
    };
    const save = doc.paths[SAVE]?.post;
    expect(save?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'idempotency-key' })]),
    );
    expect(Object.keys(save?.responses ?? {})).toEqual(expect.arrayContaining(['200', '409', '422']));
  });

  it('refuses a malformed key', async () => {
    const res = await post(SAVE, alice, like(), 'x'.repeat(256));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errorType: 'validation-error',
      fields: { 'idempotency-key': expect.any(String) },
    });
  });

  it('does not keep a 401: signed in, the same key runs', async () => {
    const anonymous = await post(SAVE, null, like(), 'who-1');
    expect(anonymous.statusCode).toBe(401);
    const again = await post(SAVE, null, like(), 'who-1');
    expect(again.statusCode).toBe(401);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('one key, requests at once', () => {
  it('runs the handler once when a second request comes while the first runs: 409, then the answer', async () => {
    runs = 0;
    let open: () => void = () => {};
    gate = new Promise((resolve) => {
      open = resolve;
    });
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const first = post(COUNTED, alice, { amountInCents: 500 }, 'pay-1');
    await inside;
    const second = await post(COUNTED, alice, { amountInCents: 500 }, 'pay-1');
    expect(second.statusCode).toBe(409);
    expect(second.headers['retry-after']).toBe('1');
    expect(second.json()).toEqual({
      statusCode: 409,
      errorType: 'idempotency-key-in-use',
      message: 'A request with this Idempotency-Key is still in progress. Retry shortly.',
    });
    open();
    gate = null;
    const done = await first;
    expect(done.statusCode).toBe(201);
    const retry = await post(COUNTED, alice, { amountInCents: 500 }, 'pay-1');
    expect(retry.statusCode).toBe(201);
    expect(retry.body).toBe(done.body);
    expect(runs).toBe(1);
  });

  it('runs the handler once for 10 requests sent together', async () => {
    runs = 0;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(COUNTED, bob, { amountInCents: 700 }, 'pay-burst')),
    );
    expect(runs).toBe(1);
    const ok = answers.filter((a) => a.statusCode === 201);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const a of ok) expect(a.body).toBe(ok[0]?.body);
    for (const a of answers) expect([201, 409]).toContain(a.statusCode);
  });

  it('runs each of 20 requests sent together under keys of their own once, and replays each its own answer', async () => {
    runs = 0;
    const keys = Array.from({ length: 20 }, (_, i) => `own-${i}`);
    const first = await Promise.all(keys.map((k, i) => post(COUNTED, alice, { amountInCents: i }, k)));
    expect(first.map((a) => a.statusCode)).toEqual(keys.map(() => 201));
    expect(runs).toBe(20);
    const again = await Promise.all(keys.map((k, i) => post(COUNTED, alice, { amountInCents: i }, k)));
    expect(runs).toBe(20);
    for (const [i, a] of again.entries()) {
      expect(a.headers['idempotent-replayed']).toBe('true');
      expect(a.body).toBe(first[i]?.body);
      expect(a.json()).toMatchObject({ amountInCents: i });
    }
  });

  it('releases the key after a failure (500), so the retry runs', async () => {
    runs = 0;
    failNext = true;
    const failed = await post(COUNTED, alice, { amountInCents: 900 }, 'pay-2');
    expect(failed.statusCode).toBe(500);
    const retry = await post(COUNTED, alice, { amountInCents: 900 }, 'pay-2');
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual({ run: 2, amountInCents: 900 });
  });
});

describe('a slow request and a stopped one', () => {
  it('keeps the key of a request still running after a minute (a slow card processor): the retry is refused, not run', async () => {
    runs = 0;
    let open: () => void = () => {};
    gate = new Promise((resolve) => {
      open = resolve;
    });
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const first = post(COUNTED, alice, { amountInCents: 300 }, 'slow-1');
    await inside;
    // More than a minute passes while the handler still runs; its claim is renewed meanwhile (every 20 ms here).
    t.clock.advance(IDEMPOTENCY_STALE_CLAIM_MS + 1000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const retry = post(COUNTED, alice, { amountInCents: 300 }, 'slow-1');
    await new Promise((resolve) => setTimeout(resolve, 200));
    open();
    gate = null;
    const refused = await retry;
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ errorType: 'idempotency-key-in-use' });
    const done = await first;
    expect(done.statusCode).toBe(201);
    const replayed = await post(COUNTED, alice, { amountInCents: 300 }, 'slow-1');
    expect(replayed.body).toBe(done.body);
    expect(runs).toBe(1);
  });

  it('lets a retry take over a claim not renewed for a minute (its process stopped)', async () => {
    runs = 0;
    const { db } = t.app.config.database;
    const keys = schema.idempotencyKeys;
    const first = await post(COUNTED, alice, { amountInCents: 400 }, 'stopped-1');
    expect(first.statusCode).toBe(201);
    // What a process that stopped mid-request leaves: a claim with no answer, no longer renewed.
    await db
      .update(keys)
      .set({ statusCode: null, body: null, contentType: null, claimedAt: t.clock.now() })
      .where(eq(keys.key, 'stopped-1'));
    expect((await post(COUNTED, alice, { amountInCents: 400 }, 'stopped-1')).statusCode).toBe(409);
    t.clock.advance(IDEMPOTENCY_STALE_CLAIM_MS + 1000);
    const taken = await post(COUNTED, alice, { amountInCents: 400 }, 'stopped-1');
    expect(taken.statusCode, taken.body).toBe(201);
    expect(taken.json()).toEqual({ run: 2, amountInCents: 400 });
  });
});

describe('expiry', () => {
  it('forgets a key after 24 hours and purges expired ones within a minute', async () => {
    runs = 0;
    const first = await post(COUNTED, alice, { amountInCents: 100 }, 'day-1');
    expect(first.json()).toEqual({ run: 1, amountInCents: 100 });
    await post(COUNTED, alice, { amountInCents: 100 }, 'day-2');

    t.clock.advance(IDEMPOTENCY_TTL_MS - 1000);
    // A new sign-in of the same user (access tokens last an hour): the same caller.
    alice = await sessionFor(t.app, aliceUrl);
    expect((await post(COUNTED, alice, { amountInCents: 100 }, 'day-1')).body).toBe(first.body);

    t.clock.advance(1000);
    const after = await post(COUNTED, alice, { amountInCents: 200 }, 'day-1');
    expect(after.statusCode).toBe(201);
    expect(after.json()).toEqual({ run: 3, amountInCents: 200 });

    // Expired keys are deleted by the first request a minute or more after the last purge.
    t.clock.advance(60_000);
    await post(COUNTED, bob, { amountInCents: 1 }, 'day-3');
    const { db } = t.app.config.database;
    const keys = schema.idempotencyKeys;
    const [left] = await db.select({ n: count() }).from(keys).where(eq(keys.key, 'day-2'));
    expect(left?.n).toBe(0);
  });
});
