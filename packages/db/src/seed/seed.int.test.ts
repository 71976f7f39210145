import { createHash } from 'node:crypto';
import { drawWinners, seedMatchesCommitment } from '@vitrine/domain';
import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../client';
import * as s from '../schema';
import { type FreshDatabase, freshDatabase } from '../testing/fresh-database';
import { DROP_TYPES, SALE_TYPE_OF } from './content';
import {
  DEMO_COLLECTOR,
  DEMO_PUBLISHER,
  isStoreEmpty,
  type MediaSink,
  type SeedResult,
  seedDemo,
} from './index';

const NOW = new Date('2026-11-22T12:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ADDRESS = /^0x[0-9a-f]{40}$/;

interface MemoryMedia extends MediaSink {
  objects: Map<string, { body: string; contentType: string }>;
}

function memoryMedia(): MemoryMedia {
  const objects = new Map<string, { body: string; contentType: string }>();
  return {
    objects,
    async put(key, body, contentType) {
      objects.set(key, { body: String(body), contentType });
      return `/api/media/${key}`;
    },
  };
}

async function hashPassword(pw: string): Promise<string> {
  return `test-sha256$${createHash('sha256').update(pw).digest('hex')}`;
}

async function seed(db: Db, media: MediaSink, scale?: number): Promise<SeedResult> {
  return seedDemo(db, { media, hashPassword, now: NOW, scale });
}

/** A store-independent fingerprint of every token: natural keys only, no row ids. */
async function tokenFingerprint(db: Db): Promise<string> {
  const rows = await db
    .select({
      contract: s.tokens.contractAddress,
      tokenId: s.tokens.tokenId,
      name: s.tokens.name,
      rarity: s.tokens.rarity,
      likes: s.tokens.likesCount,
      lastSale: s.tokens.lastSaleInCents,
      lastSaleAt: s.tokens.lastSaleAt,
      owner: s.users.profileUrl,
    })
    .from(s.tokens)
    .leftJoin(s.users, eq(s.users.id, s.tokens.ownerId))
    .orderBy(asc(s.tokens.contractAddress), asc(s.tokens.tokenId));
  return createHash('sha256')
    .update(JSON.stringify(rows.map((r) => ({ ...r, lastSaleAt: r.lastSaleAt?.toISOString() ?? null }))))
    .digest('hex');
}

/**
 * Every ended drawing (and pack drawing) with editions sold was drawn as the `drawings.run` job draws
 * (decision 013): a seed matching its commitment, more entries than editions, one a user, and the won
 * entries exactly `drawWinners(seed, entry ids, editionsDrawn)`, in entry-id order the buyers of
 * editions 1, 2, ... by primary sale at the draw. Returns how many drawings it checked.
 */
async function expectEndedDrawingsDrawn(db: Db): Promise<number> {
  const rows = await db
    .select({ nifty: s.nifties, drop: s.drops, publisherId: s.collections.publisherId })
    .from(s.nifties)
    .innerJoin(s.collections, eq(s.collections.id, s.nifties.collectionId))
    .innerJoin(s.drops, eq(s.drops.id, s.collections.dropId))
    .where(
      and(
        inArray(s.drops.dropType, ['drawing', 'pack_drawing']),
        lte(s.drops.endAt, NOW),
        sql`${s.nifties.totalSold} > 0`,
      ),
    );
  for (const { nifty, drop, publisherId } of rows) {
    const [drawing] = await db.select().from(s.drawings).where(eq(s.drawings.niftyId, nifty.id));
    expect(drawing, `${drop.slug} #${nifty.typeNumber}`).toBeDefined();
    if (!drawing) continue;
    expect(drawing.status).toBe('drawn');
    expect(drawing.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(seedMatchesCommitment(drawing.seed, drawing.commitment)).toBe(true);
    expect(drawing.createdAt.getTime()).toBeLessThan(drop.startAt.getTime());
    expect(drawing.drawnAt?.getTime()).toBeGreaterThanOrEqual(drop.endAt.getTime());
    expect(drawing.drawnAt?.getTime()).toBeLessThanOrEqual(NOW.getTime());
    expect(drawing.editionsDrawn).toBe(nifty.editionSize - nifty.totalReserved);
    const entries = await db
      .select()
      .from(s.drawingEntries)
      .where(eq(s.drawingEntries.drawingId, drawing.id))
      .orderBy(asc(s.drawingEntries.id));
    const ids = entries.map((e) => e.id);
    const won = entries.filter((e) => e.status === 'won');
    expect(won.length).toBe(nifty.totalSold);
    // Fewer editions sold than drawn (a benchmark store's last nifty): every entry won.
    if (nifty.totalSold < (drawing.editionsDrawn ?? 0)) expect(entries.length).toBe(nifty.totalSold);
    else expect(entries.length).toBeGreaterThan(nifty.totalSold);
    expect(drawWinners(drawing.seed, ids, drawing.editionsDrawn ?? 0).sort((a, b) => a - b)).toEqual(
      won.map((e) => e.id),
    );
    expect(entries.filter((e) => e.status !== 'won').every((e) => e.status === 'lost')).toBe(true);
    expect(new Set(entries.map((e) => e.userId)).size).toBe(entries.length);
    const members = await db
      .select({ userId: s.publisherMembers.userId })
      .from(s.publisherMembers)
      .where(eq(s.publisherMembers.publisherId, publisherId));
    for (const m of members) expect(entries.some((e) => e.userId === m.userId)).toBe(false);
    for (const e of entries) {
      expect(e.priceCents).toBe(Number(nifty.priceAmount));
      // Paid by card (decision 009 "Seeded money"), as every seeded purchase.
      expect(e.paymentMethod).toBe(e.priceCents > 0 ? 'stripe_card' : 'balance');
      expect(e.createdAt.getTime()).toBeGreaterThanOrEqual(drop.startAt.getTime());
      expect(e.createdAt.getTime()).toBeLessThan(drop.endAt.getTime());
      expect(e.settledAt?.getTime()).toBe(drawing.drawnAt?.getTime());
      if (e.status === 'lost') expect(e.tokenRowId).toBeNull();
    }
    // The run mints editions first, first + 1, ... to the winners in entry-id order.
    const tokens = new Map(
      (await db.select().from(s.tokens).where(eq(s.tokens.niftyId, nifty.id))).map((t) => [
        t.editionNumber,
        t,
      ]),
    );
    for (const [i, e] of won.entries()) {
      const token = tokens.get(i + 1);
      if (!token) {
        expect(e.tokenRowId).toBeNull(); // burnt since
        continue;
      }
      expect(e.tokenRowId).toBe(token.id);
      const [primary] = await db
        .select()
        .from(s.sales)
        .where(and(eq(s.sales.tokenRowId, token.id), eq(s.sales.market, 'primary')));
      expect(primary?.buyerId).toBe(e.userId);
      expect(primary?.priceInCents).toBe(e.priceCents);
    }
  }
  return rows.length;
}

/**
 * The ledger's invariants on the store (as apps/api's `ledgerInvariants`): every transaction sums to zero,
 * no account but the payments clearing one below zero, no user's active holds beyond their balance.
 */
async function ledgerInvariants(db: Db) {
  const n = async (query: ReturnType<typeof sql>) =>
    Number(((await db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n ?? -1);
  const sumOf = sql`coalesce((select sum(e.amount_cents) from ledger_entries e where e.account_id = a.id), 0)`;
  return {
    unbalancedTransactions: await n(sql`select count(*)::int as n from (select transaction_id
      from ledger_entries group by transaction_id, currency having sum(amount_cents) <> 0) x`),
    negativeBalances: await n(
      sql`select count(*)::int as n from ledger_accounts a where a.kind <> 'payments_clearing' and ${sumOf} < 0`,
    ),
    holdsBeyondBalance: await n(sql`select count(*)::int as n from ledger_accounts a where a.kind = 'user'
      and coalesce((select sum(h.amount_cents) from ledger_holds h where h.account_id = a.id and h.status = 'active'), 0)
        > ${sumOf}`),
  };
}

/**
 * Every paid sale (a price above zero) with the `purchase` movement a real one makes (decision 009): a paid
 * intent's `purchase_intent:{id}` (Buy Now, fcfs and other primary editions), a won bid's `bid:{id}`, a won
 * drawing entry's `drawing_entry:{id}`; the seller's (or publisher's) line is the sale's proceeds.
 * Returns the paid sales and those without their movement.
 */
async function salesWithoutMovement(db: Db) {
  const rows = (await db.execute(sql`
    select s.id, s.market, s.price_in_cents,
      coalesce(
        (select t.id from purchase_intents i join ledger_transactions t
           on t.kind = 'purchase' and t.reference = 'purchase_intent:' || i.id
          where i.sale_id = s.id or i.id = s.purchase_intent_id limit 1),
        (select t.id from bids b join ledger_transactions t
           on t.kind = 'purchase' and t.reference = 'bid:' || b.id where b.sale_id = s.id limit 1),
        (select t.id from drawing_entries d join ledger_transactions t
           on t.kind = 'purchase' and t.reference = 'drawing_entry:' || d.id
          where d.token_row_id = s.token_row_id and d.status = 'won' and s.market = 'primary' limit 1)
      ) as movement
    from sales s where s.price_in_cents > 0`)) as unknown as {
    rows: { id: number; market: string; price_in_cents: number; movement: number | null }[];
  };
  return { paid: rows.rows, missing: rows.rows.filter((r) => r.movement === null) };
}

describe('seedDemo (default demo store)', () => {
  let database: FreshDatabase;
  let db: Db;
  let media: MemoryMedia;
  let result: SeedResult;
  let emptyBefore: boolean;

  beforeAll(async () => {
    database = await freshDatabase();
    db = database.db;
    media = memoryMedia();
    emptyBefore = await isStoreEmpty(db);
    result = await seed(db, media);
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('fills an empty store', async () => {
    expect(emptyBefore).toBe(true);
    expect(await isStoreEmpty(db)).toBe(false);
  });

  it('refuses to seed a store that is not empty', async () => {
    await expect(seed(db, memoryMedia())).rejects.toThrow(/not empty|already has/);
  });

  it('creates both demo accounts with hashed passwords', async () => {
    expect(result.demoAccounts.map((a) => a.role).sort()).toEqual(['collector', 'publisher']);
    for (const account of result.demoAccounts) {
      const expected = account.role === 'collector' ? DEMO_COLLECTOR : DEMO_PUBLISHER;
      expect(account.email).toBe(expected.email);
      expect(account.password).toBe(expected.password);
      const [user] = await db.select().from(s.users).where(eq(s.users.email, account.email));
      expect(user).toBeDefined();
      if (!user) continue;
      expect(user.passwordHash).toBe(await hashPassword(account.password));
      expect(user.passwordHash).not.toContain(account.password);
      expect(user.emailVerifiedAt).toBeInstanceOf(Date);
      expect(user.profileUrl).toBe(account.profileUrl);
      expect(user.walletAddress).toMatch(ADDRESS);
      if (account.role === 'collector') {
        expect(user.verified).toBe(true);
        expect(user.phoneNumber).toBeTruthy();
      } else {
        const memberships = await db
          .select({ slug: s.publishers.slug })
          .from(s.publisherMembers)
          .innerJoin(s.publishers, eq(s.publishers.id, s.publisherMembers.publisherId))
          .where(eq(s.publisherMembers.userId, user.id));
        expect(memberships.length).toBeGreaterThan(0);
      }
    }
  });

  it('seeds publishers, artists and collectors with distinct profiles and wallets', async () => {
    const publishers = await db.select().from(s.publishers);
    expect(publishers.length).toBeGreaterThanOrEqual(6);
    expect(publishers.filter((p) => p.verified).length).toBe(1);
    expect(publishers.filter((p) => p.curated).length).toBe(1);
    for (const p of publishers) {
      expect(p.profilePicUrl).toMatch(/^\/api\/media\/seed\//);
      expect(p.coverPhotoUrl).toMatch(/^\/api\/media\/seed\//);
      expect(p.socialLinks.length).toBeGreaterThan(0);
    }
    const users = await db.select().from(s.users);
    expect(users.filter((u) => u.creator).length).toBeGreaterThanOrEqual(15);
    expect(users.filter((u) => !u.creator).length).toBeGreaterThanOrEqual(20);
    expect(new Set(users.map((u) => u.profileUrl.toLowerCase())).size).toBe(users.length);
    for (const u of users) expect(u.walletAddress).toMatch(ADDRESS);
    expect(result.counts.users).toBe(users.length);
  });

  it('has every drop type, in every state relative to now', async () => {
    const drops = await db.select().from(s.drops);
    expect(new Set(drops.map((d) => d.dropType))).toEqual(new Set(DROP_TYPES));
    expect(drops.filter((d) => d.dropStatus === 'draft').length).toBe(1);
    const published = drops.filter((d) => d.dropStatus === 'published');
    expect(published.length).toBe(drops.length - 1);
    const now = NOW.getTime();
    const live = published.filter((d) => d.startAt.getTime() <= now && d.endAt.getTime() > now);
    const upcoming = published.filter((d) => d.startAt.getTime() > now);
    const ended = published.filter((d) => d.endAt.getTime() <= now);
    expect(live.length).toBeGreaterThanOrEqual(4);
    expect(upcoming.length).toBeGreaterThanOrEqual(4);
    expect(ended.length).toBeGreaterThanOrEqual(4);
    for (const d of live) {
      const left = d.endAt.getTime() - now;
      expect(left).toBeGreaterThanOrEqual(1 * DAY);
      expect(left).toBeLessThanOrEqual(5 * DAY);
    }
    for (const d of upcoming) expect(d.startAt.getTime() - now).toBeLessThanOrEqual(10 * DAY);
    const startsIn = upcoming.map((d) => d.startAt.getTime() - now);
    expect(startsIn.some((ms) => ms <= HOUR)).toBe(true);
    expect(startsIn.some((ms) => Math.abs(ms - 2 * DAY) <= 6 * HOUR)).toBe(true);
    for (const d of drops) {
      expect(d.endAt.getTime() - d.startAt.getTime()).toBeLessThanOrEqual(5 * DAY);
      expect(d.coverAsset).toMatch(/^\/api\/media\/seed\/cover\//);
    }
  });

  it('gives each drop one or two collections with creators and unique contracts', async () => {
    const collections = await db.select().from(s.collections);
    const perDrop = new Map<number, number>();
    for (const c of collections)
      if (c.dropId !== null) perDrop.set(c.dropId, (perDrop.get(c.dropId) ?? 0) + 1);
    for (const n of perDrop.values()) expect([1, 2]).toContain(n);
    expect(collections.some((c) => c.dropId === null)).toBe(true);
    expect(new Set(collections.map((c) => c.contractAddress)).size).toBe(collections.length);
    for (const c of collections) {
      expect(c.contractAddress).toMatch(ADDRESS);
      expect(['curated', 'art', 'collectibles', 'one_of_one']).toContain(c.category);
      expect(c.name.length).toBeLessThanOrEqual(30);
      expect(c.tags.length).toBeGreaterThan(0);
    }
    const creators = await db.select().from(s.collectionCreators);
    expect(new Set(creators.map((c) => c.collectionId)).size).toBe(collections.length);
  });

  it('has every nifty type, with sale types that match their drop type', async () => {
    const rows = await db
      .select({ nifty: s.nifties, dropType: s.drops.dropType })
      .from(s.nifties)
      .innerJoin(s.collections, eq(s.collections.id, s.nifties.collectionId))
      .leftJoin(s.drops, eq(s.drops.id, s.collections.dropId));
    expect(new Set(rows.map((r) => r.nifty.niftyType))).toEqual(new Set(['edition', 'oe', 'pack']));
    // A pack's items (decision 016) are not for sale: only opening a pack mints them.
    const pool = await db.select({ id: s.editionPools.contentNiftyId }).from(s.editionPools);
    const packItems = new Set(pool.map((p) => p.id));
    expect(packItems.size).toBeGreaterThan(0);
    for (const { nifty, dropType } of rows) {
      if (packItems.has(nifty.id)) expect(nifty.saleType).toBe('not_for_sale');
      else if (dropType !== null)
        expect(nifty.saleType).toBe(SALE_TYPE_OF[dropType as keyof typeof SALE_TYPE_OF]);
      expect(nifty.priceCurrency).toBe('USD');
      expect(nifty.priceAmount).toMatch(/^\d+$/);
      if (nifty.niftyType === 'oe') expect(nifty.editionSize).toBe(99_999_999);
      if (nifty.saleType === 'auction') {
        expect(nifty.editionSize).toBe(1);
        expect(nifty.minimumBidInCents).toBeGreaterThan(0);
        expect(nifty.bidIncrementInCents).toBeGreaterThan(0);
      }
      expect(nifty.totalSold + nifty.totalReserved).toBeLessThanOrEqual(nifty.editionSize);
      expect(nifty.assetUrl).toMatch(/^\/api\/media\/seed\/nft\//);
    }
    const nifties = rows.map((r) => r.nifty);
    expect(nifties.some((n) => n.burnRequired)).toBe(true);
    expect(nifties.some((n) => n.isFreeRedemption && n.priceAmount === '0')).toBe(true);
    expect(nifties.some((n) => n.requiresValidation)).toBe(true);
    expect(nifties.some((n) => n.totalBurnt > 0)).toBe(true);
    const soldOut = nifties.filter(
      (n) => n.niftyType !== 'oe' && n.totalSold + n.totalReserved === n.editionSize,
    );
    expect(soldOut.length).toBeGreaterThan(0);
  });

  it('describes a 1/1 as one token, never by its editions (the Neon Tides work page read otherwise)', async () => {
    const ones = await db
      .select({ title: s.nifties.title, description: s.nifties.description })
      .from(s.nifties)
      .where(eq(s.nifties.editionSize, 1));
    expect(ones.length).toBeGreaterThan(0);
    expect(ones.map((n) => n.title)).toContain('Low Tide, Sodium Light');
    for (const n of ones) expect(n.description).not.toMatch(/every edition|edition number|owners of/i);
  });

  it('mints tokens that agree with their nifties, sales and listings', async () => {
    const tokenCount = await db.$count(s.tokens);
    expect(tokenCount).toBe(result.counts.tokens);
    expect(tokenCount).toBeGreaterThan(500);

    // Minted editions = sold minus burnt, for every nifty that has tokens.
    const minted = await db
      .select({
        sold: s.nifties.totalSold,
        burnt: s.nifties.totalBurnt,
        tokens: sql<number>`count(${s.tokens.id})::int`,
      })
      .from(s.nifties)
      .innerJoin(s.tokens, eq(s.tokens.niftyId, s.nifties.id))
      .groupBy(s.nifties.id);
    for (const m of minted) expect(m.tokens).toBe(m.sold - m.burnt);

    // The last sale of every token is its lastSale, and its buyer is the owner.
    const lastSales = await db
      .selectDistinctOn([s.sales.tokenRowId], {
        tokenRowId: s.sales.tokenRowId,
        buyerId: s.sales.buyerId,
        cents: s.sales.priceInCents,
        soldAt: s.sales.soldAt,
      })
      .from(s.sales)
      .orderBy(s.sales.tokenRowId, desc(s.sales.soldAt), desc(s.sales.id));
    const tokens = new Map((await db.select().from(s.tokens)).map((t) => [t.id, t]));
    expect(lastSales.length).toBeGreaterThan(0);
    for (const sale of lastSales) {
      const token = tokens.get(sale.tokenRowId);
      expect(token?.lastSaleInCents).toBe(sale.cents);
      expect(token?.lastSaleAt?.getTime()).toBe(sale.soldAt.getTime());
      expect(token?.ownerId).toBe(sale.buyerId);
    }
    for (const t of tokens.values()) {
      expect(t.name).toMatch(new RegExp(`#${t.editionNumber}$`));
      expect(t.tokenId).toMatch(/^\d+$/);
      if (t.rarity !== null) expect(Number(t.rarity)).toBeLessThan(1);
    }

    const sales = await db.select().from(s.sales);
    const markets = new Set(sales.map((x) => x.market));
    expect(markets).toEqual(new Set(['primary', 'secondary']));
    for (const sale of sales) {
      expect(sale.soldAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(sale.soldAt.getTime()).toBeGreaterThanOrEqual(NOW.getTime() - 90 * DAY);
      if (sale.currency === 'USD') expect(sale.amount).toBe(String(sale.priceInCents));
    }

    const listings = await db.select().from(s.listings);
    const active = listings.filter((l) => l.status === 'active');
    expect(active.length).toBeGreaterThan(0);
    expect(new Set(active.map((l) => l.tokenRowId)).size).toBe(active.length);
    expect(new Set(listings.map((l) => l.status))).toEqual(new Set(['active', 'sold', 'cancelled']));
    for (const l of active) expect(tokens.get(l.tokenRowId)?.ownerId).toBe(l.sellerId);
    const eth = listings.filter((l) => l.currency === 'ETH');
    expect(eth.length).toBeGreaterThan(0);
    for (const l of eth) {
      expect(l.amount).toMatch(/^\d{15,}$/);
      const usd = (Number(BigInt(l.amount) / 10n ** 12n) / 1e6) * 3150.25;
      expect(Math.abs(usd * 100 - l.priceInCents)).toBeLessThanOrEqual(1);
    }
    for (const l of listings.filter((x) => x.currency === 'USD'))
      expect(l.amount).toBe(String(l.priceInCents));
  });

  it('shows a blind edition sealed before its end and revealed after it (decision 016)', async () => {
    const blind = await db
      .select({
        id: s.nifties.id,
        editionSize: s.nifties.editionSize,
        endAt: s.nifties.endAt,
        revealedAt: s.nifties.revealedAt,
      })
      .from(s.nifties)
      .where(eq(s.nifties.saleType, 'blind_edition'));
    const ended = blind.filter((n) => n.endAt !== null && n.endAt < NOW);
    const open = blind.filter((n) => n.endAt !== null && n.endAt >= NOW);
    expect(ended.length).toBeGreaterThan(0);
    expect(open.length).toBeGreaterThan(0);
    for (const n of blind) {
      const pool = await db.select().from(s.editionPools).where(eq(s.editionPools.niftyId, n.id));
      expect(pool.length).toBeGreaterThan(1);
      expect(pool.every((p) => p.assetUrl?.startsWith('/api/media/') && p.contentNiftyId === null)).toBe(
        true,
      );
      expect(pool.reduce((sum, p) => sum + p.total, 0)).toBe(n.editionSize);
      const minted = await db
        .select({ url: s.tokens.revealedAssetUrl, name: s.tokens.revealedName })
        .from(s.tokens)
        .where(eq(s.tokens.niftyId, n.id));
      const taken = pool.reduce((sum, p) => sum + p.total - p.remaining, 0);
      if (ended.includes(n)) {
        expect(n.revealedAt).not.toBeNull();
        expect(minted.length).toBeGreaterThan(0);
        expect(minted.every((t) => pool.some((p) => p.assetUrl === t.url && p.name === t.name))).toBe(true);
        expect(taken).toBe(minted.length);
      } else {
        expect(n.revealedAt).toBeNull();
        expect(minted.every((t) => t.url === null)).toBe(true);
        expect(taken).toBe(0);
      }
    }
  });

  it('gives the demo collector several tokens, some listed', async () => {
    const [collector] = await db.select().from(s.users).where(eq(s.users.email, DEMO_COLLECTOR.email));
    expect(collector).toBeDefined();
    if (!collector) return;
    const owned = await db.$count(s.tokens, eq(s.tokens.ownerId, collector.id));
    expect(owned).toBeGreaterThanOrEqual(8);
    const listed = await db.$count(
      s.listings,
      and(eq(s.listings.sellerId, collector.id), eq(s.listings.status, 'active')),
    );
    expect(listed).toBeGreaterThanOrEqual(2);
    // One of them has a discount (Active Discounts shows one): in USD, the price buyers pay at least $1.
    const discounted = await db
      .select()
      .from(s.listings)
      .where(and(eq(s.listings.sellerId, collector.id), isNotNull(s.listings.discountAmount)));
    expect(discounted).toHaveLength(1);
    expect(discounted[0]).toMatchObject({ status: 'active', currency: 'USD' });
    expect(Number(discounted[0]?.discountAmount)).toBeGreaterThanOrEqual(100);
    expect(Number(discounted[0]?.amount)).toBe(discounted[0]?.priceInCents);
    expect(await db.$count(s.listings, isNotNull(s.listings.discountAmount))).toBe(1);
  });

  it('leaves no won card bid uncaptured: every seeded auction win was paid', async () => {
    // An uncaptured one read as a payment still owed: its edition could not be sold on, and the sweep retried it.
    const won = await db.$count(s.bids, and(eq(s.bids.status, 'won'), isNotNull(s.bids.providerReference)));
    expect(won).toBeGreaterThan(0);
    const owed = await db.$count(
      s.bids,
      and(eq(s.bids.status, 'won'), isNotNull(s.bids.providerReference), sql`${s.bids.capturedAt} is null`),
    );
    expect(owed).toBe(0);
  });

  it('sets no per-collector limit on an NFT a collector bought several editions of at its primary sale', async () => {
    // QA 2026-12-07: the demo collector held three of a pack that said one per collector. (An auction's limit is its
    // engine's: one bid per bidder, so one edition each.)
    const several = await db
      .selectDistinct({ niftyId: s.nifties.id, limitPerUser: s.nifties.limitPerUser })
      .from(s.sales)
      .innerJoin(s.tokens, eq(s.tokens.id, s.sales.tokenRowId))
      .innerJoin(s.nifties, eq(s.nifties.id, s.tokens.niftyId))
      .where(eq(s.sales.market, 'primary'))
      .groupBy(s.nifties.id, s.sales.buyerId)
      .having(sql`count(*) > 1`);
    expect(several.length).toBeGreaterThan(0);
    expect(several.filter((n) => n.limitPerUser === 1)).toEqual([]);
  });

  it('gives a free print one per collector, one per claim', async () => {
    // QA 2026-12-07: the demo's free visitor print could be redeemed again and again by one collector.
    const free = await db
      .select({ limitPerUser: s.nifties.limitPerUser, max: s.nifties.maxPurchaseQuantity })
      .from(s.nifties)
      .where(eq(s.nifties.isFreeRedemption, true));
    expect(free.length).toBeGreaterThan(0);
    expect(free.every((n) => n.limitPerUser === 1 && n.max === 1)).toBe(true);
  });

  it('gives every paid sale the ledger movement a real one makes, the ledger whole (decision 009)', async () => {
    const { paid, missing } = await salesWithoutMovement(db);
    expect(paid.some((r) => r.market === 'primary')).toBe(true);
    expect(paid.some((r) => r.market === 'secondary')).toBe(true);
    expect(missing).toEqual([]);
    expect(await ledgerInvariants(db)).toEqual({
      unbalancedTransactions: 0,
      holdsBeyondBalance: 0,
      negativeBalances: 0,
    });
  });

  it("gives the demo collector a balance: their entries' sum, their sales' proceeds", async () => {
    const [collector] = await db.select().from(s.users).where(eq(s.users.email, DEMO_COLLECTOR.email));
    if (!collector) throw new Error('no demo collector');
    const [account] = await db
      .select()
      .from(s.ledgerAccounts)
      .where(and(eq(s.ledgerAccounts.kind, 'user'), eq(s.ledgerAccounts.userId, collector.id)));
    const [entries] = await db
      .select({ n: sql<number>`count(*)::int`, sum: sql<string | null>`sum(${s.ledgerEntries.amountCents})` })
      .from(s.ledgerEntries)
      .where(eq(s.ledgerEntries.accountId, account?.id ?? -1));
    expect(entries?.n).toBeGreaterThan(0);
    expect(Number(entries?.sum)).toBeGreaterThan(0);
  });

  it('draws every ended drawing as the drawings run does, its winners the primary buyers', async () => {
    // Grain & Grid (3 nifties) and Night Market (1).
    expect(await expectEndedDrawingsDrawn(db)).toBeGreaterThanOrEqual(4);
    const [grain] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(s.drawingEntries)
      .innerJoin(s.drawings, eq(s.drawings.id, s.drawingEntries.drawingId))
      .innerJoin(s.nifties, eq(s.nifties.id, s.drawings.niftyId))
      .innerJoin(s.collections, eq(s.collections.id, s.nifties.collectionId))
      .where(eq(s.collections.slug, 'grain-and-grid'));
    expect(grain?.n).toBeGreaterThan(0);
    expect(result.counts.drawingEntries).toBe(await db.$count(s.drawingEntries));
  });

  it('writes exchange rates and feature flags', async () => {
    const [eth] = await db
      .select()
      .from(s.fxRates)
      .where(and(eq(s.fxRates.sourceCurrency, 'ETH'), eq(s.fxRates.baseCurrency, 'USD')))
      .orderBy(desc(s.fxRates.createdAt))
      .limit(1);
    expect(Number(eth?.price)).toBe(3150.25);
    expect(eth?.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
    expect(await db.$count(s.fxRates, eq(s.fxRates.sourceCurrency, 'ETH'))).toBeGreaterThan(1);
    for (const stable of ['GUSD', 'DAI']) {
      const [row] = await db.select().from(s.fxRates).where(eq(s.fxRates.sourceCurrency, stable));
      expect(Number(row?.price)).toBe(1);
    }
    const flags = Object.fromEntries((await db.select().from(s.featureFlags)).map((f) => [f.key, f.enabled]));
    expect(flags).toEqual({
      POST_PRODUCTION_PAGES_ENABLED: false,
      MAINTENANCE_MODE: false,
      WALLET_DRAWER_ENABLED: true,
    });
  });

  it('stores generated SVG artwork through the media sink', () => {
    expect(media.objects.size).toBe(result.counts.media);
    for (const [key, object] of media.objects) {
      expect(key).toMatch(/^seed\/[a-z]+\/[a-z0-9_-]+\.svg$/);
      expect(object.contentType).toBe('image/svg+xml');
      expect(object.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(object.body.endsWith('</svg>')).toBe(true);
    }
  });
});

describe('seedDemo determinism', () => {
  const stores: FreshDatabase[] = [];

  afterAll(async () => {
    for (const store of stores) await store.drop();
  });

  it('gives the same rows for the same now', async () => {
    const a = await freshDatabase();
    stores.push(a);
    const b = await freshDatabase();
    stores.push(b);
    const mediaA = memoryMedia();
    const mediaB = memoryMedia();
    const resultA = await seed(a.db, mediaA);
    const resultB = await seed(b.db, mediaB);
    expect(resultB.counts).toEqual(resultA.counts);
    const slugs = async (db: Db) =>
      (await db.select({ slug: s.drops.slug }).from(s.drops).orderBy(asc(s.drops.slug))).map((d) => d.slug);
    expect(await slugs(b.db)).toEqual(await slugs(a.db));
    expect(await b.db.$count(s.tokens)).toBe(await a.db.$count(s.tokens));
    expect(await tokenFingerprint(b.db)).toBe(await tokenFingerprint(a.db));
    expect([...mediaB.objects.entries()]).toEqual([...mediaA.objects.entries()]);
  });
});

describe('seedDemo at benchmark scale', () => {
  let database: FreshDatabase;

  beforeAll(async () => {
    database = await freshDatabase();
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('seeds the requested number of tokens', async () => {
    const progress: string[] = [];
    const result = await seedDemo(database.db, {
      media: memoryMedia(),
      hashPassword,
      now: NOW,
      scale: 5000,
      onProgress: (msg) => progress.push(msg),
    });
    const tokens = await database.db.$count(s.tokens);
    expect(tokens).toBeGreaterThanOrEqual(5000);
    expect(result.counts.tokens).toBe(tokens);
    expect(result.counts.users).toBeGreaterThanOrEqual(500);
    expect(progress.length).toBeGreaterThan(0);
    const active = await database.db
      .select({ token: s.listings.tokenRowId, n: sql<number>`count(*)::int` })
      .from(s.listings)
      .where(eq(s.listings.status, 'active'))
      .groupBy(s.listings.tokenRowId)
      .having(sql`count(*) > 1`);
    expect(active).toEqual([]);
    expect(await expectEndedDrawingsDrawn(database.db)).toBeGreaterThan(4);
    expect((await salesWithoutMovement(database.db)).missing).toEqual([]);
    expect((await ledgerInvariants(database.db)).negativeBalances).toBe(0);
  });
});
