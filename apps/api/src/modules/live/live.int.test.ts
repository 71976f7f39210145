// Live updates and alerts through real HTTP (issue 15, decision 014): the app listens on a port and
// event streams are read with fetch, as a browser's EventSource would.
import { schema } from '@vitrine/db';
import { fixtures } from '@vitrine/db/testing';
import { topics } from '@vitrine/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import { sessionFor } from '../social/test-session';
import { buyer, dropNifty, fund, listedToken, listingMatchOf, payIntent } from '../trading/trading-helpers';
import { ENDING_SOON_BEFORE_MS } from './alerts.service';
import { connected, openSse, type SseClient } from './testing/sse';

const ADMIN = 'live-test-admin-token-0123456789';
let t: TestApp;
let base: string;
const open: SseClient[] = [];
beforeAll(async () => {
  t = await testApp({
    seed: false,
    config: { adminToken: ADMIN, eventStreams: { maxStreams: 6, heartbeatMs: 200 } },
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const c of open) c.close();
  await t.close();
});

async function stream(query: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const c = await openSse(`${base}/api/v2/events/?${query}`, headers);
  open.push(c);
  return c;
}
const q = (topic: string) => `topic=${encodeURIComponent(topic)}`;

async function tokenFor(headers: { authorization: string }): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v2/events/token/', headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return (res.json() as { token: string }).token;
}

describe('event streams', () => {
  it('a subscriber receives a published event, uncompressed, with id, type and data', async () => {
    const topic = topics.nifty('0xABC', 7);
    const c = await stream(q(topic), { 'accept-encoding': 'br, gzip' });
    expect(c.status).toBe(200);
    expect(c.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(c.headers.get('content-encoding')).toBeNull();
    await connected(c);
    const data = { contractAddress: '0xabc', niftyType: 7, sold: 3, editionSize: 10 };
    await t.app.services.events.publish(topic, { type: 'sold', data });
    const f = await c.next((x) => x.event === 'sold');
    expect(f.id).toMatch(/^\d+$/);
    expect(JSON.parse(f.data ?? '').data).toEqual(data);
    expect(JSON.parse(f.data ?? '').topic).toBe(topic);
    // Heartbeats keep a quiet stream open.
    await c.next((x) => x.comment === 'heartbeat');
    c.close();
  });

  it('a reconnect with Last-Event-ID gets the events it missed, once each', async () => {
    const topic = topics.drop(4242);
    const first = await stream(q(topic));
    await connected(first);
    const bid = (n: number) => ({
      type: 'auction' as const,
      data: {
        contractAddress: '0x1',
        niftyType: 1,
        highestBidInCents: n,
        endsAt: '2026-06-15T13:00:00.000Z',
        bidCount: 1,
      },
    });
    await t.app.services.events.publish(topic, bid(100));
    const seen = await first.next((x) => x.event === 'auction');
    first.close();
    await t.app.services.events.publish(topic, bid(200));
    await t.app.services.events.publish(topic, bid(300));
    const again = await stream(q(topic), { 'last-event-id': seen.id ?? '' });
    await connected(again);
    await again.next((x) => x.data?.includes('"highestBidInCents":300') ?? false);
    const amounts = again.frames
      .filter((x) => x.event === 'auction')
      .map((x) => JSON.parse(x.data ?? '{}').data.highestBidInCents);
    expect(amounts).toEqual([200, 300]);
    again.close();
  });

  it("a user topic needs that user's stream token", async () => {
    const f = fixtures(t.app.config.database.db, {
      now: t.clock.now(),
    });
    const alice = await sessionFor(t.app, (await f.user()).profileUrl);
    const bob = await sessionFor(t.app, (await f.user()).profileUrl);
    const none = await fetch(`${base}/api/v2/events/?${q(topics.user(alice.userId))}`);
    expect(none.status).toBe(401);
    const bobs = await tokenFor(bob.headers);
    const wrong = await fetch(`${base}/api/v2/events/?${q(topics.user(alice.userId))}&stream_token=${bobs}`);
    expect(wrong.status).toBe(403);
    expect(((await wrong.json()) as { errorType: string }).errorType).toBe('forbidden');
    const forged = await fetch(
      `${base}/api/v2/events/?${q(topics.user(alice.userId))}&stream_token=vst_forged`,
    );
    expect(forged.status).toBe(401);
    // Bearer tokens open no stream: only a stream token does.
    const bearer = await fetch(`${base}/api/v2/events/?${q(topics.user(alice.userId))}`, {
      headers: alice.headers,
    });
    expect(bearer.status).toBe(401);

    const c = await stream(`${q(topics.user(alice.userId))}&stream_token=${await tokenFor(alice.headers)}`);
    expect(c.status).toBe(200);
    await connected(c);
    await t.app.services.alerts.send(alice.userId, {
      kind: 'outbid',
      message: 'You have been outbid',
      link: '/x',
    });
    const alert = await c.next((x) => x.event === 'alert');
    expect(JSON.parse(alert.data ?? '').data).toEqual({
      kind: 'outbid',
      message: 'You have been outbid',
      link: '/x',
    });
    // The token expires: it opens no stream after its time.
    t.clock.advance(11 * 60_000);
    const late = await fetch(`${base}/api/v2/events/?${q(topics.user(bob.userId))}&stream_token=${bobs}`);
    expect(late.status).toBe(401);
    c.close();
  });

  it('a bad topic is refused', async () => {
    expect((await fetch(`${base}/api/v2/events/?topic=admin:1`)).status).toBe(400);
    expect((await fetch(`${base}/api/v2/events/`)).status).toBe(400);
  });

  it('a primary purchase publishes the sold count on the nifty topic', async () => {
    const { nifty, collection } = await dropNifty(t.app, {
      priceInCents: 1_000,
      editionSize: 10,
      totalSold: 2,
    });
    const c = await stream(q(topics.nifty(collection.contractAddress, nifty.typeNumber)));
    await connected(c);
    const b = await buyer(t.app);
    await fund(t.app.config.database.db, b.userId, 5_000, t.clock.now());
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/payments/purchase-intents/',
      headers: b.headers,
      payload: {
        contract_address: collection.contractAddress,
        nifty_type: nifty.typeNumber,
        requested_quantity: 2,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json() as { purchaseIntentId: number }).purchaseIntentId;
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/v2/purchase-intent/${id}/pay`,
      headers: b.headers,
      payload: { payment_method: 'balance' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const sold = await c.next((x) => x.event === 'sold');
    expect(JSON.parse(sold.data ?? '').data).toEqual({
      contractAddress: collection.contractAddress,
      niftyType: nifty.typeNumber,
      sold: 4,
      editionSize: 10,
    });
    c.close();
  });

  it("a resale, a listing and its cancel each tell the token's open item pages on its nifty's topic", async () => {
    const { token, listing } = await listedToken(t.app, { priceInCents: 2_000 });
    const [nifty] = await t.app.config.database.db
      .select({ typeNumber: schema.nifties.typeNumber })
      .from(schema.nifties)
      .innerJoin(schema.tokens, eq(schema.tokens.niftyId, schema.nifties.id))
      .where(eq(schema.tokens.id, token.id));
    if (!nifty) throw new Error('no nifty');
    const c = await stream(q(topics.nifty(token.contractAddress, nifty.typeNumber)));
    await connected(c);
    const told = {
      contractAddress: token.contractAddress,
      niftyType: nifty.typeNumber,
      tokenId: token.tokenId,
    };
    const b = await buyer(t.app);
    await fund(t.app.config.database.db, b.userId, 5_000, t.clock.now());
    const match = await listingMatchOf(t.app, b, listing.id);
    const paid = await payIntent(t.app, b, match.listingMatchId, { payment_method: 'balance' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(JSON.parse((await c.next((x) => x.event === 'token')).data ?? '').data).toEqual(told);
    // The new owner lists it, then cancels: each tells again.
    const listed = await t.app.inject({
      method: 'POST',
      url: '/api/v2/listings',
      headers: b.headers,
      payload: {
        contractAddress: token.contractAddress,
        tokenId: token.tokenId,
        price: { amount: '30', currency: 'USD' },
      },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const relisted = (listed.json() as { id: number }).id;
    const tokenFrames = () => c.frames.filter((x) => x.event === 'token').length;
    await c.next((x) => x.event === 'token' && tokenFrames() === 2);
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/v2/listings/${relisted}`,
      headers: b.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBeLessThan(300);
    await c.next((x) => x.event === 'token' && tokenFrames() === 3);
    expect(c.frames.filter((x) => x.event === 'token').map((x) => JSON.parse(x.data ?? '').data)).toEqual([
      told,
      told,
      told,
    ]);
    c.close();
  });

  it('streams are capped per process and let go when the client leaves', async () => {
    for (const c of open) c.close();
    await waitFor(() => t.app.services.live.streams.size === 0);
    const many: SseClient[] = [];
    for (let i = 0; i < 6; i += 1) many.push(await stream(q(topics.drop(i + 1))));
    expect(many.every((c) => c.status === 200)).toBe(true);
    const refused = await fetch(`${base}/api/v2/events/?${q(topics.drop(99))}`);
    expect(refused.status).toBe(503);
    many[0]?.close();
    await waitFor(() => t.app.services.live.streams.size === 5);
    const again = await stream(q(topics.drop(99)));
    expect(again.status).toBe(200);
    for (const c of many) c.close();
    again.close();
    await waitFor(() => t.app.services.live.streams.size === 0);
  });
});

describe('polling fallback', () => {
  it('gives the starting id, then the events after it', async () => {
    const topic = topics.drop(777);
    const start = await t.app.inject({ url: `/api/v2/events/recent/?${q(topic)}` });
    expect(start.statusCode).toBe(200);
    const { last_id, events } = start.json() as { last_id: string; events: unknown[] };
    expect(events).toEqual([]);
    await t.app.services.events.publish(topic, {
      type: 'sold',
      data: { contractAddress: '0x2', niftyType: 2, sold: 1, editionSize: 5 },
    });
    const next = await t.app.inject({ url: `/api/v2/events/recent/?${q(topic)}&after=${last_id}` });
    const body = next.json() as { last_id: string; events: { id: string; type: string; topic: string }[] };
    expect(body.events).toHaveLength(1);
    expect(body.events[0]).toMatchObject({ type: 'sold', topic });
    expect(body.last_id).toBe(body.events[0]?.id);
    const none = await t.app.inject({ url: `/api/v2/events/recent/?${q(topic)}&after=${body.last_id}` });
    expect((none.json() as { events: unknown[] }).events).toEqual([]);
  });

  it("a user topic is polled with that user's bearer token only", async () => {
    const f = fixtures(t.app.config.database.db, {
      now: t.clock.now(),
    });
    const a = await sessionFor(t.app, (await f.user()).profileUrl);
    const b = await sessionFor(t.app, (await f.user()).profileUrl);
    const url = `/api/v2/events/recent/?${q(topics.user(a.userId))}`;
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await t.app.inject({ url, headers: b.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url, headers: a.headers })).statusCode).toBe(200);
  });
});

describe('alerts', () => {
  it('are listed newest first with the unread count, marked read by id or all, each user only their own', async () => {
    const f = fixtures(t.app.config.database.db, {
      now: t.clock.now(),
    });
    const a = await sessionFor(t.app, (await f.user()).profileUrl);
    const b = await sessionFor(t.app, (await f.user()).profileUrl);
    const alerts = t.app.services.alerts;
    const first = await alerts.send(a.userId, {
      kind: 'won',
      message: 'You won Night Bus #1',
      link: '/a',
      key: 'won:1',
    });
    expect(
      await alerts.send(a.userId, { kind: 'won', message: 'again', link: '/a', key: 'won:1' }),
    ).toBeNull();
    await alerts.send(a.userId, { kind: 'lost', message: 'You did not win Day Bus', link: null });
    const theirs = await alerts.send(b.userId, { kind: 'outbid', message: 'Outbid', link: null });

    const list = await t.app.inject({ url: '/api/v2/alerts/', headers: a.headers });
    expect(list.statusCode).toBe(200);
    const body = list.json() as {
      count: number;
      unread_count: number;
      results: { id: number; kind: string; read: boolean }[];
    };
    expect(body.count).toBe(2);
    expect(body.unread_count).toBe(2);
    expect(body.results.map((r) => r.kind)).toEqual(['lost', 'won']);

    const notMine = await t.app.inject({
      method: 'POST',
      url: '/api/v2/alerts/read/',
      headers: a.headers,
      payload: { ids: [theirs?.id] },
    });
    expect(notMine.json()).toEqual({ unread_count: 2 });
    const one = await t.app.inject({
      method: 'POST',
      url: '/api/v2/alerts/read/',
      headers: a.headers,
      payload: { ids: [first?.id] },
    });
    expect(one.json()).toEqual({ unread_count: 1 });
    const all = await t.app.inject({
      method: 'POST',
      url: '/api/v2/alerts/read/',
      headers: a.headers,
      payload: { all: true },
    });
    expect(all.json()).toEqual({ unread_count: 0 });
    const bs = await t.app.inject({ url: '/api/v2/alerts/', headers: b.headers });
    expect((bs.json() as { unread_count: number }).unread_count).toBe(1);
    expect((await t.app.inject({ url: '/api/v2/alerts/' })).statusCode).toBe(401);

    // And by email, through the Notifier.
    await t.app.services.accounts.background.idle();
    const [user] = await t.app.config.database.db
      .select({ email: schema.users.email })
      .from(schema.users)
      .where(eq(schema.users.id, a.userId));
    const mails = await t.app.config.database.db
      .select({
        subject: schema.outboxMessages.subject,
        text: schema.outboxMessages.text,
        link: schema.outboxMessages.link,
      })
      .from(schema.outboxMessages)
      .where(eq(schema.outboxMessages.to, user?.email ?? ''));
    expect(mails.map((m) => m.subject).sort()).toEqual(['You won', 'Your bid did not win']);
    expect(mails.find((m) => m.subject === 'You won')?.link).toMatch(/^https?:\/\/[^/]+\/a$/);
  });

  it('the same keyed alert sent 20 times at once is stored, published and emailed once', async () => {
    const f = fixtures(t.app.config.database.db, { now: t.clock.now() });
    const u = await sessionFor(t.app, (await f.user()).profileUrl);
    const c = await stream(`${q(topics.user(u.userId))}&stream_token=${await tokenFor(u.headers)}`);
    await connected(c);
    const sent = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.services.alerts.send(u.userId, {
          kind: 'won',
          message: 'You won Lot 7',
          link: null,
          key: 'won:lot-7',
        }),
      ),
    );
    expect(sent.filter((a) => a !== null)).toHaveLength(1);
    await c.next((x) => x.event === 'alert');
    await t.app.services.accounts.background.idle();
    await new Promise((r) => setTimeout(r, 200));
    expect(c.frames.filter((x) => x.event === 'alert')).toHaveLength(1);
    const list = await t.app.inject({ url: '/api/v2/alerts/', headers: u.headers });
    expect((list.json() as { count: number }).count).toBe(1);
    const [row] = await t.app.config.database.db
      .select({ email: schema.users.email })
      .from(schema.users)
      .where(eq(schema.users.id, u.userId));
    const mails = await t.app.config.database.db
      .select({ id: schema.outboxMessages.id })
      .from(schema.outboxMessages)
      .where(eq(schema.outboxMessages.to, row?.email ?? ''));
    expect(mails).toHaveLength(1);
    c.close();
  });

  it("drop-live: a job at the drop's start alerts the publisher's followers, once", async () => {
    const f = fixtures(t.app.config.database.db, {
      now: t.clock.now(),
    });
    const publisher = await f.publisher();
    const start = new Date(t.clock.now().getTime() + 30 * 60_000);
    const drop = await f.drop({
      publisherId: publisher.id,
      startAt: start,
      endAt: new Date(start.getTime() + 86_400_000),
    });
    const fan = await sessionFor(t.app, (await f.user()).profileUrl);
    const other = await sessionFor(t.app, (await f.user()).profileUrl);
    const follow = await t.app.inject({
      method: 'POST',
      url: `/api/v2/subscriptions/publishers/${publisher.slug}/follow/`,
      headers: fan.headers,
    });
    expect(follow.statusCode, follow.body).toBe(200);
    await t.app.services.alerts.scheduleDropLive(drop.id, start);
    await t.app.services.jobs.drain();
    const before = await t.app.inject({ url: '/api/v2/alerts/', headers: fan.headers });
    expect((before.json() as { count: number }).count).toBe(0);
    t.clock.set(start);
    await t.app.services.jobs.drain();
    await t.app.services.alerts.scheduleDropLive(drop.id, start);
    await t.app.services.jobs.drain();
    const after = await t.app.inject({ url: '/api/v2/alerts/', headers: fan.headers });
    const results = (after.json() as { results: { kind: string; message: string; link: string }[] }).results;
    expect(results).toHaveLength(1);
    // It leads the follower to the drop's own page (it led into the publisher studio, which a collector
    // cannot use), and names the drop as people read it.
    const [row] = await t.app.config.database.db
      .select({ slug: schema.drops.slug, title: schema.drops.title })
      .from(schema.drops)
      .where(eq(schema.drops.id, drop.id));
    const [pub] = await t.app.config.database.db
      .select({ name: schema.publishers.name })
      .from(schema.publishers)
      .where(eq(schema.publishers.id, publisher.id));
    expect(results[0]).toMatchObject({
      kind: 'drop-live',
      link: `/collections/${row?.slug}`,
      message: `${row?.title} by ${pub?.name} is live`,
    });
    const others = await t.app.inject({ url: '/api/v2/alerts/', headers: other.headers });
    expect((others.json() as { count: number }).count).toBe(0);
  });

  it('ending-soon: a job before the end alerts the users who saved the nifty and the registered watchers', async () => {
    const { nifty, collection } = await dropNifty(t.app, { dropType: 'auction' });
    const f = fixtures(t.app.config.database.db, {
      now: t.clock.now(),
    });
    const saver = await sessionFor(t.app, (await f.user()).profileUrl);
    const bidder = await sessionFor(t.app, (await f.user()).profileUrl);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/v2/users/me/boards/favorites/nifties/save/',
      headers: saver.headers,
      payload: { niftyContractAddress: collection.contractAddress, niftyType: nifty.typeNumber },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    t.app.services.alerts.addWatchers(async (id) => (id === nifty.id ? [bidder.userId] : []));
    const ends = new Date(t.clock.now().getTime() + 3_600_000);
    await t.app.services.alerts.scheduleEndingSoon(nifty.id, ends);
    t.clock.set(new Date(ends.getTime() - ENDING_SOON_BEFORE_MS));
    await t.app.services.jobs.drain();
    for (const s of [saver, bidder]) {
      const res = await t.app.inject({ url: '/api/v2/alerts/', headers: s.headers });
      const results = (res.json() as { results: { kind: string; link: string }[] }).results;
      expect(results.map((r) => r.kind)).toEqual(['ending-soon']);
      // To the auction's bid page (QA 2026-12-07: to a checkout without an intent, which said 'not found').
      expect(results[0]?.link).toBe(
        `/auctionbid/?contractAddress=${collection.contractAddress}&niftyType=${nifty.typeNumber}`,
      );
    }
  });
});

describe('operator alerts', () => {
  it('an operator sends an alert to the user of an email; nobody else may', async () => {
    const f = fixtures(t.app.config.database.db, {
      now: t.clock.now(),
    });
    const u = await f.user();
    const s = await sessionFor(t.app, u.profileUrl);
    const [row] = await t.app.config.database.db
      .select({ email: schema.users.email })
      .from(schema.users)
      .where(eq(schema.users.id, u.id));
    const payload = {
      email: row?.email,
      kind: 'drop-live',
      message: 'Night Market is live',
      link: '/explore/drops',
    };
    const anon = await t.app.inject({ method: 'POST', url: '/api/v2/alerts/send/', payload });
    expect(anon.statusCode).toBe(401);
    const asUser = await t.app.inject({
      method: 'POST',
      url: '/api/v2/alerts/send/',
      payload,
      headers: s.headers,
    });
    expect(asUser.statusCode).toBe(401);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v2/alerts/send/',
      payload,
      headers: { authorization: `Bearer ${ADMIN}` },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const list = await t.app.inject({ url: '/api/v2/alerts/', headers: s.headers });
    expect((list.json() as { results: { message: string }[] }).results.map((r) => r.message)).toEqual([
      'Night Market is live',
    ]);
    const nobody = await t.app.inject({
      method: 'POST',
      url: '/api/v2/alerts/send/',
      payload: { ...payload, email: 'nobody@nowhere.test' },
      headers: { authorization: `Bearer ${ADMIN}` },
    });
    expect(nobody.statusCode).toBe(404);
  });
});

describe('closing', () => {
  it('ends open streams, so the app closes at once', async () => {
    const other = await testApp({ seed: false });
    const url = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const c = await openSse(`${url}/api/v2/events/?${q(topics.drop(1))}`);
    await connected(c);
    const started = Date.now();
    await other.close();
    await c.ended;
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

async function waitFor(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 20));
  }
}
