// Drawings through the real app, on both stores (decision 013): the entry rules (validated profile, an
// unused entry, the window, the balance held), the draw run by the drawings.run job at the close and
// recomputed from the published seed, winners charged (publisher 90 %, platform 10 %) and losers released,
// and a draw run many times at once or failing half way settles once.
import { schema } from '@vitrine/db';
import { fixtures } from '@vitrine/db/testing';
import { drawWinners, type LiveEvent, seedMatchesCommitment, topics } from '@vitrine/domain';
import type { EditionInfo, PackOpening } from '@vitrine/domain/trading-responses';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_RETRY_DELAY_SECONDS } from '../../lib/pg-boss-jobs';
import { type TestApp, testApp } from '../../testing/test-app';
import { SHARED_ANSWER_LAG_MS } from '../catalog/browsing.services';
import { sessionFor, type TestSession } from '../social/test-session';
import { CAPTURE_RETRY_DELAYS_MS, MAX_CAPTURE_ATTEMPTS } from '../trading/card-authorizations';
import { createLedgerRepo } from '../trading/ledger.repo';
import { TEST_CARDS } from '../trading/payment-providers';
import { saleTakenBackMessage } from '../trading/sales-splits';
import {
  buyer,
  cardOffer,
  dropNifty,
  fund,
  ledgerInvariants,
  listedToken,
  listingMatchOf,
  payIntent,
} from '../trading/trading-helpers';
import { type DrawingView, forfeitMessage, notDrawnMessage, runnerUpMessage } from './drawings.service';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ seed: false, poolSize: 12 });
});
afterAll(async () => {
  await t.close();
});

const db = () => t.app.config.database.db;
const DAY = 24 * 60 * 60 * 1000;
const PRICE = 2_500;

type Nifty = Awaited<ReturnType<typeof dropNifty>>['nifty'];

const url = (n: Nifty) => `/api/drawings/${n.contractAddress}/${n.typeNumber}/`;

async function read(n: Nifty, s?: TestSession): Promise<DrawingView> {
  const res = await t.app.inject({ url: url(n), ...(s ? { headers: s.headers } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DrawingView;
}

const enter = (n: Nifty, s: TestSession) =>
  t.app.inject({ method: 'POST', url: `${url(n)}entries/`, headers: s.headers });

async function validated(fundCents = 10_000): Promise<TestSession> {
  const s = await buyer(t.app);
  await db().update(schema.users).set({ verifiedPhone: true }).where(eq(schema.users.id, s.userId));
  if (fundCents > 0) await fund(db(), s.userId, fundCents, t.clock.now());
  return s;
}

/** A tokenised test card of the simulated processor (the browser's step). */
async function cardOf(s: TestSession, number: string = TEST_CARDS.succeeds): Promise<string> {
  const pm = await t.app.inject({
    method: 'POST',
    url: '/api/sim-card-processor/payment_methods',
    headers: s.headers,
    payload: { number, exp_month: 1, exp_year: 2031, cvc: '999' },
  });
  expect(pm.statusCode, pm.body).toBe(200);
  return (pm.json() as { id: string }).id;
}

const enterByCard = async (n: Nifty, s: TestSession, number: string = TEST_CARDS.succeeds) =>
  t.app.inject({
    method: 'POST',
    url: `${url(n)}entries/`,
    headers: s.headers,
    payload: { payment_method: 'stripe_card', payment_token: await cardOf(s, number) },
  });

const chargeOf = (ref: string | null | undefined) =>
  t.app.services.cardProcessor.charges().find((c) => c.id === ref);

const balanceOf = (userId: number) => createLedgerRepo(db()).balanceOf(userId);

interface EntryItem {
  id: number;
  username: string;
  status: 'entered' | 'won' | 'lost' | 'forfeited';
  promoted: boolean;
}
interface EntriesPage {
  count: number;
  page: number;
  page_size: number;
  total_pages: number;
  results: EntryItem[];
}

async function entriesPage(n: Nifty, page: number, pageSize: number): Promise<EntriesPage> {
  const res = await t.app.inject({ url: `${url(n)}entries/?page=${page}&page_size=${pageSize}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as EntriesPage;
}

/** Every entry of the drawing, read page by page from the public entries route (id order). */
async function allEntries(n: Nifty): Promise<EntryItem[]> {
  const all: EntryItem[] = [];
  for (let page = 1; ; page += 1) {
    const p = await entriesPage(n, page, 100);
    all.push(...p.results);
    if (page >= p.total_pages) return all;
  }
}

/** The ids the browser verifies a drawn drawing from. */
async function entryIds(n: Nifty): Promise<number[]> {
  const res = await t.app.inject({ url: `${url(n)}entry-ids/` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { ids: number[] }).ids;
}

const references = async (n: Nifty) => (await entryIds(n)).map((id) => `drawing_entry:${id}`);

async function activeHolds(): Promise<number> {
  return db().$count(schema.ledgerHolds, eq(schema.ledgerHolds.status, 'active'));
}

/** Moves the clock a second past the drop's end (the drawing closes). */
async function pastTheClose(dropId: number): Promise<void> {
  const [d] = await db()
    .select({ endAt: schema.drops.endAt })
    .from(schema.drops)
    .where(eq(schema.drops.id, dropId));
  if (!d?.endAt) throw new Error('the drop has no end');
  t.clock.set(new Date(d.endAt.getTime() + 1000));
}

/** The texts of the emails with this subject a user was sent. */
async function mailTo(userId: number, subject: string): Promise<string[]> {
  const [row] = await db()
    .select({ email: schema.users.email })
    .from(schema.users)
    .where(eq(schema.users.id, userId));
  const rows = await db()
    .select({ text: schema.outboxMessages.text })
    .from(schema.outboxMessages)
    .where(and(eq(schema.outboxMessages.to, row?.email ?? ''), eq(schema.outboxMessages.subject, subject)));
  return rows.map((r) => r.text);
}

/** The "Your drawing was drawn" emails a user was sent (the proceeds of a drawing, once drawn). */
async function drawnMail(userId: number) {
  const [row] = await db()
    .select({ email: schema.users.email })
    .from(schema.users)
    .where(eq(schema.users.id, userId));
  return db()
    .select({ text: schema.outboxMessages.text, link: schema.outboxMessages.link })
    .from(schema.outboxMessages)
    .where(
      and(
        eq(schema.outboxMessages.to, row?.email ?? ''),
        eq(schema.outboxMessages.subject, 'Your drawing was drawn'),
      ),
    );
}

describe('drawings', () => {
  it('enter: a validated profile, an unused entry, the window open, the price held', async () => {
    const { nifty } = await dropNifty(t.app, { dropType: 'drawing', editionSize: 2, priceInCents: PRICE });
    const before = await read(nifty);
    expect(before.status).toBe('open');
    expect(before.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(before.seed).toBeNull();
    expect(before.saleDetails).toEqual({
      price: PRICE,
      userEntriesUnused: 0,
      userEntriesUsed: 0,
      totalEntries: 0,
    });

    const anonymous = await t.app.inject({ method: 'POST', url: `${url(nifty)}entries/` });
    expect(anonymous.statusCode).toBe(401);

    const notValidated = await buyer(t.app);
    const refused = await enter(nifty, notValidated);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({
      errorType: 'validation-required',
      message: 'Validated account required',
    });

    const poor = await validated(PRICE - 1);
    const low = await enter(nifty, poor);
    expect(low.statusCode, low.body).toBe(402);
    expect((await read(nifty, poor)).saleDetails).toMatchObject({ userEntriesUnused: 1, totalEntries: 0 });

    const holdsBefore = await activeHolds();
    const s = await validated();
    const first = await enter(nifty, s);
    expect(first.statusCode, first.body).toBe(201);
    expect((first.json() as DrawingView).saleDetails).toEqual({
      price: PRICE,
      userEntriesUnused: 0,
      userEntriesUsed: 1,
      totalEntries: 1,
    });
    expect(await activeHolds()).toBe(holdsBefore + 1);
    expect(await balanceOf(s.userId)).toBe(10_000);

    const again = await enter(nifty, s);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ errorType: 'no-unused-entries' });

    // Two entries of one user at once: one is taken.
    const racer = await validated();
    const both = await Promise.all([enter(nifty, racer), enter(nifty, racer)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await read(nifty)).saleDetails.totalEntries).toBe(2);
  });

  it('refuses entries before the window and after the close (server clock)', async () => {
    const { nifty, drop } = await dropNifty(t.app, { dropType: 'pack_drawing', priceInCents: 0 });
    const s = await validated(0);
    const now = t.clock.now().getTime();
    await db()
      .update(schema.drops)
      .set({ startAt: new Date(now + DAY), endAt: new Date(now + 2 * DAY) })
      .where(eq(schema.drops.id, drop.id));
    expect((await read(nifty)).status).toBe('upcoming');
    expect((await enter(nifty, s)).json()).toMatchObject({ errorType: 'drop-not-live' });
    await db()
      .update(schema.drops)
      .set({ startAt: new Date(now - 2 * DAY), endAt: new Date(now) })
      .where(eq(schema.drops.id, drop.id));
    const late = await enter(nifty, s);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ errorType: 'drop-not-live' });
  });

  it('says how many editions it gives out: the edition size less those reserved (20 with 3 reserved draw 17)', async () => {
    const { nifty } = await dropNifty(t.app, {
      dropType: 'drawing',
      editionSize: 20,
      priceInCents: PRICE,
      values: { totalReserved: 3 },
    });
    const view = await read(nifty);
    expect(view).toMatchObject({ editionSize: 20, editionsToDraw: 17, editionsDrawn: null });
  });

  it('is drawn by the job at the close: winners recomputed from the seed, charged; losers released', async () => {
    const { nifty, owner, drop } = await dropNifty(t.app, {
      dropType: 'drawing',
      editionSize: 3,
      priceInCents: PRICE,
    });
    const entrants = await Promise.all(Array.from({ length: 7 }, () => validated()));
    for (const s of entrants) expect((await enter(nifty, s)).statusCode).toBe(201);
    const alerts = new Map<number, LiveEvent[]>();
    const unsubscribe = entrants.map((s) =>
      t.app.services.events.subscribe(topics.user(s.userId), (e) =>
        alerts.set(s.userId, [...(alerts.get(s.userId) ?? []), e]),
      ),
    );
    const publisherBefore = await balanceOf(owner.id);

    // Before the close the job does nothing.
    await t.app.services.jobs.drain();
    expect((await read(nifty)).status).toBe('open');
    await pastTheClose(drop.id);
    expect((await read(nifty)).status).toBe('closed');
    const drained = await t.app.services.jobs.drain();
    expect(drained.ran).toBeGreaterThanOrEqual(1);
    expect(drained.failed).toBe(0);

    const view = await read(nifty);
    expect(view.status).toBe('drawn');
    expect(view.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(seedMatchesCommitment(view.seed as string, view.commitment)).toBe(true);
    expect(view.editionsDrawn).toBe(3);
    expect(view.saleDetails.totalEntries).toBe(7);
    const listed = await allEntries(nifty);
    expect(listed).toHaveLength(7);
    // Anyone recomputes the winners from what the page publishes.
    const recomputed = drawWinners(view.seed as string, await entryIds(nifty), view.editionsDrawn as number);
    expect([...recomputed].sort((a, b) => a - b)).toEqual(view.winners);
    expect(view.winners).toHaveLength(3);

    const byEntry = new Map(listed.map((e) => [e.id, e]));
    const rows = await db()
      .select()
      .from(schema.drawingEntries)
      .where(inArray(schema.drawingEntries.id, [...byEntry.keys()]));
    const winnersUsers = rows.filter((r) => view.winners.includes(r.id)).map((r) => r.userId);
    const loserUsers = rows.filter((r) => byEntry.get(r.id)?.status === 'lost').map((r) => r.userId);
    expect(winnersUsers).toHaveLength(3);
    expect(loserUsers).toHaveLength(4);
    for (const u of winnersUsers) expect(await balanceOf(u)).toBe(10_000 - PRICE);
    for (const u of loserUsers) expect(await balanceOf(u)).toBe(10_000);
    expect(await balanceOf(owner.id)).toBe(publisherBefore + 3 * (PRICE - PRICE / 10));
    // A winner's Transactions name the work, not its contract address (QA 2026-12-07).
    const moved = await db()
      .select({ description: schema.ledgerTransactions.description })
      .from(schema.ledgerTransactions)
      .where(inArray(schema.ledgerTransactions.reference, await references(nifty)));
    expect(moved.length).toBeGreaterThan(0);
    expect(moved.map((m) => m.description)).toEqual(moved.map(() => `Drawing won: ${view.name}`));
    const holds = await db()
      .select({ status: schema.ledgerHolds.status, n: sql<number>`count(*)::int` })
      .from(schema.ledgerHolds)
      .where(inArray(schema.ledgerHolds.reference, await references(nifty)))
      .groupBy(schema.ledgerHolds.status);
    expect(Object.fromEntries(holds.map((h) => [h.status, Number(h.n)]))).toEqual({
      captured: 3,
      released: 4,
    });
    const owned = await db()
      .select({ ownerId: schema.tokens.ownerId })
      .from(schema.tokens)
      .where(eq(schema.tokens.niftyId, nifty.id));
    expect(owned.map((o) => o.ownerId).sort()).toEqual([...winnersUsers].sort());
    const [n] = await db().select().from(schema.nifties).where(eq(schema.nifties.id, nifty.id));
    expect(n?.totalSold).toBe(3);

    // Alerts are stored, published and emailed after the commit (alerts service, decision 014).
    await t.app.services.accounts.background.idle();
    for (const s of entrants) {
      const kinds = (alerts.get(s.userId) ?? []).filter(
        (e) => e.type === 'alert' && e.data.kind === 'drawing-result',
      );
      expect(kinds).toHaveLength(1);
    }
    // Kept for each entrant's bell.
    const kept = await db()
      .select({ userId: schema.alerts.userId, kind: schema.alerts.kind })
      .from(schema.alerts)
      .where(
        inArray(
          schema.alerts.userId,
          entrants.map((s) => s.userId),
        ),
      );
    expect(kept).toHaveLength(entrants.length);
    expect(kept.every((a) => a.kind === 'drawing-result')).toBe(true);
    // The publisher is told what the drawing brought them, as credited, once (it told nobody).
    const publisherMail = () => drawnMail(owner.id);
    const told = await publisherMail();
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain(
      // 3 × $25.00, less the platform's 10 %: $67.50.
      'was drawn: 3 editions went to collectors for $75.00. Your proceeds: $67.50.',
    );
    for (const u of unsubscribe) u();
    expect(await ledgerInvariants(db())).toEqual({
      unbalancedTransactions: 0,
      holdsBeyondBalance: 0,
      negativeBalances: 0,
      sumOfAllEntries: 0,
    });

    // A second drain or run changes nothing.
    expect((await t.app.services.jobs.drain()).ran).toBe(0);
    expect(
      await t.app.services.drawings.run(
        await t.app.services.drawings.idOf(nifty.contractAddress, nifty.typeNumber),
      ),
    ).toBe('already');
    await t.app.services.accounts.background.idle();
    expect(await publisherMail()).toHaveLength(1);
  });

  // A primary split divides a drawing's proceeds: once drawn, the publisher and each other payee are told their
  // share as the ledger credited it (the publisher alone was tested before; the payees' emails had no test).
  it('with a split, tells the publisher and each payee their share of what the drawing brought, once', async () => {
    const { nifty, owner, drop } = await dropNifty(t.app, {
      dropType: 'drawing',
      editionSize: 2,
      priceInCents: PRICE,
    });
    const payee = await buyer(t.app);
    await db()
      .insert(schema.salesSplits)
      .values([
        { niftyId: nifty.id, kind: 'primary', userId: owner.id, percentage: '60', position: 0 },
        { niftyId: nifty.id, kind: 'primary', userId: payee.userId, percentage: '40', position: 1 },
      ]);
    const payeeBefore = await balanceOf(payee.userId);
    const entrants = await Promise.all(Array.from({ length: 3 }, () => validated()));
    for (const s of entrants) expect((await enter(nifty, s)).statusCode).toBe(201);
    await pastTheClose(drop.id);
    expect((await t.app.services.jobs.drain()).failed).toBe(0);
    expect((await read(nifty)).status).toBe('drawn');
    await t.app.services.accounts.background.idle();

    // 2 × $25.00 = $50.00, less the platform's 10 %: $45.00, divided 60/40 ($27.00 and $18.00).
    const toPublisher = await drawnMail(owner.id);
    const toPayee = await drawnMail(payee.userId);
    expect(toPublisher.map((m) => m.text.split('\n\n')[0])).toEqual([
      expect.stringContaining(
        'was drawn: 2 editions went to collectors for $50.00. Your share of its proceeds, by its split: $27.00.',
      ),
    ]);
    expect(toPayee.map((m) => m.text.split('\n\n')[0])).toEqual([
      expect.stringContaining(
        'was drawn: 2 editions went to collectors for $50.00. Your share of its proceeds, by its split: $18.00.',
      ),
    ]);
    expect(toPayee[0]?.link).toMatch(/\/dashboard\/transactions$/);
    // What the email says is what the ledger credited.
    expect((await balanceOf(payee.userId)) - payeeBefore).toBe(1_800);

    // A second run tells nobody again.
    expect(
      await t.app.services.drawings.run(
        await t.app.services.drawings.idOf(nifty.contractAddress, nifty.typeNumber),
      ),
    ).toBe('already');
    await t.app.services.accounts.background.idle();
    expect(await drawnMail(payee.userId)).toHaveLength(1);
    expect(await drawnMail(owner.id)).toHaveLength(1);
  });

  it('run many times at once, and failing half way then retried, settles once', async () => {
    t.clock.set(new Date('2026-06-15T12:00:00.000Z'));
    const { nifty } = await dropNifty(t.app, { dropType: 'drawing', editionSize: 2, priceInCents: PRICE });
    const entrants = await Promise.all(Array.from({ length: 5 }, () => validated()));
    for (const s of entrants) expect((await enter(nifty, s)).statusCode).toBe(201);
    const id = await t.app.services.drawings.idOf(nifty.contractAddress, nifty.typeNumber);

    // The store fails the run half way (after the tokens and the ledger, at the entries' update): all of
    // it rolls back, the job is retried after its delay.
    await db().execute(sql`CREATE TABLE drawing_fault (on_ boolean NOT NULL)`);
    await db().execute(sql`INSERT INTO drawing_fault VALUES (true)`);
    await db().execute(
      sql.raw(`CREATE FUNCTION drawing_fault_fn() RETURNS trigger AS $$
      BEGIN IF (SELECT on_ FROM drawing_fault LIMIT 1) THEN RAISE EXCEPTION 'killed half way'; END IF; RETURN NEW; END
      $$ LANGUAGE plpgsql`),
    );
    await db().execute(
      sql`CREATE TRIGGER drawing_fault_trg BEFORE UPDATE ON drawing_entries FOR EACH ROW EXECUTE FUNCTION drawing_fault_fn()`,
    );
    t.clock.advance(2 * DAY);
    const failed = await t.app.services.jobs.drain();
    expect(failed.failed).toBe(1);
    expect((await read(nifty)).status).toBe('closed');
    expect(await db().$count(schema.tokens, eq(schema.tokens.niftyId, nifty.id))).toBe(0);
    for (const s of entrants) expect(await balanceOf(s.userId)).toBe(10_000);

    await db().execute(sql`UPDATE drawing_fault SET on_ = false`);
    t.clock.advance(JOB_RETRY_DELAY_SECONDS * 1000);
    // The job's retry and eight direct runs at once: one draws.
    const results = await Promise.all([
      t.app.services.jobs.drain().then(() => 'job'),
      ...Array.from({ length: 8 }, () => t.app.services.drawings.run(id)),
    ]);
    const view = await read(nifty);
    expect(view.status).toBe('drawn');
    expect(results.filter((r) => r === 'drawn').length).toBeLessThanOrEqual(1);
    expect(view.winners).toHaveLength(2);
    expect(await db().$count(schema.tokens, eq(schema.tokens.niftyId, nifty.id))).toBe(2);
    const charged = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.ledgerTransactions)
      .where(
        and(
          inArray(schema.ledgerTransactions.reference, await references(nifty)),
          eq(schema.ledgerTransactions.kind, 'purchase'),
        ),
      );
    expect(Number(charged[0]?.n)).toBe(2);
    const spent = await Promise.all(entrants.map((s) => balanceOf(s.userId)));
    expect(spent.filter((b) => b === 10_000 - PRICE)).toHaveLength(2);
    expect(spent.filter((b) => b === 10_000)).toHaveLength(3);
    const recomputed = drawWinners(view.seed as string, await entryIds(nifty), view.editionsDrawn as number);
    expect([...recomputed].sort((a, b) => a - b)).toEqual(view.winners);
    expect((await ledgerInvariants(db())).unbalancedTransactions).toBe(0);
  });

  it('entries by card: authorised at entry, captured for winners and voided for losers, once', async () => {
    const { nifty, owner } = await dropNifty(t.app, {
      dropType: 'drawing',
      editionSize: 2,
      priceInCents: PRICE,
    });
    const publisherBefore = await balanceOf(owner.id);
    // A declined card enters nothing; a card needing a second step enters nothing until it is taken (202).
    const refusedUser = await validated(0);
    const declined = await enterByCard(nifty, refusedUser, TEST_CARDS.declines);
    expect(declined.statusCode, declined.body).toBe(402);
    expect(declined.json()).toMatchObject({ errorType: 'card_declined' });
    const action = await enterByCard(nifty, refusedUser, TEST_CARDS.requiresAction);
    expect(action.statusCode, action.body).toBe(202);
    expect(action.json()).toMatchObject({ requiresAction: { nextAction: { type: 'sim_three_d_secure' } } });
    expect((await read(nifty)).saleDetails.totalEntries).toBe(0);

    // Five entrants without any balance enter by card; one enters by balance.
    const byCard = await Promise.all(Array.from({ length: 5 }, () => validated(0)));
    for (const s of byCard) {
      const res = await enterByCard(nifty, s);
      expect(res.statusCode, res.body).toBe(201);
    }
    const byBalance = await validated();
    expect((await enter(nifty, byBalance)).statusCode).toBe(201);
    // A second entry by card is refused before any card is authorised.
    const chargesBefore = t.app.services.cardProcessor.charges().length;
    const again = await enterByCard(nifty, byCard[0] as TestSession);
    expect(again.statusCode, again.body).toBe(409);
    expect(t.app.services.cardProcessor.charges().length).toBe(chargesBefore + 0);

    const rowsOf = () =>
      db()
        .select()
        .from(schema.drawingEntries)
        .where(
          inArray(
            schema.drawingEntries.userId,
            [...byCard, byBalance].map((s) => s.userId),
          ),
        );
    const entered = await rowsOf();
    expect(entered).toHaveLength(6);
    const cardRows = entered.filter((r) => r.paymentMethod === 'stripe_card');
    expect(cardRows).toHaveLength(5);
    for (const r of cardRows) {
      expect(chargeOf(r.providerReference)).toMatchObject({ status: 'authorized', amountCents: PRICE });
    }

    // The draw (eight runs at once, as the job and its retries might): one draws, each card settles once.
    const id = await t.app.services.drawings.idOf(nifty.contractAddress, nifty.typeNumber);
    t.clock.advance(2 * DAY);
    await Promise.all(Array.from({ length: 8 }, () => t.app.services.drawings.run(id)));
    const view = await read(nifty);
    expect(view.status).toBe('drawn');
    expect(view.winners).toHaveLength(2);
    const settled = await rowsOf();
    const cardSettled = settled.filter((r) => r.paymentMethod === 'stripe_card');
    const won = cardSettled.filter((r) => r.status === 'won');
    const lost = cardSettled.filter((r) => r.status === 'lost');
    expect(won.length + lost.length).toBe(5);
    for (const r of won) expect(chargeOf(r.providerReference)?.status).toBe('captured');
    for (const r of lost) expect(chargeOf(r.providerReference)?.status).toBe('voided');
    expect(cardSettled.every((r) => r.cardSettledAt !== null)).toBe(true);
    // A card winner's purchase history names the card that paid (brand and last four), as Buy Now's does.
    // Two winners of six entrants, one by balance: at least one card winner.
    const cardWinner = byCard.find((s) => won.some((r) => r.userId === s.userId));
    if (!cardWinner) throw new Error('no card entrant won');
    // Signed in again: two days on, the entry's session has expired.
    const [winnerRow] = await db().select().from(schema.users).where(eq(schema.users.id, cardWinner.userId));
    const session = await sessionFor(t.app, winnerRow?.profileUrl ?? '');
    const history = await t.app.inject({
      url: '/api/v2/purchase-intent/historical',
      headers: session.headers,
    });
    expect(history.statusCode, history.body).toBe(200);
    expect((history.json() as { results: { saleType: string; paymentCard: unknown }[] }).results).toEqual([
      expect.objectContaining({ saleType: 'drawing', paymentCard: { brand: 'Visa', last4: '4242' } }),
    ]);
    // No balance was touched for card entrants; the publisher got 90 % of each winner.
    for (const s of byCard) expect(await balanceOf(s.userId)).toBe(0);
    const balanceRow = settled.find((r) => r.userId === byBalance.userId);
    expect(await balanceOf(byBalance.userId)).toBe(balanceRow?.status === 'won' ? 10_000 - PRICE : 10_000);
    expect(await balanceOf(owner.id)).toBe(publisherBefore + 2 * (PRICE - PRICE / 10));
    const charged = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.ledgerTransactions)
      .where(
        and(
          inArray(schema.ledgerTransactions.reference, await references(nifty)),
          eq(schema.ledgerTransactions.kind, 'purchase'),
        ),
      );
    expect(Number(charged[0]?.n)).toBe(2);
    expect(await ledgerInvariants(db())).toEqual({
      unbalancedTransactions: 0,
      holdsBeyondBalance: 0,
      negativeBalances: 0,
      sumOfAllEntries: 0,
    });
    // Another run changes nothing.
    expect(await t.app.services.drawings.run(id)).toBe('already');
    expect((await rowsOf()).map((r) => r.cardSettledAt?.getTime())).toEqual(
      settled.map((r) => r.cardSettledAt?.getTime()),
    );
    // Each winner gets one receipt once charged, naming the edition, the price and what paid; losers none (QA
    // 2026-12-07: a winner was charged and sent no receipt).
    await t.app.services.accounts.background.idle();
    const tokensWon = await db()
      .select({ userId: schema.drawingEntries.userId, edition: schema.tokens.editionNumber })
      .from(schema.drawingEntries)
      .innerJoin(schema.tokens, eq(schema.tokens.id, schema.drawingEntries.tokenRowId))
      .where(
        inArray(
          schema.drawingEntries.userId,
          [...byCard, byBalance].map((s) => s.userId),
        ),
      );
    expect(tokensWon).toHaveLength(2);
    for (const r of settled) {
      const receipts = await mailTo(r.userId, 'Your purchase receipt');
      if (r.status !== 'won') {
        expect(receipts).toEqual([]);
        continue;
      }
      const edition = tokensWon.find((w) => w.userId === r.userId)?.edition;
      const paid =
        r.paymentMethod === 'stripe_card' ? 'Paid with Visa •••• 4242.' : 'Paid from your balance.';
      expect(receipts.map((text) => text.split('\n\n')[0])).toEqual([
        `You won the drawing for ${view.name}: edition #${edition} is yours, for $25.00. ${paid} Drawing entry #${r.id}.`,
      ]);
    }
  });

  it('an entry sent again with its Idempotency-Key (its answer lost) answers the first, with one card authorisation', async () => {
    const { nifty } = await dropNifty(t.app, { dropType: 'drawing', editionSize: 2, priceInCents: PRICE });
    const s = await validated(0);
    const token = await cardOf(s);
    const send = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: `${url(nifty)}entries/`,
        headers: { ...s.headers, 'idempotency-key': key },
        payload: { payment_method: 'stripe_card', payment_token: token },
      });
    const chargesBefore = t.app.services.cardProcessor.charges().length;
    const first = await send('enter-once');
    expect(first.statusCode, first.body).toBe(201);
    const again = await send('enter-once');
    // The same answer, not 'You have no unused entries for this drawing'.
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(t.app.services.cardProcessor.charges().length).toBe(chargesBefore + 1);
    // The authorisation is named by the request, so a retry that reaches the processor finds it.
    const [entry] = await db()
      .select()
      .from(schema.drawingEntries)
      .where(eq(schema.drawingEntries.userId, s.userId));
    expect(chargeOf(entry?.providerReference)?.reference).toMatch(
      new RegExp(`^drawing_entry:${s.userId}:[0-9a-f]{32}$`),
    );
  });

  it('pack_drawing: winners get sealed packs, which they open (enter, draw, win, open)', async () => {
    const { nifty, collection, drop } = await dropNifty(t.app, {
      dropType: 'pack_drawing',
      editionSize: 2,
      priceInCents: PRICE,
      values: { niftyType: 'pack', packSize: 2 },
    });
    const f = fixtures(db(), { now: t.clock.now() });
    const items = [];
    for (const i of [0, 1, 2]) {
      const item = await f.nifty({
        collectionId: collection.id,
        editionSize: 2,
        saleType: 'not_for_sale',
        title: `Pack item ${i}`,
      });
      items.push(item);
      await db()
        .insert(schema.editionPools)
        .values({
          niftyId: nifty.id,
          contentNiftyId: item.id,
          name: `Pack item ${i}`,
          total: 2,
          remaining: 2,
        });
    }
    const entrants = await Promise.all(Array.from({ length: 3 }, () => validated()));
    expect((await enter(nifty, entrants[0] as TestSession)).statusCode).toBe(201);
    expect((await enterByCard(nifty, entrants[1] as TestSession)).statusCode).toBe(201);
    expect((await enter(nifty, entrants[2] as TestSession)).statusCode).toBe(201);

    await pastTheClose(drop.id);
    const drained = await t.app.services.jobs.drain();
    expect(drained.failed).toBe(0);
    const view = await read(nifty);
    expect(view.status).toBe('drawn');
    expect(view.winners).toHaveLength(2);

    const packs = await db()
      .select({ tokenId: schema.tokens.tokenId, ownerId: schema.tokens.ownerId })
      .from(schema.tokens)
      .where(eq(schema.tokens.niftyId, nifty.id));
    expect(packs).toHaveLength(2);
    const itemIds = items.map((i) => i.id);
    for (const pack of packs) {
      if (!entrants.some((s) => s.userId === pack.ownerId))
        throw new Error('a pack went to someone who did not enter');
      // A new session: the entry's access token expired while the clock moved to the close.
      const [u] = await db()
        .select({ profileUrl: schema.users.profileUrl })
        .from(schema.users)
        .where(eq(schema.users.id, pack.ownerId as number));
      const owner = await sessionFor(t.app, u?.profileUrl as string);
      const edition = `/api/v2/editions/${nifty.contractAddress}/${pack.tokenId}`;
      const sealed = await t.app.inject({ url: edition, headers: owner.headers });
      expect(sealed.json()).toMatchObject({
        kind: 'pack',
        isOwner: true,
        opened: false,
        packSize: 2,
        contents: [],
      });
      const opened = await t.app.inject({ method: 'POST', url: `${edition}/open`, headers: owner.headers });
      expect(opened.statusCode, opened.body).toBe(200);
      expect((opened.json() as PackOpening).contents).toHaveLength(2);
      const got = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(schema.tokens)
        .where(and(eq(schema.tokens.ownerId, owner.userId), inArray(schema.tokens.niftyId, itemIds)));
      expect(Number(got[0]?.n)).toBe(2);
      const after = await t.app.inject({ url: edition, headers: owner.headers });
      expect((after.json() as EditionInfo).contents).toHaveLength(2);
      const twice = await t.app.inject({ method: 'POST', url: `${edition}/open`, headers: owner.headers });
      expect(twice.json()).toMatchObject({ errorType: 'pack-opened' });
    }
    const loser = entrants.find((s) => !packs.some((p) => p.ownerId === s.userId));
    if (!loser) throw new Error('no loser');
    expect(
      await db().$count(
        schema.tokens,
        and(eq(schema.tokens.ownerId, loser.userId), inArray(schema.tokens.niftyId, itemIds)),
      ),
    ).toBe(0);
    expect((await ledgerInvariants(db())).unbalancedTransactions).toBe(0);
  });

  it("the drop's sale card counts the drawing's entries; the viewer's own come from the drawing", async () => {
    const { nifty, drop } = await dropNifty(t.app, {
      dropType: 'drawing',
      editionSize: 2,
      priceInCents: PRICE,
      values: { saleType: 'drawing' },
    });
    const cardOfDrop = async () => {
      const res = await t.app.inject({ url: `/api/v1/drops/${drop.slug}/` });
      expect(res.statusCode, res.body).toBe(200);
      const cards = (
        res.json() as { cards: { typeNumber: number; saleDetails: DrawingView['saleDetails'] }[] }
      ).cards;
      expect(cards.length).toBeGreaterThan(0);
      return cards.find((c) => c.typeNumber === nifty.typeNumber);
    };
    expect((await cardOfDrop())?.saleDetails).toMatchObject({
      price: PRICE,
      totalEntries: 0,
      userEntriesUnused: null,
      userEntriesUsed: null,
    });
    const [a, b] = await Promise.all([validated(), validated()]);
    if (!a || !b) throw new Error('no entrants');
    expect((await enter(nifty, a)).statusCode).toBe(201);
    expect((await enterByCard(nifty, b)).statusCode).toBe(201);
    // The shared answer is recomputed once its lag passed.
    t.clock.advance(SHARED_ANSWER_LAG_MS + 1);
    expect((await cardOfDrop())?.saleDetails).toMatchObject({ totalEntries: 2, userEntriesUsed: null });
    expect((await read(nifty, a)).saleDetails).toEqual({
      price: PRICE,
      userEntriesUnused: 0,
      userEntriesUsed: 1,
      totalEntries: 2,
    });
  });
});

describe('the drawing view, its paged entries and the ids that verify it', () => {
  it('the view carries counts and the winners, not every entry; entries page by id; the ids verify the draw', async () => {
    const { nifty } = await dropNifty(t.app, { dropType: 'drawing', editionSize: 2, priceInCents: PRICE });
    const entrants = await Promise.all(Array.from({ length: 7 }, () => validated()));
    for (const s of entrants) expect((await enter(nifty, s)).statusCode).toBe(201);

    // Open: counts computed for the viewer, no per-entry list, no winners yet; the ids wait for the draw.
    const open = await read(nifty, entrants[2]);
    expect(open).not.toHaveProperty('entries');
    expect(open.saleDetails).toEqual({
      price: PRICE,
      userEntriesUnused: 0,
      userEntriesUsed: 1,
      totalEntries: 7,
    });
    expect(open.winners).toEqual([]);
    expect(open.winnerEntries).toEqual([]);
    expect((await read(nifty)).saleDetails).toMatchObject({ userEntriesUsed: 0, totalEntries: 7 });
    const early = await t.app.inject({ url: `${url(nifty)}entry-ids/` });
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json()).toMatchObject({ errorType: 'drawing-not-drawn' });

    // The entries, three a page, in id order.
    const first = await entriesPage(nifty, 1, 3);
    expect(first).toMatchObject({ count: 7, page: 1, page_size: 3, total_pages: 3 });
    expect(first.results).toHaveLength(3);
    const second = await entriesPage(nifty, 2, 3);
    expect(second.results).toHaveLength(3);
    const third = await entriesPage(nifty, 3, 3);
    expect(third.results).toHaveLength(1);
    expect((await entriesPage(nifty, 4, 3)).results).toEqual([]);
    const listed = [...first.results, ...second.results, ...third.results];
    const ids = listed.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(7);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((e) => e.status === 'entered' && !e.promoted && e.username.length > 0)).toBe(true);
    const bad = await t.app.inject({ url: `${url(nifty)}entries/?page_size=101` });
    expect(bad.statusCode).toBe(400);

    // Drawn: the ids are every entry's, ascending, and give the published winners.
    const id = await t.app.services.drawings.idOf(nifty.contractAddress, nifty.typeNumber);
    t.clock.advance(2 * DAY);
    expect(await t.app.services.drawings.run(id)).toBe('drawn');
    const view = await read(nifty);
    expect(view.status).toBe('drawn');
    expect(view).not.toHaveProperty('entries');
    expect(view.saleDetails.totalEntries).toBe(7);
    expect(await entryIds(nifty)).toEqual(ids);
    expect(
      drawWinners(view.seed as string, await entryIds(nifty), view.editionsDrawn as number).sort(
        (a, b) => a - b,
      ),
    ).toEqual(view.winners);
    expect(view.winners).toHaveLength(2);
    // The winners with their usernames, as the entries list has them.
    const after = await allEntries(nifty);
    expect(view.winnerEntries).toEqual(after.filter((e) => view.winners.includes(e.id)));
    expect(view.winnerEntries.every((e) => e.status === 'won')).toBe(true);
    expect(after.filter((e) => e.status === 'lost')).toHaveLength(5);

    const missing = await t.app.inject({ url: `/api/drawings/${nifty.contractAddress}/999999/entries/` });
    expect(missing.statusCode).toBe(404);
  });
});

describe('a winner whose card capture keeps being refused (decision 013 "Refused captures")', () => {
  /** The drawing's entries in the verifiable draw order (drawWinners over every entry), read from the store. */
  async function drawOrder(n: Nifty) {
    const [d] = await db().select().from(schema.drawings).where(eq(schema.drawings.niftyId, n.id));
    if (!d) throw new Error('no drawing');
    const rows = await db()
      .select()
      .from(schema.drawingEntries)
      .where(eq(schema.drawingEntries.drawingId, d.id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const order = drawWinners(
      d.seed,
      rows.map((r) => r.id),
      rows.length,
    ).map((id) => byId.get(id) as (typeof rows)[number]);
    return { drawingId: d.id, order };
  }

  const entryRow = async (id: number) => {
    const [row] = await db().select().from(schema.drawingEntries).where(eq(schema.drawingEntries.id, id));
    if (!row) throw new Error('no entry');
    return row;
  };

  const alertsOf = (userId: number) =>
    db().select().from(schema.alerts).where(eq(schema.alerts.userId, userId));

  // Review 2026-12-07: a winner whose capture kept failing could list and sell the edition meanwhile, and the forfeit
  // then could not take it back (the platform paid the publisher for money never taken).
  it('a winner whose card was not charged yet cannot list the edition or accept an offer for it; once charged, can', async () => {
    const { nifty } = await dropNifty(t.app, { dropType: 'drawing', editionSize: 1, priceInCents: PRICE });
    const entrants = await Promise.all(Array.from({ length: 2 }, () => validated(0)));
    for (const s of entrants) expect((await enterByCard(nifty, s)).statusCode).toBe(201);
    const { order } = await drawOrder(nifty);
    const [winner, next] = order;
    if (!winner || !next) throw new Error('two entries expected');
    await t.app.services.cardProcessor.provider.void(winner.providerReference as string);
    t.clock.advance(2 * DAY);
    expect((await t.app.services.jobs.drain()).failed).toBe(0);
    expect(await entryRow(winner.id)).toMatchObject({ status: 'won', cardSettledAt: null });
    const [token] = await db().select().from(schema.tokens).where(eq(schema.tokens.niftyId, nifty.id));
    if (!token) throw new Error('no token');
    // Signed in again: two days on, the entrants' sessions have expired.
    const sessionOf = async (userId: number) => {
      const [u] = await db().select().from(schema.users).where(eq(schema.users.id, userId));
      return sessionFor(t.app, u?.profileUrl ?? '');
    };
    const list = (s: TestSession) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/listings',
        headers: s.headers,
        payload: {
          contractAddress: token.contractAddress,
          tokenId: token.tokenId,
          price: { amount: '500', currency: 'USD' },
        },
      });
    const winnerSession = await sessionOf(winner.userId);
    const refused = await list(winnerSession);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      errorType: 'payment-pending',
      message: 'This NFT can be sold or opened once its payment has gone through',
    });
    // Nor through an offer someone makes for it.
    const offer = await cardOffer(t.app, await validated(0), token, '400');
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/user/accept-bid/',
      headers: winnerSession.headers,
      payload: { bid_id: offer.id, contractAddress: token.contractAddress, tokenId: token.tokenId },
    });
    expect(accepted.statusCode, accepted.body).toBe(409);
    expect(accepted.json()).toMatchObject({ errorType: 'payment-pending' });

    // Forfeited after its refusals, the edition passes to the next entrant, charged at once: theirs to sell.
    t.clock.advance(CAPTURE_RETRY_DELAYS_MS[0] + 1000);
    await t.app.services.jobs.drain();
    t.clock.advance(CAPTURE_RETRY_DELAYS_MS[1] + 1000);
    await t.app.services.jobs.drain();
    expect(await entryRow(next.id)).toMatchObject({ status: 'won', cardSettledAt: expect.any(Date) });
    const listed = await list(await sessionOf(next.userId));
    expect(listed.statusCode, listed.body).toBe(200);
  });

  it('bounded retries, then the edition passes to the next entrant in the draw order, who is charged once', async () => {
    const { nifty, owner } = await dropNifty(t.app, {
      dropType: 'drawing',
      editionSize: 1,
      priceInCents: PRICE,
    });
    const publisherBefore = await balanceOf(owner.id);
    const entrants = await Promise.all(Array.from({ length: 3 }, () => validated(0)));
    for (const s of entrants) expect((await enterByCard(nifty, s)).statusCode).toBe(201);
    const { drawingId, order } = await drawOrder(nifty);
    const [winner, next, third] = order;
    if (!winner || !next || !third) throw new Error('three entries expected');
    // The winner's authorisation lapses before the draw: every capture of it is refused.
    await t.app.services.cardProcessor.provider.void(winner.providerReference as string);

    // The close: the drawings.run job draws; the capture is refused once and sent again for later.
    t.clock.advance(2 * DAY);
    expect((await t.app.services.jobs.drain()).failed).toBe(0);
    let view = await read(nifty);
    expect(view.status).toBe('drawn');
    expect(view.winners).toEqual([winner.id]);
    expect(await entryRow(winner.id)).toMatchObject({
      status: 'won',
      captureAttempts: 1,
      cardSettledAt: null,
    });
    // A settlement run again before the wait (a duplicate job, the draw's own rerun) tries no capture.
    await Promise.all(Array.from({ length: 4 }, () => t.app.services.drawings.settleCards(drawingId)));
    expect((await entryRow(winner.id)).captureAttempts).toBe(1);
    // Nobody else's authorisation is voided while the winner's capture is pending.
    expect(chargeOf(next.providerReference)?.status).toBe('authorized');
    expect(chargeOf(third.providerReference)?.status).toBe('authorized');
    const [token] = await db().select().from(schema.tokens).where(eq(schema.tokens.niftyId, nifty.id));
    expect(token?.ownerId).toBe(winner.userId);

    // The second attempt after the first wait.
    t.clock.advance(CAPTURE_RETRY_DELAYS_MS[0] + 1000);
    expect((await t.app.services.jobs.drain()).failed).toBe(0);
    expect(await entryRow(winner.id)).toMatchObject({ status: 'won', captureAttempts: 2 });
    expect(MAX_CAPTURE_ATTEMPTS).toBe(3);

    // The last attempt: the job and seven more settlements at once (a crash's rerun, the draw's own job).
    t.clock.advance(CAPTURE_RETRY_DELAYS_MS[1] + 1000);
    await Promise.all([
      t.app.services.jobs.drain(),
      ...Array.from({ length: 7 }, () => t.app.services.drawings.settleCards(drawingId)),
    ]);
    expect(await entryRow(winner.id)).toMatchObject({ status: 'forfeited', captureAttempts: 3 });
    expect(await entryRow(next.id)).toMatchObject({ status: 'won', tokenRowId: token?.id });
    expect((await entryRow(next.id)).promotedAt).not.toBeNull();
    expect((await entryRow(third.id)).status).toBe('lost');
    const [moved] = await db().select().from(schema.tokens).where(eq(schema.tokens.niftyId, nifty.id));
    expect(moved?.ownerId).toBe(next.userId);

    // Charged: the next entrant once; the forfeiting winner never; the third voided.
    expect(chargeOf(next.providerReference)?.status).toBe('captured');
    expect(chargeOf(winner.providerReference)?.status).toBe('voided');
    expect(chargeOf(third.providerReference)?.status).toBe('voided');
    const refs = order.map((e) => `drawing_entry:${e.id}`);
    const movements = await db()
      .select({ kind: schema.ledgerTransactions.kind, reference: schema.ledgerTransactions.reference })
      .from(schema.ledgerTransactions)
      .where(inArray(schema.ledgerTransactions.reference, refs));
    expect(movements.map((m) => `${m.kind} ${m.reference}`).sort()).toEqual(
      [
        `purchase drawing_entry:${winner.id}`,
        `purchase_forfeited drawing_entry:${winner.id}`,
        `purchase drawing_entry:${next.id}`,
      ].sort(),
    );
    expect(await balanceOf(owner.id)).toBe(publisherBefore + (PRICE - PRICE / 10));
    expect(await ledgerInvariants(db())).toEqual({
      unbalancedTransactions: 0,
      holdsBeyondBalance: 0,
      negativeBalances: 0,
      sumOfAllEntries: 0,
    });

    // Told: the forfeiting winner and the next entrant, once each (in-app and by email).
    await t.app.services.accounts.background.idle();
    const winnerAlerts = (await alertsOf(winner.userId)).map((a) => a.message);
    expect(winnerAlerts.filter((m) => m === forfeitMessage(view.name))).toHaveLength(1);
    const nextAlerts = (await alertsOf(next.userId)).map((a) => a.message);
    expect(nextAlerts.filter((m) => m === runnerUpMessage(view.name))).toHaveLength(1);
    const mails = await db()
      .select()
      .from(schema.outboxMessages)
      .where(sql`${schema.outboxMessages.text} like ${`${forfeitMessage(view.name)}%`}`);
    expect(mails).toHaveLength(1);
    // A receipt for the one who paid, once; none for the winner who never did, nor for the third.
    expect(await mailTo(winner.userId, 'Your purchase receipt')).toEqual([]);
    expect(await mailTo(third.userId, 'Your purchase receipt')).toEqual([]);
    expect((await mailTo(next.userId, 'Your purchase receipt')).map((m) => m.split('\n\n')[0])).toEqual([
      `You won the drawing for ${view.name}: edition #1 is yours, for $25.00. Paid with Visa •••• 4242. Drawing entry #${next.id}.`,
    ]);

    // The view: the draw stays verifiable (its winners follow from the seed); the entries say what happened.
    view = await read(nifty);
    expect(view.winners).toEqual([winner.id]);
    const listed = await allEntries(nifty);
    expect(listed.find((e) => e.id === winner.id)).toMatchObject({ status: 'forfeited', promoted: false });
    expect(listed.find((e) => e.id === next.id)).toMatchObject({ status: 'won', promoted: true });
    // The results page's winners (id order): the drawn winner (forfeited) and the one the edition passed to.
    expect(view.winnerEntries.map((e) => [e.id, e.status, e.promoted])).toEqual(
      [
        [winner.id, 'forfeited', false],
        [next.id, 'won', true],
      ].sort((a, b) => (a[0] as number) - (b[0] as number)),
    );

    // Again: nothing changes.
    await t.app.services.drawings.settleCards(drawingId);
    expect(await t.app.services.drawings.run(drawingId)).toBe('already');
    expect((await t.app.services.jobs.drain()).failed).toBe(0);
    expect(chargeOf(next.providerReference)?.status).toBe('captured');
    expect(
      await db().$count(schema.ledgerTransactions, inArray(schema.ledgerTransactions.reference, refs)),
    ).toBe(3);
  });

  it('with nobody left in the draw order, the forfeited edition is released (unsold)', async () => {
    const { nifty, owner } = await dropNifty(t.app, {
      dropType: 'drawing',
      editionSize: 1,
      priceInCents: PRICE,
    });
    const publisherBefore = await balanceOf(owner.id);
    const only = await validated(0);
    expect((await enterByCard(nifty, only)).statusCode).toBe(201);
    const { drawingId, order } = await drawOrder(nifty);
    const [winner] = order;
    if (!winner) throw new Error('no entry');
    await t.app.services.cardProcessor.provider.void(winner.providerReference as string);
    t.clock.advance(2 * DAY);
    await t.app.services.jobs.drain();
    const [edition] = await db().select().from(schema.tokens).where(eq(schema.tokens.niftyId, nifty.id));
    if (!edition) throw new Error('no edition');
    // A card offer made on the edition meanwhile (review 2026-12-07: removed with the token, its card stayed held).
    const offer = await cardOffer(t.app, await validated(0), edition, '30');
    const [offerRow] = await db().select().from(schema.offers).where(eq(schema.offers.id, offer.id));
    expect(chargeOf(offerRow?.providerReference)?.status).toBe('authorized');
    for (const wait of CAPTURE_RETRY_DELAYS_MS) {
      t.clock.advance(wait + 1000);
      expect((await t.app.services.jobs.drain()).failed).toBe(0);
    }
    expect(await entryRow(winner.id)).toMatchObject({ status: 'forfeited', captureAttempts: 3 });
    expect(await db().$count(schema.tokens, eq(schema.tokens.niftyId, nifty.id))).toBe(0);
    expect(chargeOf(offerRow?.providerReference)?.status).toBe('voided');
    const [n] = await db().select().from(schema.nifties).where(eq(schema.nifties.id, nifty.id));
    expect(n?.totalSold).toBe(0);
    expect(await balanceOf(owner.id)).toBe(publisherBefore);
    expect(chargeOf(winner.providerReference)?.status).toBe('voided');
    await t.app.services.drawings.settleCards(drawingId);
    expect(await ledgerInvariants(db())).toEqual({
      unbalancedTransactions: 0,
      holdsBeyondBalance: 0,
      negativeBalances: 0,
      sumOfAllEntries: 0,
    });
    // Told what happened: the win forfeited, and no word of an edition passed on (there was nobody).
    await t.app.services.accounts.background.idle();
    const title = (await read(nifty)).name;
    const told = (await alertsOf(winner.userId)).map((a) => a.message);
    expect(told).toContain(forfeitMessage(title, false));
    expect(told.some((m) => m.includes('next entrant'))).toBe(false);
    // And the publisher, told of its proceeds at the draw, is told they went back (before: unsaid).
    expect(
      (await mailTo(owner.id, 'A sale you were paid from was cancelled')).map((m) => m.split('\n\n')[0]),
    ).toEqual([saleTakenBackMessage(title, 2_250)]);
  });

  it('released after the publisher spent the proceeds: each account gives back what it may, the shortfall stays on clearing', async () => {
    const { nifty, owner } = await dropNifty(t.app, {
      dropType: 'drawing',
      editionSize: 1,
      priceInCents: PRICE,
    });
    const only = await validated(0);
    expect((await enterByCard(nifty, only)).statusCode).toBe(201);
    const { drawingId, order } = await drawOrder(nifty);
    const [winner] = order;
    if (!winner) throw new Error('no entry');
    await t.app.services.cardProcessor.provider.void(winner.providerReference as string);
    t.clock.advance(2 * DAY);
    await t.app.services.jobs.drain();
    expect(await entryRow(winner.id)).toMatchObject({ status: 'won', captureAttempts: 1 });

    // The publisher spends all but a dollar of the proceeds the draw credited while the capture is retried (on another
    // NFT, by balance: proceeds settle for 7 days before they may be cashed out).
    const proceeds = PRICE - PRICE / 10;
    expect(await balanceOf(owner.id)).toBe(proceeds);
    const publisher = await sessionFor(t.app, owner.profileUrl);
    const other = await listedToken(t.app, { priceInCents: proceeds - 100 });
    const match = await listingMatchOf(t.app, publisher, other.listing.id);
    const spent = await payIntent(t.app, publisher, match.listingMatchId, { payment_method: 'balance' });
    expect(spent.statusCode, spent.body).toBe(200);

    let failed = 0;
    for (const wait of CAPTURE_RETRY_DELAYS_MS) {
      t.clock.advance(wait + 1000);
      failed += (await t.app.services.jobs.drain()).failed;
    }
    // What the job runs, once more: it finds the win forfeited (a forfeit refused at commit throws here).
    await t.app.services.drawings.settleCards(drawingId);
    expect(failed).toBe(0);
    expect(await entryRow(winner.id)).toMatchObject({ status: 'forfeited', captureAttempts: 3 });
    expect(await db().$count(schema.tokens, eq(schema.tokens.niftyId, nifty.id))).toBe(0);
    const [n] = await db().select().from(schema.nifties).where(eq(schema.nifties.id, nifty.id));
    expect(n?.totalSold).toBe(0);
    expect(chargeOf(winner.providerReference)?.status).toBe('voided');

    // The publisher gave back the dollar left, the platform its fee in full; clearing keeps the rest.
    expect(await balanceOf(owner.id)).toBe(0);
    const [clearing] = await db()
      .select({ id: schema.ledgerAccounts.id })
      .from(schema.ledgerAccounts)
      .where(eq(schema.ledgerAccounts.kind, 'payments_clearing'));
    const [publisherAccount] = await db()
      .select({ id: schema.ledgerAccounts.id })
      .from(schema.ledgerAccounts)
      .where(and(eq(schema.ledgerAccounts.kind, 'user'), eq(schema.ledgerAccounts.userId, owner.id)));
    const entries = await db()
      .select({
        accountId: schema.ledgerEntries.accountId,
        amountCents: schema.ledgerEntries.amountCents,
        memo: schema.ledgerEntries.memo,
      })
      .from(schema.ledgerEntries)
      .innerJoin(
        schema.ledgerTransactions,
        eq(schema.ledgerTransactions.id, schema.ledgerEntries.transactionId),
      )
      .where(
        and(
          eq(schema.ledgerTransactions.kind, 'purchase_forfeited'),
          eq(schema.ledgerTransactions.reference, `drawing_entry:${winner.id}`),
        ),
      );
    expect(entries.reduce((sum, e) => sum + e.amountCents, 0)).toBe(0);
    expect(entries).toEqual(
      expect.arrayContaining([
        { accountId: clearing?.id, amountCents: PRICE, memo: 'card_payment' },
        { accountId: publisherAccount?.id, amountCents: -100, memo: 'publisher_proceeds' },
        expect.objectContaining({ amountCents: -PRICE / 10, memo: 'primary_platform_fee' }),
        { accountId: clearing?.id, amountCents: -(proceeds - 100), memo: 'refund_shortfall' },
      ]),
    );
    expect(entries).toHaveLength(4);
    expect(await ledgerInvariants(db())).toEqual({
      unbalancedTransactions: 0,
      holdsBeyondBalance: 0,
      negativeBalances: 0,
      sumOfAllEntries: 0,
    });
  });
});

describe('the demo store’s ended drawings', () => {
  let seeded: TestApp;
  beforeAll(async () => {
    seeded = await testApp();
  });
  afterAll(async () => {
    await seeded?.close();
  });

  it('answer Grain & Grid drawn, with its entries, seed and winners, read after read', async () => {
    const sdb = seeded.app.config.database.db;
    const rows = await sdb
      .select({ nifty: schema.nifties, contract: schema.collections.contractAddress })
      .from(schema.nifties)
      .innerJoin(schema.collections, eq(schema.collections.id, schema.nifties.collectionId))
      .where(eq(schema.collections.slug, 'grain-and-grid'));
    expect(rows.length).toBe(3);
    const drawingsBefore = await sdb.$count(schema.drawings);
    for (const { nifty, contract } of rows) {
      const path = `/api/drawings/${contract}/${nifty.typeNumber}/`;
      const res = await seeded.app.inject({ url: path });
      expect(res.statusCode, res.body).toBe(200);
      const d = res.json() as DrawingView;
      expect(d.status).toBe('drawn');
      expect(d.seed).toMatch(/^[0-9a-f]{64}$/);
      expect(seedMatchesCommitment(d.seed as string, d.commitment)).toBe(true);
      expect(d.editionsDrawn).toBe(nifty.totalSold);
      expect(d).not.toHaveProperty('entries');
      expect(d.winners).toHaveLength(nifty.totalSold);
      // The entries as the results page reads them: 50 a page, so two or three pages (69 to 102 a work).
      const pageAt = async (page: number) => {
        const r = await seeded.app.inject({ url: `${path}entries/?page=${page}&page_size=50` });
        expect(r.statusCode, r.body).toBe(200);
        return r.json() as EntriesPage;
      };
      const first = await pageAt(1);
      expect(first.count).toBe(d.saleDetails.totalEntries);
      expect(first.count).toBeGreaterThan(50);
      expect(first.total_pages).toBe(Math.ceil(first.count / 50));
      expect(first.results).toHaveLength(50);
      const entries = [...first.results];
      for (let page = 2; page <= first.total_pages; page += 1) entries.push(...(await pageAt(page)).results);
      expect(entries).toHaveLength(first.count);
      expect((await pageAt(first.total_pages + 1)).results).toEqual([]);
      expect(entries.length).toBeGreaterThan(nifty.totalSold);
      const ids = await seeded.app.inject({ url: `${path}entry-ids/` });
      expect(ids.statusCode, ids.body).toBe(200);
      expect((ids.json() as { ids: number[] }).ids).toEqual(entries.map((e) => e.id));
      expect(
        drawWinners(
          d.seed as string,
          entries.map((e) => e.id),
          d.editionsDrawn ?? 0,
        ).sort((a, b) => a - b),
      ).toEqual([...d.winners].sort((a, b) => a - b));
      const won = entries.filter((e) => e.status === 'won');
      expect(won.map((e) => e.id)).toEqual([...d.winners].sort((a, b) => a - b));
      expect(d.winnerEntries).toEqual(won);
      // Read again after the close: not made again nor run again.
      seeded.clock.advance(60_000);
      const again = await seeded.app.inject({ url: path });
      expect(again.json()).toMatchObject({ seed: d.seed, winners: d.winners, status: 'drawn' });
    }
    expect(await sdb.$count(schema.drawings)).toBe(drawingsBefore);
    const drained = await seeded.app.services.jobs.drain();
    expect(drained.failed).toBe(0);
    expect(await sdb.$count(schema.drawings)).toBe(drawingsBefore);
  });

  it('an entry by a card whose bank asks for a verification: 202, then entered with it once done, and charged if it wins', async () => {
    const { nifty, drop } = await dropNifty(t.app, {
      dropType: 'drawing',
      editionSize: 1,
      priceInCents: PRICE,
    });
    const entrant = await validated(0);
    const asked = await enterByCard(nifty, entrant, TEST_CARDS.requiresAction);
    expect(asked.statusCode, asked.body).toBe(202);
    const id = (asked.json() as { requiresAction: { cardVerificationId: number } }).requiresAction
      .cardVerificationId;
    const withIt = () =>
      t.app.inject({
        method: 'POST',
        url: `${url(nifty)}entries/`,
        headers: entrant.headers,
        payload: { payment_method: 'stripe_card', card_verification_id: id },
      });
    // Not someone else's to use.
    const other = await validated(0);
    const stolen = await t.app.inject({
      method: 'POST',
      url: `${url(nifty)}entries/`,
      headers: other.headers,
      payload: { payment_method: 'stripe_card', card_verification_id: id },
    });
    expect(stolen.statusCode).toBe(404);

    const entered = await withIt();
    expect(entered.statusCode, entered.body).toBe(201);
    expect((await read(nifty)).saleDetails.totalEntries).toBe(1);
    const [row] = await db()
      .select()
      .from(schema.drawingEntries)
      .where(eq(schema.drawingEntries.userId, entrant.userId));
    const [verification] = await db()
      .select()
      .from(schema.cardVerifications)
      .where(eq(schema.cardVerifications.id, id));
    expect(verification).toMatchObject({ kind: 'drawing_entry', status: 'used', amountCents: PRICE });
    expect(row).toMatchObject({
      paymentMethod: 'stripe_card',
      providerReference: verification?.providerReference,
    });
    // Sent again: no entry left, and the entry's authorisation stays.
    expect((await withIt()).statusCode).toBe(409);
    expect(chargeOf(row?.providerReference)?.status).toBe('authorized');

    await pastTheClose(drop.id);
    await t.app.services.jobs.drain();
    expect((await read(nifty)).status).toBe('drawn');
    expect(chargeOf(row?.providerReference)?.status).toBe('captured');
    expect(await ledgerInvariants(db())).toMatchObject({ unbalancedTransactions: 0, sumOfAllEntries: 0 });
  });
});

// The results page tells a signed-in viewer what became of their own entry ('You won', 'You were not drawn',
// 'Your win was forfeited', 'You are entered'): the drawing's answer carries it, null signed out or not entered.
describe("the drawing's answer carries the viewer's own entry", () => {
  /** A session again for a user (the clock moved past the close: their first one expired). */
  const signedInAgain = async (s: TestSession) => {
    const [u] = await db()
      .select({ profileUrl: schema.users.profileUrl })
      .from(schema.users)
      .where(eq(schema.users.id, s.userId));
    return sessionFor(t.app, u?.profileUrl ?? '');
  };

  it('null signed out and before an entry; entered, then won or not drawn once drawn', async () => {
    const { nifty, drop } = await dropNifty(t.app, {
      dropType: 'drawing',
      editionSize: 1,
      priceInCents: PRICE,
    });
    const [a, b] = await Promise.all([validated(), validated()]);
    if (!a || !b) throw new Error('no entrants');
    expect((await read(nifty)).viewerEntry).toBeNull();
    expect((await read(nifty, a)).viewerEntry).toBeNull();

    const first = await enter(nifty, a);
    expect(first.statusCode, first.body).toBe(201);
    // The entry's own answer says it too.
    const mineA = (first.json() as DrawingView).viewerEntry;
    expect(mineA).toEqual({ id: expect.any(Number), status: 'entered', promoted: false });
    expect((await enter(nifty, b)).statusCode).toBe(201);
    const mineB = (await read(nifty, b)).viewerEntry;
    expect(mineB).toEqual({ id: expect.any(Number), status: 'entered', promoted: false });
    // Each viewer's own: the entries list's row of that entry, without the username.
    expect(mineB?.id).not.toBe(mineA?.id);
    expect((await read(nifty, a)).viewerEntry).toEqual(mineA);
    const listed = await allEntries(nifty);
    expect(listed.map((e) => e.id).sort((x, y) => x - y)).toEqual(
      [mineA?.id, mineB?.id].sort((x, y) => (x ?? 0) - (y ?? 0)),
    );
    // Signed out, nobody's.
    expect((await read(nifty)).viewerEntry).toBeNull();

    await pastTheClose(drop.id);
    expect((await t.app.services.jobs.drain()).failed).toBe(0);
    const view = await read(nifty);
    expect(view.status).toBe('drawn');
    expect(view.viewerEntry).toBeNull();
    const [winner] = view.winners;
    for (const [s, mine] of [
      [a, mineA],
      [b, mineB],
    ] as const) {
      const again = await signedInAgain(s);
      expect((await read(nifty, again)).viewerEntry).toEqual({
        id: mine?.id,
        status: mine?.id === winner ? 'won' : 'lost',
        promoted: false,
      });
    }
    // A validated viewer who did not enter has none.
    expect((await read(nifty, await validated(0))).viewerEntry).toBeNull();
  });

  it('forfeited for the winner whose card was never charged, won and promoted for the next in the draw order', async () => {
    const { nifty, drop } = await dropNifty(t.app, {
      dropType: 'drawing',
      editionSize: 1,
      priceInCents: PRICE,
    });
    const entrants = await Promise.all([validated(0), validated(0)]);
    for (const s of entrants) expect((await enterByCard(nifty, s)).statusCode).toBe(201);
    const mine = await Promise.all(entrants.map(async (s) => (await read(nifty, s)).viewerEntry));
    // The draw's winner is the entry the seed picks: its authorisation lapses, so every capture is refused.
    const [d] = await db().select().from(schema.drawings).where(eq(schema.drawings.niftyId, nifty.id));
    if (!d) throw new Error('no drawing');
    const ids = mine.map((e) => e?.id ?? 0).sort((x, y) => x - y);
    const [winnerId] = drawWinners(d.seed, ids, 1);
    const [winnerRow] = await db()
      .select()
      .from(schema.drawingEntries)
      .where(eq(schema.drawingEntries.id, winnerId ?? 0));
    await t.app.services.cardProcessor.provider.void(winnerRow?.providerReference as string);

    await pastTheClose(drop.id);
    expect((await t.app.services.jobs.drain()).failed).toBe(0);
    for (const wait of CAPTURE_RETRY_DELAYS_MS) {
      t.clock.advance(wait + 1000);
      expect((await t.app.services.jobs.drain()).failed).toBe(0);
    }
    for (const [i, s] of entrants.entries()) {
      const own = (await read(nifty, await signedInAgain(s))).viewerEntry;
      expect(own).toEqual(
        mine[i]?.id === winnerId
          ? { id: winnerId, status: 'forfeited', promoted: false }
          : { id: mine[i]?.id, status: 'won', promoted: true },
      );
    }
  });
});

// Review 2026-12-07: the results were told only once every card was captured or voided, so a settlement that failed
// after the draw's commit told nobody, and the job's rerun (which finds the drawing drawn) told nobody either.
describe('the results of a draw whose settlement fails', () => {
  it('are told to every entrant all the same, and the job run again tells nobody twice', async () => {
    const { nifty } = await dropNifty(t.app, { dropType: 'drawing', editionSize: 1, priceInCents: PRICE });
    const entrants = [await validated(0), await validated(0)];
    for (const s of entrants) expect((await enterByCard(nifty, s)).statusCode).toBe(201);
    // The store refuses to write down the lost card's void: the settlement after the draw's commit fails.
    await db().execute(sql`CREATE TABLE owed_void_fault (on_ boolean NOT NULL)`);
    await db().execute(sql`INSERT INTO owed_void_fault VALUES (true)`);
    await db().execute(
      sql.raw(`CREATE FUNCTION owed_void_fault_fn() RETURNS trigger AS $$
      BEGIN IF (SELECT on_ FROM owed_void_fault LIMIT 1) THEN RAISE EXCEPTION 'store failing'; END IF; RETURN NEW; END
      $$ LANGUAGE plpgsql`),
    );
    await db().execute(
      sql`CREATE TRIGGER owed_void_fault_trg BEFORE INSERT ON owed_voids FOR EACH ROW EXECUTE FUNCTION owed_void_fault_fn()`,
    );
    try {
      t.clock.advance(2 * DAY);
      expect((await t.app.services.jobs.drain()).failed).toBe(1);
      const view = await read(nifty);
      expect(view.status).toBe('drawn');
      const messages = async (s: TestSession) =>
        (await db().select().from(schema.alerts).where(eq(schema.alerts.userId, s.userId))).map(
          (a) => a.message,
        );
      // The winner has paid: the entrant not drawn is no longer in line (their card's release is retried below).
      const told = (await Promise.all(entrants.map(messages))).flat();
      expect(told.sort()).toEqual(
        [`You won the drawing for ${view.name}`, notDrawnMessage(view.name, false)].sort(),
      );

      // The job again, once the store writes again: the lost card released, nobody told twice.
      await db().execute(sql`UPDATE owed_void_fault SET on_ = false`);
      t.clock.advance(JOB_RETRY_DELAY_SECONDS * 1000);
      expect((await t.app.services.jobs.drain()).failed).toBe(0);
      const after = await Promise.all(entrants.map(messages));
      expect(after.map((m) => m.length)).toEqual([1, 1]);
      const charges = await Promise.all(
        entrants.map(async (s) => {
          const [e] = await db()
            .select()
            .from(schema.drawingEntries)
            .where(eq(schema.drawingEntries.userId, s.userId));
          return chargeOf(e?.providerReference)?.status;
        }),
      );
      expect(charges.sort()).toEqual(['captured', 'voided']);
    } finally {
      await db().execute(sql`DROP TRIGGER owed_void_fault_trg ON owed_voids`);
      await db().execute(sql`DROP FUNCTION owed_void_fault_fn`);
      await db().execute(sql`DROP TABLE owed_void_fault`);
    }
  });
});

// Review 2026-12-07: past the authorisation's life an unanswered capture counted as refused without asking whether a
// capture whose answer was lost had taken the money: the winner could be charged and forfeit the edition.
describe('a winner whose capture was taken though its answer was lost, past the authorisation’s life', () => {
  it('keeps the win: the processor is asked whether the money was taken', async () => {
    const { nifty } = await dropNifty(t.app, { dropType: 'drawing', editionSize: 1, priceInCents: PRICE });
    const entrant = await validated(0);
    expect((await enterByCard(nifty, entrant)).statusCode).toBe(201);
    const provider = t.app.services.cardProcessor.provider;
    const { capture } = provider;
    // Every capture goes through, but its answer never comes back.
    provider.capture = async (ref) => {
      await capture.call(provider, ref);
      throw new Error('the answer was lost');
    };
    const [e] = await db()
      .select()
      .from(schema.drawingEntries)
      .where(eq(schema.drawingEntries.userId, entrant.userId));
    try {
      t.clock.advance(2 * DAY);
      expect((await t.app.services.jobs.drain()).failed).toBe(0);
      t.clock.advance(7 * DAY);
      expect((await t.app.services.jobs.drain()).failed).toBe(0);
    } finally {
      provider.capture = capture;
    }
    const [after] = await db()
      .select()
      .from(schema.drawingEntries)
      .where(eq(schema.drawingEntries.id, e?.id ?? 0));
    expect(after).toMatchObject({ status: 'won', captureAttempts: 0, cardSettledAt: expect.any(Date) });
    expect(chargeOf(e?.providerReference)?.status).toBe('captured');
  });
});
