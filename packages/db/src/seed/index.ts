// Deterministic demo marketplace: storefronts, artists, collectors, drops of every type in every
// state, minted tokens, listings, sales, exchange rates and feature flags. No network: artwork is
// generated SVG handed to a MediaSink. Every date is relative to `opts.now` and every choice comes
// from a seeded PRNG, so the same `now` gives the same rows.
//
// `scale` (a number of tokens) adds a benchmark-sized marketplace on top of the demo: extra users
// (about one per ten tokens), storefronts, ended drops and marketplace-only collections, written
// in multi-row batches.
import { createHash } from 'node:crypto';
import { drawingCommitment, drawWinners } from '@vitrine/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import * as s from '../schema';
import { avatarArtwork, coverArtwork, logoArtwork, nftArtwork } from './artwork';
import {
  ARTISTS,
  BULK_ADJECTIVES,
  BULK_NOUNS,
  BULK_PIECE_NOUNS,
  type Category,
  COLLECTORS,
  type CollectionSpec,
  DAY,
  DEMO_COLLECTOR_PERSON,
  DEMO_PUBLISHER_PERSON,
  DROP_TYPES,
  DROPS,
  type DropType,
  FIRST_NAMES,
  HOUR,
  LAST_NAMES,
  MARKET_COLLECTIONS,
  MINUTE,
  NIFTY_TYPE_OF,
  type NiftyType,
  type PersonSpec,
  PUBLISHERS,
  pieceLinesFor,
  SALE_TYPE_OF,
  type SaleType,
  TAGS,
  type Tag,
} from './content';
import { seedCriteria } from './criteria';
import { seedEditions } from './editions';
import { seedLedger } from './ledger';
import { Rng } from './random';
import { seedSocial } from './social';
import { seedStudioFields } from './studio';

export { DEMO_COLLECTOR, DEMO_PUBLISHER } from './content';

export interface MediaSink {
  /** Stores an object and returns its public URL. */
  put(key: string, body: Buffer | string, contentType: string): Promise<string>;
}

export interface SeedOptions {
  media: MediaSink;
  hashPassword(pw: string): Promise<string>;
  now: Date;
  /** Number of NFTs (tokens) for benchmarks; default: the small demo. */
  scale?: number;
  onProgress?(msg: string): void;
}

export interface SeedResult {
  demoAccounts: { role: 'collector' | 'publisher'; email: string; password: string; profileUrl: string }[];
  counts: Record<string, number>;
}

/** One ETH in USD cents at the newest seeded rate (fx_rates ETH→USD '3150.25'). */
export const ETH_USD_CENTS = 315_025;
/** Edition size of an open edition: shown as unlimited. */
export const OPEN_EDITION_SIZE = 99_999_999;
/** Distinct NFT images at benchmark scale; larger stores reuse them. */
export const NFT_IMAGE_POOL = 400;
/**
 * Validated collectors who enter drawings (and mostly lose): an ended drawing's entries are 1.5 to 3
 * times its editions, one a user, and the demo's largest drawing has 80 editions.
 */
export const DRAWING_ENTRANTS = 120;

/** Rows per multi-row insert; wide tables use the smaller batch (PostgreSQL allows 65535 parameters). */
const BATCH = 2000;
const WIDE_BATCH = 1000;
const SALES_WINDOW = 90 * DAY;

type NewUser = typeof s.users.$inferInsert;
type NewPublisher = typeof s.publishers.$inferInsert;
type NewDrop = typeof s.drops.$inferInsert;
type NewCollection = typeof s.collections.$inferInsert;
type NewNifty = typeof s.nifties.$inferInsert;
type NewToken = typeof s.tokens.$inferInsert;
type NewListing = typeof s.listings.$inferInsert;
type NewSale = typeof s.sales.$inferInsert;
type NewDrawingEntry = typeof s.drawingEntries.$inferInsert;

/** True when there are no users and no publishers: the store has never been seeded or used. */
export async function isStoreEmpty(db: Db): Promise<boolean> {
  const [user] = await db.select({ id: s.users.id }).from(s.users).limit(1);
  if (user) return false;
  const [publisher] = await db.select({ id: s.publishers.id }).from(s.publishers).limit(1);
  return !publisher;
}

/** Seeds the demo marketplace into an empty store, in one transaction. */
export async function seedDemo(db: Db, opts: SeedOptions): Promise<SeedResult> {
  const collectorHash = await opts.hashPassword(DEMO_COLLECTOR_PERSON.password);
  const publisherHash = await opts.hashPassword(DEMO_PUBLISHER_PERSON.password);
  const result = await db.transaction(async (tx) => {
    if (!(await isStoreEmpty(tx))) {
      throw new Error('seedDemo: the store already has users or publishers; seed an empty store only');
    }
    const seeder = new Seeder(tx, opts, { collector: collectorHash, publisher: publisherHash });
    return seeder.run();
  });
  // After a benchmark-scale bulk load every page is new: VACUUM marks them all-visible, so explore's
  // deep pages are read from the covering sort indexes alone (PGlite has no autovacuum to do it later).
  // The small demo store gains nothing from it, so `npm start` and the tests skip it. Outside the
  // transaction, as VACUUM must be.
  if (opts.scale !== undefined) await db.execute(sql`vacuum (analyze)`);
  return result;
}

// ---- helpers ----

/** Deterministic lowercase 0x address for a label. */
function addressOf(label: string): string {
  return `0x${createHash('sha256').update(`vitrine-seed:${label}`).digest('hex').slice(0, 40)}`;
}

function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Rounds a price in cents to whole dollars below $100 and to $5 above. */
function roundPrice(cents: number): number {
  const step = cents < 10_000 ? 100 : 500;
  return Math.max(100, Math.round(cents / step) * step);
}

/** An ETH amount close to `cents`: amount in wei and its USD value at the seeded rate. */
function ethQuote(cents: number): { amount: string; priceInCents: number } {
  const milli = Math.max(1, Math.round((cents * 1000) / ETH_USD_CENTS));
  return {
    amount: (BigInt(milli) * 10n ** 15n).toString(),
    priceInCents: Math.round((milli * ETH_USD_CENTS) / 1000),
  };
}

function quote(
  rng: Rng,
  cents: number,
  ethShare: number,
): { currency: string; amount: string; priceInCents: number } {
  if (cents > 0 && rng.chance(ethShare)) return { currency: 'ETH', ...ethQuote(cents) };
  return { currency: 'USD', amount: String(cents), priceInCents: cents };
}

/** The seed's discount: a fifth of a price in cents, in whole dollars, at least $1. */
function discountOf(cents: number): number {
  return Math.max(100, Math.round(cents / 500) * 100);
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}

type State = 'live' | 'upcoming' | 'ended' | 'market';

interface Person {
  id: number;
  handle: string;
  name: string;
}

/** What the token writer needs to mint a nifty's editions. */
interface MintPlan {
  niftyId: number;
  title: string;
  contract: string;
  typeNumber: number;
  dropType: DropType | null;
  state: State;
  /** Editions minted: 1..sold minus burnt. */
  sold: number;
  /** Editions free when the sale opened (edition size minus reserved): what a drawing draws. */
  drawable: number;
  publisherSlug: string;
  burnt: Set<number>;
  priceCents: number;
  minBid: number;
  increment: number;
  startMs: number;
  endMs: number;
  rarity: boolean;
  sellerId: number;
  demo: boolean;
  /** Sold out within the first hour. */
  fast: boolean;
  /** Editions whose final owner is the demo collector; true = also list it. */
  forced: Map<number, boolean>;
  /** Won by one bid per bidder (a ranked or silent auction): one primary edition each. */
  onePerBuyer: boolean;
  /** Who bought an edition of it at its primary sale so far (`primaryBuyer`). */
  primaryBuyers: Set<number>;
}

interface NiftyDraft {
  row: Omit<NewNifty, 'collectionId'>;
  plan: Omit<MintPlan, 'niftyId'>;
}

interface CollectionDraft {
  row: Omit<NewCollection, 'publisherId' | 'dropId'>;
  publisherSlug: string;
  dropSlug: string | null;
  creatorIds: number[];
  nifties: NiftyDraft[];
}

interface DropDraft {
  row: Omit<NewDrop, 'publisherId'>;
  publisherSlug: string;
}

interface PendingToken {
  row: NewToken;
  sales: Omit<NewSale, 'tokenRowId'>[];
  listings: Omit<NewListing, 'tokenRowId'>[];
}

/** An ended drawing as the `drawings.run` job leaves it: entries in id order, the winners' editions. */
interface PendingDrawing {
  niftyId: number;
  title: string;
  seed: string;
  editionsDrawn: number;
  priceCents: number;
  createdAt: Date;
  drawnAt: Date;
  entries: { userId: number; at: Date; edition: number | null }[];
  /** Each edition's winner (index: edition - 1). */
  winners: number[];
}

class Seeder {
  private readonly now: number;
  private readonly counts: Record<string, number> = {
    users: 0,
    publishers: 0,
    publisherMembers: 0,
    drops: 0,
    collections: 0,
    collectionCreators: 0,
    nifties: 0,
    tokens: 0,
    listings: 0,
    activeListings: 0,
    sales: 0,
    drawings: 0,
    drawingEntries: 0,
    fxRates: 0,
    featureFlags: 0,
    media: 0,
  };
  private readonly mediaCache = new Map<string, string>();
  private readonly people = new Map<string, Person>();
  private readonly names = new Map<number, string>();
  private readonly publisherIds = new Map<string, number>();
  private readonly publisherSlugs: string[] = [];
  /** Members (owners) of each publisher, by slug: they never enter their own drawings. */
  private readonly publisherMembers = new Map<string, number[]>();
  /** Validated collectors who enter drawings. */
  private entrants: number[] = [];
  private demoCollectorId = 0;
  /** Listings of the demo collector's given a discount so far (one). */
  private demoDiscounted = 0;
  private demoPublisherId = 0;
  /** Buyers for demo tokens, with weights. */
  private demoBuyers: number[] = [];
  private demoBuyerWeights: number[] = [];
  /** Buyers for benchmark tokens. */
  private bulkBuyers: number[] = [];
  private bulkCreators: number[] = [];
  private artIndex = 0;
  private pendingTokens: PendingToken[] = [];
  private pendingSales: NewSale[] = [];
  private pendingListings: NewListing[] = [];
  private pendingDrawings: PendingDrawing[] = [];
  /** Token row ids of the drawn nifties' editions, by `niftyId:editionNumber`. */
  private readonly drawnTokens = new Map<string, number>();
  private readonly drawnNifties = new Set<number>();
  private tokenTarget = 0;
  /** Token count at which planner statistics are next refreshed. */
  private nextAnalyze = 2 * BATCH;

  constructor(
    private readonly tx: Db,
    private readonly opts: SeedOptions,
    private readonly hashes: { collector: string; publisher: string },
  ) {
    this.now = opts.now.getTime();
  }

  private progress(msg: string): void {
    this.opts.onProgress?.(msg);
  }

  private at(offsetMs: number): Date {
    return new Date(this.now + offsetMs);
  }

  private async svg(key: string, make: () => string): Promise<string> {
    const cached = this.mediaCache.get(key);
    if (cached !== undefined) return cached;
    const url = await this.opts.media.put(key, make(), 'image/svg+xml');
    this.mediaCache.set(key, url);
    this.counts.media = (this.counts.media ?? 0) + 1;
    return url;
  }

  private poolImage(k: number): Promise<string> {
    const n = ((k % NFT_IMAGE_POOL) + NFT_IMAGE_POOL) % NFT_IMAGE_POOL;
    return this.svg(`seed/nft/pool-${n}.svg`, () => nftArtwork(10_000 + n));
  }

  private add(key: string, n: number): void {
    this.counts[key] = (this.counts[key] ?? 0) + n;
  }

  private person(handle: string): Person {
    const p = this.people.get(handle);
    if (!p) throw new Error(`seed: unknown person ${handle}`);
    return p;
  }

  async run(): Promise<SeedResult> {
    const scale = Math.max(0, Math.floor(this.opts.scale ?? 0));
    await this.seedReference();
    await this.seedPeople(scale);
    await this.seedPublishers(scale);

    const demo = await this.draftDemo();
    this.progress(`demo catalogue: ${demo.drops.length} drops, ${demo.collections.length} collections`);
    const demoTokens = demo.collections.reduce(
      (sum, c) => sum + c.nifties.reduce((n, d) => n + minted(d.plan), 0),
      0,
    );
    this.tokenTarget = Math.max(scale, demoTokens);
    const bulk =
      scale > demoTokens ? await this.draftBulk(scale - demoTokens) : { drops: [], collections: [] };
    if (bulk.collections.length > 0) {
      this.progress(
        `benchmark catalogue: ${bulk.drops.length} drops, ${bulk.collections.length} collections`,
      );
    }

    const plans = await this.writeCatalogue(
      [...demo.drops, ...bulk.drops],
      [...demo.collections, ...bulk.collections],
    );
    if (this.tokenTarget > this.nextAnalyze) await this.analyze();
    for (const plan of plans) await this.mint(plan);
    await this.flushTokens();
    await this.flushSales();
    await this.flushListings();
    await this.writeDrawings();
    Object.assign(
      this.counts,
      await seedEditions(this.tx, { now: this.opts.now, artwork: (k) => this.poolImage(k) }),
    );
    Object.assign(this.counts, await seedSocial(this.tx, this.opts.now));
    // Every paid sale's money, as the purchase that made it moved it (decision 009 "Seeded money").
    Object.assign(this.counts, await seedLedger(this.tx, this.opts.now));
    await seedCriteria(this.tx);
    Object.assign(this.counts, await seedStudioFields(this.tx, this.opts.now));
    this.progress(
      `done: ${this.counts.tokens} tokens, ${this.counts.sales} sales, ${this.counts.listings} listings`,
    );

    return {
      demoAccounts: [
        {
          role: 'collector',
          email: DEMO_COLLECTOR_PERSON.email,
          password: DEMO_COLLECTOR_PERSON.password,
          profileUrl: DEMO_COLLECTOR_PERSON.handle,
        },
        {
          role: 'publisher',
          email: DEMO_PUBLISHER_PERSON.email,
          password: DEMO_PUBLISHER_PERSON.password,
          profileUrl: DEMO_PUBLISHER_PERSON.handle,
        },
      ],
      counts: { ...this.counts },
    };
  }

  // ---- reference data ----

  private async seedReference(): Promise<void> {
    const eth: [number, string][] = [
      [-30 * DAY, '2984.10'],
      [-21 * DAY, '3042.77'],
      [-14 * DAY, '3110.40'],
      [-7 * DAY, '3088.95'],
      [-1 * DAY, '3127.60'],
      [-10 * MINUTE, '3150.25'],
    ];
    const rates = [
      ...eth.map(([offset, price]) => ({
        sourceCurrency: 'ETH',
        baseCurrency: 'USD',
        price,
        createdAt: this.at(offset),
      })),
      { sourceCurrency: 'GUSD', baseCurrency: 'USD', price: '1', createdAt: this.at(-30 * DAY) },
      { sourceCurrency: 'DAI', baseCurrency: 'USD', price: '1', createdAt: this.at(-30 * DAY) },
    ];
    await this.tx.insert(s.fxRates).values(rates);
    this.add('fxRates', rates.length);

    const flags = [
      {
        key: 'POST_PRODUCTION_PAGES_ENABLED',
        enabled: false,
        description: 'Shows post-production pages for collections once their drop has closed.',
      },
      {
        key: 'MAINTENANCE_MODE',
        enabled: false,
        description: "Replaces the web app with 'Scheduled Maintenance In Progress'.",
      },
      {
        key: 'WALLET_DRAWER_ENABLED',
        enabled: true,
        description: 'Shows the wallet drawer (balances and connected wallets) in the navigation.',
      },
    ].map((f) => ({ ...f, updatedAt: this.at(-7 * DAY) }));
    const inserted = await this.tx
      .insert(s.featureFlags)
      .values(flags)
      .onConflictDoNothing()
      .returning({ key: s.featureFlags.key });
    this.add('featureFlags', inserted.length);
  }

  // ---- users ----

  private async seedPeople(scale: number): Promise<void> {
    const rng = new Rng('people');
    const rows: NewUser[] = [];
    const social = (handle: string) => [
      { kind: 'website', url: `https://${handle}.example` },
      { kind: 'instagram', url: `https://instagram.com/${handle}` },
      { kind: 'x', url: `https://x.com/${handle}` },
    ];
    const base = (p: PersonSpec, createdOffset: number): NewUser => ({
      email: `${p.handle}@example.com`,
      firstName: p.first,
      lastName: p.last,
      name: `${p.first} ${p.last}`,
      bio: p.bio,
      profileUrl: p.handle,
      walletAddress: addressOf(`wallet:${p.handle}`),
      preferences: { displayCurrency: rng.chance(0.25) ? 'ETH' : 'USD', storefrontTabPref: 'NFTS' },
      createdAt: this.at(createdOffset),
      updatedAt: this.at(createdOffset + DAY),
    });
    const avatar = (p: PersonSpec, i: number) =>
      this.svg(`seed/avatar/${p.handle}.svg`, () => avatarArtwork(i + 1, `${p.first} ${p.last}`));

    const collectorCreated = -rng.int(150, 400) * DAY;
    rows.push({
      ...base(DEMO_COLLECTOR_PERSON, collectorCreated),
      email: DEMO_COLLECTOR_PERSON.email,
      emailVerifiedAt: this.at(collectorCreated + 10 * MINUTE),
      passwordHash: this.hashes.collector,
      profilePicUrl: await avatar(DEMO_COLLECTOR_PERSON, 0),
      verified: true,
      verifiedPhone: true,
      countryCode: '+1',
      phoneNumber: '2025550143',
      preferences: { displayCurrency: 'USD', storefrontTabPref: 'NFTS' },
      socialLinks: [{ kind: 'x', url: 'https://x.com/caseylinden' }],
    });
    const publisherCreated = -rng.int(400, 700) * DAY;
    rows.push({
      ...base(DEMO_PUBLISHER_PERSON, publisherCreated),
      email: DEMO_PUBLISHER_PERSON.email,
      emailVerifiedAt: this.at(publisherCreated + 25 * MINUTE),
      passwordHash: this.hashes.publisher,
      profilePicUrl: await avatar(DEMO_PUBLISHER_PERSON, 1),
      preferences: { displayCurrency: 'USD', storefrontTabPref: 'Collections' },
      socialLinks: [{ kind: 'website', url: 'https://atlas-editions.example' }],
    });
    for (const [i, a] of ARTISTS.entries()) {
      const created = -rng.int(500, 900) * DAY;
      rows.push({
        ...base(a, created),
        emailVerifiedAt: this.at(created + HOUR),
        creator: true,
        verified: rng.chance(0.6),
        profilePicUrl: await avatar(a, i + 2),
        socialLinks: social(a.handle),
      });
    }
    for (const [i, c] of COLLECTORS.entries()) {
      const created = -rng.int(120, 800) * DAY;
      rows.push({
        ...base(c, created),
        emailVerifiedAt: rng.chance(0.85) ? this.at(created + 2 * HOUR) : null,
        profilePicUrl: c.noAvatar ? null : await avatar(c, i + 2 + ARTISTS.length),
        socialLinks: rng.chance(0.4) ? [{ kind: 'x', url: `https://x.com/${c.handle}` }] : [],
      });
    }

    // Drawing entrants: validated collectors (their own PRNG, so the benchmark users below do not change).
    const entrantRng = new Rng('drawing-entrants');
    const handles = new Set(rows.map((r) => r.profileUrl.toLowerCase()));
    const entrantHandles = new Set<string>();
    for (let i = 0; entrantHandles.size < DRAWING_ENTRANTS; i++) {
      const first = FIRST_NAMES[i % FIRST_NAMES.length] ?? 'Alex';
      const last = LAST_NAMES[(i * 7) % LAST_NAMES.length] ?? 'Park';
      const handle = `${first}_${last}`.toLowerCase().replace(/[^a-z0-9_]/g, '');
      if (handles.has(handle)) continue;
      handles.add(handle);
      entrantHandles.add(handle);
      const created = -entrantRng.int(60, 700) * DAY;
      rows.push({
        email: `${handle}@example.com`,
        emailVerifiedAt: this.at(created + HOUR),
        firstName: first,
        lastName: last,
        name: `${first} ${last}`,
        bio: '',
        profileUrl: handle,
        walletAddress: addressOf(`wallet:${handle}`),
        verifiedPhone: true,
        countryCode: '+1',
        phoneNumber: `202555${2000 + entrantHandles.size}`,
        preferences: { displayCurrency: 'USD', storefrontTabPref: 'NFTS' },
        createdAt: this.at(created),
        updatedAt: this.at(created + DAY),
      });
    }

    // Benchmark users: about one per ten tokens, 5% of them creators.
    const demoUserCount = rows.length;
    const extra = Math.max(0, Math.round(scale / 10) - demoUserCount);
    const bulkCreatorHandles = new Set<string>();
    for (let i = 0; i < extra; i++) {
      const first = FIRST_NAMES[i % FIRST_NAMES.length] ?? 'Alex';
      const last = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length] ?? 'Park';
      const handle = `${first}${last}${i + 1}`.toLowerCase();
      const creator = i % 20 === 7;
      if (creator) bulkCreatorHandles.add(handle);
      const created = -rng.int(30, 900) * DAY;
      rows.push({
        email: `${handle}@example.com`,
        emailVerifiedAt: rng.chance(0.8) ? this.at(created + HOUR) : null,
        firstName: first,
        lastName: last,
        name: `${first} ${last}`,
        bio: creator
          ? `${first} ${last} makes ${rng.pick(['photographs', 'generative work', '3D objects', 'illustrations', 'collages'])} and publishes on Vitrine.`
          : '',
        profileUrl: handle,
        walletAddress: addressOf(`wallet:${handle}`),
        creator,
        profilePicUrl: rng.chance(0.4) ? await this.poolImage(i * 7) : null,
        preferences: { displayCurrency: rng.chance(0.2) ? 'ETH' : 'USD' },
        createdAt: this.at(created),
        updatedAt: this.at(created + DAY),
      });
    }

    for (let i = 0; i < rows.length; i += WIDE_BATCH) {
      const batch = rows.slice(i, i + WIDE_BATCH);
      const ids = await this.tx
        .insert(s.users)
        .values(batch)
        .returning({ id: s.users.id, profileUrl: s.users.profileUrl, name: s.users.name });
      for (const u of ids) {
        this.people.set(u.profileUrl, { id: u.id, handle: u.profileUrl, name: u.name });
        this.names.set(u.id, u.name);
      }
      this.add('users', ids.length);
      if (rows.length > WIDE_BATCH)
        this.progress(`users ${Math.min(i + WIDE_BATCH, rows.length)}/${rows.length}`);
    }

    this.demoCollectorId = this.person(DEMO_COLLECTOR_PERSON.handle).id;
    this.demoPublisherId = this.person(DEMO_PUBLISHER_PERSON.handle).id;
    for (const c of COLLECTORS) {
      this.demoBuyers.push(this.person(c.handle).id);
      this.demoBuyerWeights.push(1);
    }
    this.demoBuyers.push(this.demoCollectorId);
    this.demoBuyerWeights.push(0.6);
    for (const a of ARTISTS) {
      this.demoBuyers.push(this.person(a.handle).id);
      this.demoBuyerWeights.push(0.15);
    }
    this.entrants = [...entrantHandles].map((h) => this.person(h).id);
    this.bulkBuyers = COLLECTORS.map((c) => this.person(c.handle).id);
    for (const row of rows.slice(demoUserCount)) {
      const p = this.person(row.profileUrl);
      if (bulkCreatorHandles.has(p.handle)) this.bulkCreators.push(p.id);
      else this.bulkBuyers.push(p.id);
    }
  }

  // ---- publishers ----

  private async seedPublishers(scale: number): Promise<void> {
    const rng = new Rng('publishers');
    const rows: NewPublisher[] = [];
    for (const [i, p] of PUBLISHERS.entries()) {
      const created = -rng.int(700, 1000) * DAY;
      const links = [
        { kind: 'website', url: p.website },
        { kind: 'x', url: `https://x.com/${p.x}` },
      ];
      if (p.instagram) links.push({ kind: 'instagram', url: `https://instagram.com/${p.instagram}` });
      if (p.discord) links.push({ kind: 'discord', url: `https://discord.gg/${p.discord}` });
      rows.push({
        slug: p.slug,
        name: p.name,
        description: p.description,
        profilePicUrl: await this.svg(`seed/publisher/${p.slug}.svg`, () => logoArtwork(i + 1, p.name)),
        coverPhotoUrl: await this.svg(`seed/publisher/${p.slug}-cover.svg`, () => coverArtwork(100 + i)),
        socialLinks: links,
        verified: p.verified === true,
        curated: p.curated === true,
        createdAt: this.at(created),
        updatedAt: this.at(created + 30 * DAY),
      });
    }
    const extra = Math.floor(scale / 4000);
    for (let i = 0; i < extra; i++) {
      const name = `${BULK_ADJECTIVES[i % BULK_ADJECTIVES.length]} ${BULK_NOUNS[(i * 7) % BULK_NOUNS.length]} ${rng.pick(['Press', 'Editions', 'Studio', 'Gallery', 'Collective', 'House'])}`;
      const slug = `${slugify(name)}-${i + 1}`.slice(0, 35);
      const created = -rng.int(200, 1000) * DAY;
      rows.push({
        slug,
        name,
        description: `${name} publishes ${rng.pick(['limited editions', 'generative work', 'photography', 'collectible packs', '3D objects'])} by a small roster of artists.`,
        profilePicUrl: await this.svg(`seed/publisher/${slug}.svg`, () => logoArtwork(50 + i, name)),
        coverPhotoUrl: await this.poolImage(i * 13 + 5),
        socialLinks: [{ kind: 'website', url: `https://${slug}.example` }],
        createdAt: this.at(created),
        updatedAt: this.at(created + DAY),
      });
    }
    for (let i = 0; i < rows.length; i += WIDE_BATCH) {
      const ids = await this.tx
        .insert(s.publishers)
        .values(rows.slice(i, i + WIDE_BATCH))
        .returning({ id: s.publishers.id, slug: s.publishers.slug });
      for (const p of ids) {
        this.publisherIds.set(p.slug, p.id);
        this.publisherSlugs.push(p.slug);
      }
      this.add('publishers', ids.length);
    }

    const members = [
      {
        publisherId: this.publisherId('atlas'),
        userId: this.demoPublisherId,
        role: 'owner',
        createdAt: this.at(-300 * DAY),
      },
      ...PUBLISHERS.map((p) => ({
        publisherId: this.publisherId(p.slug),
        userId: this.person(p.owner).id,
        role: 'owner',
        createdAt: this.at(-200 * DAY),
      })),
    ];
    await this.tx.insert(s.publisherMembers).values(members);
    this.add('publisherMembers', members.length);
    for (const m of members) {
      const slug = this.publisherSlugs.find((p) => this.publisherIds.get(p) === m.publisherId);
      if (slug !== undefined)
        this.publisherMembers.set(slug, [...(this.publisherMembers.get(slug) ?? []), m.userId]);
    }
  }

  private publisherId(slug: string): number {
    const id = this.publisherIds.get(slug);
    if (id === undefined) throw new Error(`seed: unknown publisher ${slug}`);
    return id;
  }

  // ---- catalogue drafts ----

  private async draftDemo(): Promise<{ drops: DropDraft[]; collections: CollectionDraft[] }> {
    const rng = new Rng('demo-catalogue');
    const drops: DropDraft[] = [];
    const collections: CollectionDraft[] = [];
    for (const [i, d] of DROPS.entries()) {
      const startMs = this.now + d.start;
      const endMs = this.now + d.end;
      const state: State = endMs <= this.now ? 'ended' : startMs <= this.now ? 'live' : 'upcoming';
      const created = Math.min(startMs - 21 * DAY, this.now - 3 * DAY);
      const cover = await this.svg(`seed/cover/${d.slug}.svg`, () => coverArtwork(i + 1));
      const drafts: CollectionDraft[] = [];
      for (const c of d.collections) {
        drafts.push(
          await this.draftCollection(rng, c, {
            publisherSlug: d.publisher,
            dropSlug: d.slug,
            dropType: d.type,
            state,
            startMs,
            endMs,
            createdMs: created,
            soldOut: d.soldOut === true,
            requiresValidation: d.requiresValidation === true,
            demo: true,
          }),
        );
      }
      const preview = drafts[0]?.nifties[0]?.row.assetUrl ?? null;
      drops.push({
        publisherSlug: d.publisher,
        row: {
          slug: d.slug,
          title: d.title,
          introText: d.intro,
          dropType: d.type,
          dropStatus: d.draft ? 'draft' : 'published',
          chain: 'ethereum',
          coverAsset: cover,
          previewAsset: preview,
          startAt: new Date(startMs),
          endAt: new Date(endMs),
          // The studio reads the visible window as the sale window it publishes (studio.service `publish`).
          visibleStartAt: new Date(startMs),
          visibleEndAt: new Date(endMs),
          createdAt: new Date(created),
          updatedAt: new Date(Math.min(created + 2 * DAY, this.now)),
        },
      });
      collections.push(...drafts);
    }
    for (const m of MARKET_COLLECTIONS) {
      const startMs = this.now - m.daysAgo * DAY;
      collections.push(
        await this.draftCollection(rng, m, {
          publisherSlug: m.publisher,
          dropSlug: null,
          dropType: null,
          state: 'market',
          startMs,
          endMs: startMs + 3 * DAY,
          createdMs: startMs - 14 * DAY,
          soldOut: false,
          requiresValidation: false,
          demo: true,
        }),
      );
    }
    this.forceDemoOwnership(rng, collections);
    return { drops, collections };
  }

  /** The demo collector owns a dozen demo tokens, a few of them listed. */
  private forceDemoOwnership(rng: Rng, collections: CollectionDraft[]): void {
    const candidates = collections.flatMap((c) => c.nifties.filter((n) => minted(n.plan) > 0));
    for (const [i, n] of rng.sample(candidates, 12).entries()) {
      let edition = rng.int(1, n.plan.sold);
      while (n.plan.burnt.has(edition)) edition = (edition % n.plan.sold) + 1;
      n.plan.forced.set(edition, i < 4);
    }
  }

  private async draftCollection(
    rng: Rng,
    c: CollectionSpec,
    ctx: {
      publisherSlug: string;
      dropSlug: string | null;
      dropType: DropType | null;
      state: State;
      startMs: number;
      endMs: number;
      createdMs: number;
      soldOut: boolean;
      requiresValidation: boolean;
      demo: boolean;
    },
  ): Promise<CollectionDraft> {
    const contract = addressOf(`contract:${c.slug}`);
    const creators = c.artists.map((h) => this.person(h));
    const lead = creators[0];
    if (!lead) throw new Error(`seed: collection ${c.slug} has no artist`);
    const nifties: NiftyDraft[] = [];
    for (const [j, piece] of c.pieces.entries()) {
      const typeNumber = j + 1;
      const artIndex = this.artIndex++;
      const assetUrl = await this.svg(`seed/nft/${c.slug}-${typeNumber}.svg`, () =>
        nftArtwork(artIndex + 1, piece.title),
      );
      const dropType = ctx.dropType ?? marketDropType(c.category);
      const econ = economics(rng, dropType, ctx.state, {
        soldOut: ctx.soldOut,
        free: piece.freeRedemption === true,
        demo: true,
        burnHeavy: c.slug === 'glass-menagerie',
      });
      const artist = creators[j % creators.length] ?? lead;
      const line = rng
        .sample(pieceLinesFor(econ.editionSize), 2)
        .map((t) => fill(t, { title: piece.title, artist: artist.name, collection: c.name }));
      nifties.push({
        row: {
          typeNumber,
          niftyType: ctx.state === 'market' ? 'edition' : NIFTY_TYPE_OF[dropType],
          title: piece.title,
          description: line.join(' '),
          assetUrl,
          assetType: 'Image',
          saleType: ctx.state === 'market' ? marketSaleType(c.category) : SALE_TYPE_OF[dropType],
          editionSize: econ.editionSize,
          priceCurrency: 'USD',
          priceAmount: String(econ.priceCents),
          minimumBidInCents: econ.minBid > 0 ? econ.minBid : null,
          bidIncrementInCents: econ.increment > 0 ? econ.increment : null,
          royaltyPercentage: rng.pick([10, 10, 10, 8, 5]),
          limitPerUser: econ.limitPerUser,
          maxPurchaseQuantity: piece.freeRedemption === true ? 1 : maxPurchaseOf(dropType),
          startAt: new Date(ctx.startMs),
          endAt: new Date(ctx.endMs),
          totalSold: econ.sold,
          totalReserved: econ.reserved,
          totalBurnt: econ.burnt.size,
          burnRequired: piece.burnRequired === true,
          isFreeRedemption: piece.freeRedemption === true,
          requiresValidation: ctx.requiresValidation,
          tags: c.tags.slice(0, 1 + (j % c.tags.length)),
          sortOrder: typeNumber,
          createdAt: new Date(ctx.createdMs),
        },
        plan: {
          title: piece.title,
          contract,
          typeNumber,
          dropType: ctx.dropType,
          state: ctx.state,
          sold: econ.mint ? econ.sold : 0,
          drawable: econ.editionSize - econ.reserved,
          publisherSlug: ctx.publisherSlug,
          burnt: econ.burnt,
          priceCents: econ.priceCents,
          minBid: econ.minBid,
          increment: econ.increment,
          startMs: ctx.startMs,
          endMs: ctx.endMs,
          rarity: c.rarity === true,
          sellerId: artist.id,
          demo: ctx.demo,
          fast: ctx.soldOut,
          forced: new Map(),
          onePerBuyer: dropType === 'ranked_auction' || dropType === 'silent_auction',
          primaryBuyers: new Set(),
        },
      });
    }
    return {
      publisherSlug: ctx.publisherSlug,
      dropSlug: ctx.dropSlug,
      creatorIds: creators.map((p) => p.id),
      nifties,
      row: {
        slug: c.slug,
        name: c.name,
        description: c.description,
        contractAddress: contract,
        chain: 'ethereum',
        category: c.category,
        tags: c.tags,
        imageUrl: nifties[0]?.row.assetUrl ?? null,
        startAt: new Date(ctx.startMs),
        endAt: new Date(ctx.endMs),
        totalItems: nifties.reduce(
          (sum, n) => sum + (n.row.niftyType === 'oe' ? (n.row.totalSold ?? 0) : (n.row.editionSize ?? 0)),
          0,
        ),
        createdAt: new Date(ctx.createdMs),
      },
    };
  }

  /** Benchmark catalogue: ended drops and marketplace-only collections until `tokens` are planned. */
  private async draftBulk(tokens: number): Promise<{ drops: DropDraft[]; collections: CollectionDraft[] }> {
    const rng = new Rng('bulk-catalogue');
    const drops: DropDraft[] = [];
    const collections: CollectionDraft[] = [];
    const creators = [...ARTISTS.map((a) => this.person(a.handle).id), ...this.bulkCreators];
    // A drawing's winners are distinct users with one entry each, and more entered than won: a small
    // store's drawings are no larger than half its entrants.
    const drawingCap = Math.floor((this.bulkBuyers.length + this.entrants.length) / 2);
    let remaining = tokens;
    for (let i = 0; remaining > 0; i++) {
      const isDrop = i % 3 === 0;
      const dropType: DropType = isDrop
        ? (DROP_TYPES[Math.floor(i / 3) % DROP_TYPES.length] ?? 'fcfs')
        : 'fcfs';
      const name = `${BULK_ADJECTIVES[(i * 11) % BULK_ADJECTIVES.length]} ${BULK_NOUNS[(i * 7 + Math.floor(i / BULK_ADJECTIVES.length)) % BULK_NOUNS.length]}`;
      const slug = `${slugify(name)}-${i + 1}`;
      const tags: Tag[] = rng.sample(TAGS, rng.int(1, 2));
      const category: Category = isDrop
        ? dropType === 'auction'
          ? 'one_of_one'
          : rng.pick(['art', 'collectibles', 'curated'] as const)
        : rng.pick(['art', 'art', 'collectibles', 'one_of_one'] as const);
      const state: State = isDrop ? 'ended' : 'market';
      const endMs = isDrop ? this.now - rng.int(2, 80) * DAY - rng.int(0, 23) * HOUR : 0;
      const startMs = isDrop ? endMs - rng.int(1, 5) * DAY : this.now - rng.int(100, 900) * DAY;
      const finalEnd = isDrop ? endMs : startMs + 3 * DAY;
      const publisherSlug = rng.pick(this.publisherSlugs);
      const collectionCreators = rng.sample(creators, rng.int(1, 2));
      const lead = collectionCreators[0] ?? this.person(ARTISTS[0]?.handle ?? 'mirasolis').id;
      const contract = addressOf(`contract:${slug}`);
      const oneOfOne = (isDrop && dropType === 'auction') || (!isDrop && category === 'one_of_one');
      const niftyCount = oneOfOne ? rng.int(1, 4) : rng.int(2, 8);
      const nifties: NiftyDraft[] = [];
      for (let j = 0; j < niftyCount && remaining > 0; j++) {
        const typeNumber = j + 1;
        const title = `${rng.pick(BULK_PIECE_NOUNS)} No. ${rng.int(1, 99)}`;
        const econ = economics(rng, isDrop ? dropType : marketDropType(category), state, {
          soldOut: false,
          free: false,
          demo: false,
          burnHeavy: false,
        });
        if (
          isDrop &&
          (dropType === 'drawing' || dropType === 'pack_drawing') &&
          econ.editionSize > drawingCap
        ) {
          econ.editionSize = drawingCap;
          econ.reserved = Math.min(econ.reserved, drawingCap - 1);
          econ.sold = econ.editionSize - econ.reserved;
        }
        let sold = econ.mint ? econ.sold : 0;
        if (sold > remaining) sold = remaining;
        remaining -= sold;
        const niftyType: NiftyType = isDrop ? NIFTY_TYPE_OF[dropType] : 'edition';
        const saleType: SaleType = isDrop ? SALE_TYPE_OF[dropType] : marketSaleType(category);
        nifties.push({
          row: {
            typeNumber,
            niftyType,
            title,
            description: rng
              .sample(pieceLinesFor(econ.editionSize), 2)
              .map((t) => fill(t, { title, artist: this.names.get(lead) ?? 'the artist', collection: name }))
              .join(' '),
            assetUrl: await this.poolImage(i * 17 + j * 3),
            saleType,
            editionSize: econ.editionSize,
            priceCurrency: 'USD',
            priceAmount: String(econ.priceCents),
            minimumBidInCents: econ.minBid > 0 ? econ.minBid : null,
            bidIncrementInCents: econ.increment > 0 ? econ.increment : null,
            limitPerUser: econ.limitPerUser,
            maxPurchaseQuantity: isDrop ? maxPurchaseOf(dropType) : 1,
            startAt: new Date(startMs),
            endAt: new Date(finalEnd),
            totalSold: sold,
            totalReserved: econ.reserved,
            totalBurnt: 0,
            tags,
            sortOrder: typeNumber,
            createdAt: new Date(startMs - 14 * DAY),
          },
          plan: {
            title,
            contract,
            typeNumber,
            dropType: isDrop ? dropType : null,
            state,
            sold,
            drawable: econ.editionSize - econ.reserved,
            publisherSlug,
            burnt: new Set(),
            priceCents: econ.priceCents,
            minBid: econ.minBid,
            increment: econ.increment,
            startMs,
            endMs: finalEnd,
            rarity: tags.includes('PFP') || dropType === 'blind_edition',
            sellerId: lead,
            demo: false,
            fast: false,
            forced: new Map(),
            onePerBuyer: isDrop && (dropType === 'ranked_auction' || dropType === 'silent_auction'),
            primaryBuyers: new Set(),
          },
        });
      }
      if (nifties.length === 0) break;
      collections.push({
        publisherSlug,
        dropSlug: isDrop ? slug : null,
        creatorIds: collectionCreators,
        nifties,
        row: {
          slug,
          name,
          description: `${name} gathers ${nifties.length} ${nifties.length === 1 ? 'work' : 'works'} by ${collectionCreators.map((id) => this.names.get(id) ?? 'an artist').join(' and ')}, ${isDrop ? 'first released in a timed drop' : 'traded on the marketplace since its release'}.`,
          contractAddress: contract,
          category,
          tags,
          imageUrl: nifties[0]?.row.assetUrl ?? null,
          startAt: new Date(startMs),
          endAt: new Date(finalEnd),
          totalItems: nifties.reduce(
            (sum, n) => sum + (n.row.niftyType === 'oe' ? (n.row.totalSold ?? 0) : (n.row.editionSize ?? 0)),
            0,
          ),
          createdAt: new Date(startMs - 14 * DAY),
        },
      });
      if (isDrop) {
        drops.push({
          publisherSlug,
          row: {
            slug,
            title: name,
            introText: `${name} closed on ${new Date(endMs).toISOString().slice(0, 10)}. Editions now trade on the marketplace.`,
            dropType,
            dropStatus: 'published',
            coverAsset: await this.svg(`seed/cover/pool-${i % 40}.svg`, () => coverArtwork(1_000 + (i % 40))),
            previewAsset: nifties[0]?.row.assetUrl ?? null,
            startAt: new Date(startMs),
            endAt: new Date(endMs),
            visibleStartAt: new Date(startMs),
            visibleEndAt: new Date(endMs),
            createdAt: new Date(startMs - 14 * DAY),
            updatedAt: new Date(startMs - 13 * DAY),
          },
        });
      }
    }
    return { drops, collections };
  }

  // ---- catalogue writes ----

  private async writeCatalogue(drops: DropDraft[], collections: CollectionDraft[]): Promise<MintPlan[]> {
    const dropIds = new Map<string, number>();
    for (let i = 0; i < drops.length; i += BATCH) {
      const rows: NewDrop[] = drops
        .slice(i, i + BATCH)
        .map((d) => ({ ...d.row, publisherId: this.publisherId(d.publisherSlug) }));
      const ids = await this.tx
        .insert(s.drops)
        .values(rows)
        .returning({ id: s.drops.id, slug: s.drops.slug });
      for (const d of ids) dropIds.set(d.slug, d.id);
      this.add('drops', ids.length);
    }

    const collectionIds = new Map<string, number>();
    for (let i = 0; i < collections.length; i += BATCH) {
      const rows: NewCollection[] = collections.slice(i, i + BATCH).map((c) => ({
        ...c.row,
        publisherId: this.publisherId(c.publisherSlug),
        dropId: c.dropSlug === null ? null : (dropIds.get(c.dropSlug) ?? null),
      }));
      const ids = await this.tx
        .insert(s.collections)
        .values(rows)
        .returning({ id: s.collections.id, slug: s.collections.slug });
      for (const c of ids) collectionIds.set(c.slug, c.id);
      this.add('collections', ids.length);
    }
    const idOf = (c: CollectionDraft): number => {
      const id = collectionIds.get(c.row.slug);
      if (id === undefined) throw new Error(`seed: collection ${c.row.slug} was not written`);
      return id;
    };

    const creatorRows = collections.flatMap((c) =>
      c.creatorIds.map((userId, position) => ({ collectionId: idOf(c), userId, position })),
    );
    for (let i = 0; i < creatorRows.length; i += BATCH) {
      await this.tx.insert(s.collectionCreators).values(creatorRows.slice(i, i + BATCH));
    }
    this.add('collectionCreators', creatorRows.length);

    const drafts = collections.flatMap((c) => c.nifties.map((n) => ({ collectionId: idOf(c), n })));
    const plans: MintPlan[] = [];
    for (let i = 0; i < drafts.length; i += WIDE_BATCH) {
      const batch = drafts.slice(i, i + WIDE_BATCH);
      const ids = await this.tx
        .insert(s.nifties)
        .values(batch.map(({ collectionId, n }) => ({ ...n.row, collectionId })))
        .returning({
          id: s.nifties.id,
          collectionId: s.nifties.collectionId,
          typeNumber: s.nifties.typeNumber,
        });
      const byKey = new Map(ids.map((r) => [`${r.collectionId}:${r.typeNumber}`, r.id]));
      for (const { collectionId, n } of batch) {
        const niftyId = byKey.get(`${collectionId}:${n.row.typeNumber}`);
        if (niftyId === undefined) throw new Error('seed: nifty was not written');
        plans.push({ ...n.plan, niftyId });
      }
      this.add('nifties', ids.length);
    }
    return plans;
  }

  // ---- tokens, sales, listings ----

  private async mint(plan: MintPlan): Promise<void> {
    if (plan.sold <= 0) return;
    const rng = new Rng(`tokens:${plan.contract}:${plan.typeNumber}`);
    const primary = this.primarySchedule(rng, plan);
    const drawing = this.draw(plan, primary);
    for (let edition = 1; edition <= plan.sold; edition++) {
      if (plan.burnt.has(edition)) continue;
      const slot = primary[edition - 1];
      this.pendingTokens.push(this.token(rng, plan, edition, slot ?? null, drawing?.winners[edition - 1]));
      if (this.pendingTokens.length >= BATCH) await this.flushTokens();
    }
  }

  /** Time and price of each edition's primary sale, in edition order (null: not recorded). */
  private primarySchedule(rng: Rng, plan: MintPlan): ({ at: number; cents: number } | null)[] {
    const out: ({ at: number; cents: number } | null)[] = [];
    if (plan.state === 'market' || plan.dropType === null) {
      for (let i = 0; i < plan.sold; i++) out.push(null);
      return out;
    }
    const windowEnd = Math.min(plan.endMs, this.now - MINUTE);
    const span = Math.max(MINUTE, windowEnd - plan.startMs);
    const settle = () => Math.min(plan.endMs + rng.int(2, 40) * MINUTE, this.now - MINUTE);
    switch (plan.dropType) {
      case 'auction': {
        out.push({ at: settle(), cents: plan.minBid + plan.increment * rng.int(2, 30) });
        break;
      }
      case 'ranked_auction':
      case 'silent_auction': {
        const bids: number[] = [];
        for (let i = 0; i < plan.sold; i++) bids.push(plan.minBid + plan.increment * rng.int(0, 40));
        bids.sort((a, b) => b - a);
        const at = settle();
        for (const cents of bids) out.push({ at, cents });
        break;
      }
      case 'drawing':
      case 'pack_drawing': {
        const at = settle();
        for (let i = 0; i < plan.sold; i++) out.push({ at: at + i * 1000, cents: plan.priceCents });
        break;
      }
      case 'open_edition': {
        const times: number[] = [];
        for (let i = 0; i < plan.sold; i++) times.push(plan.startMs + span * rng.float());
        times.sort((a, b) => a - b);
        for (const at of times) out.push(plan.priceCents > 0 ? { at, cents: plan.priceCents } : null);
        break;
      }
      default: {
        // fcfs, pack, blind_edition: front-loaded buying.
        const fast = plan.fast && span > HOUR;
        const times: number[] = [];
        for (let i = 0; i < plan.sold; i++) {
          const f = rng.float();
          times.push(plan.startMs + (fast ? HOUR * f : span * f * f));
        }
        times.sort((a, b) => a - b);
        for (const at of times) out.push(plan.priceCents > 0 ? { at, cents: plan.priceCents } : null);
      }
    }
    return out;
  }

  /**
   * An ended drawing drawn as the `drawings.run` job draws it (decision 013): a seed from the seed's PRNG
   * and its commitment, entries from validated entrants and collectors (one a user, never the seller or
   * the publisher's members), the winners `drawWinners(seed, entry ids, editionsDrawn)`, the run's
   * editions 1, 2, ... going to them in entry-id order. drawWinners depends only on the ids' order, so the
   * winning positions are drawn first and the editions' buyers placed there; `writeDrawings` checks the
   * written ids give the same winners. The demo collector wins an edition forced to them.
   */
  private draw(plan: MintPlan, primary: ({ at: number; cents: number } | null)[]): PendingDrawing | null {
    const isDrawing = plan.dropType === 'drawing' || plan.dropType === 'pack_drawing';
    const first = primary[0];
    if (!isDrawing || plan.state !== 'ended' || plan.sold <= 0 || !first) return null;
    const rng = new Rng(`drawing:${plan.contract}:${plan.typeNumber}`);
    const seed = rng.hex(64);
    const forcedEdition = [...plan.forced.keys()][0];
    const members = new Set(this.publisherMembers.get(plan.publisherSlug) ?? []);
    const candidates = plan.demo
      ? [...this.entrants, ...this.demoBuyers]
      : [...this.bulkBuyers, ...this.entrants];
    const pool = [...new Set(candidates)].filter(
      (id) =>
        id !== plan.sellerId &&
        !members.has(id) &&
        (forcedEdition === undefined || id !== this.demoCollectorId),
    );
    const reserved = forcedEdition === undefined ? 0 : 1;
    const won = plan.sold;
    if (pool.length + reserved < won) throw new Error(`seed: too few entrants to draw ${plan.title}`);
    // Fewer editions sold than drawn (a benchmark store's last nifty, cut short): every entry won.
    const total =
      won < plan.drawable
        ? won
        : Math.min(pool.length + reserved, Math.max(won + 1, Math.round(won * rng.range(1.5, 3))));
    const positions = drawWinners(
      seed,
      Array.from({ length: total }, (_, i) => i),
      plan.drawable,
    ).sort((a, b) => a - b);
    if (positions.length !== won) throw new Error(`seed: ${plan.title} draws ${positions.length} of ${won}`);
    const users = rng.sample(pool, total - reserved);
    const at = Array.from({ length: total }, () =>
      Math.round(plan.startMs + (Math.min(plan.endMs, this.now) - plan.startMs) * rng.float()),
    ).sort((a, b) => a - b);
    let next = 0;
    const take = () => {
      const id = users[next++];
      if (id === undefined) throw new Error(`seed: ran out of entrants for ${plan.title}`);
      return id;
    };
    const editionAt = new Map(positions.map((p, i) => [p, i + 1]));
    const winners = positions.map((_, i) => (forcedEdition === i + 1 ? this.demoCollectorId : take()));
    const entries = at.map((ms, p) => {
      const edition = editionAt.get(p) ?? null;
      return {
        userId: edition === null ? take() : (winners[edition - 1] as number),
        at: new Date(Math.min(ms, plan.endMs - 1)),
        edition,
      };
    });
    const drawing: PendingDrawing = {
      niftyId: plan.niftyId,
      title: plan.title,
      seed,
      editionsDrawn: plan.drawable,
      priceCents: plan.priceCents,
      createdAt: new Date(plan.startMs - rng.int(1, 48) * HOUR),
      drawnAt: new Date(first.at),
      entries,
      winners,
    };
    this.pendingDrawings.push(drawing);
    this.drawnNifties.add(plan.niftyId);
    return drawing;
  }

  /** The pending drawings and their entries, checked against drawWinners on the written entry ids. */
  private async writeDrawings(): Promise<void> {
    for (let i = 0; i < this.pendingDrawings.length; i += BATCH) {
      const batch = this.pendingDrawings.slice(i, i + BATCH);
      const ids = await this.tx
        .insert(s.drawings)
        .values(
          batch.map((d) => ({
            niftyId: d.niftyId,
            seed: d.seed,
            commitment: drawingCommitment(d.seed),
            status: 'drawn',
            editionsDrawn: d.editionsDrawn,
            createdAt: d.createdAt,
            drawnAt: d.drawnAt,
          })),
        )
        .returning({ id: s.drawings.id, niftyId: s.drawings.niftyId });
      const idOf = new Map(ids.map((r) => [r.niftyId, r.id]));
      // One drawing's entries in position order, so their ids ascend as the draw placed them.
      const rows: NewDrawingEntry[] = batch.flatMap((d) => {
        const drawingId = idOf.get(d.niftyId);
        if (drawingId === undefined) throw new Error(`seed: drawing of ${d.title} was not written`);
        return d.entries.map((e) => ({
          drawingId,
          userId: e.userId,
          priceCents: d.priceCents,
          // Paid by card (decision 009 "Seeded money"): authorised on entering, captured or voided at the draw.
          ...(d.priceCents > 0
            ? {
                paymentMethod: 'stripe_card',
                providerReference: `seed_card_entry_${drawingId}_${e.userId}`,
                cardSettledAt: d.drawnAt,
              }
            : { paymentMethod: 'balance' }),
          status: e.edition === null ? 'lost' : 'won',
          tokenRowId: e.edition === null ? null : (this.drawnTokens.get(`${d.niftyId}:${e.edition}`) ?? null),
          createdAt: e.at,
          settledAt: d.drawnAt,
        }));
      });
      const entryIds = new Map<string, number>();
      for (let j = 0; j < rows.length; j += BATCH) {
        const written = await this.tx
          .insert(s.drawingEntries)
          .values(rows.slice(j, j + BATCH))
          .returning({
            id: s.drawingEntries.id,
            drawingId: s.drawingEntries.drawingId,
            userId: s.drawingEntries.userId,
          });
        for (const e of written) entryIds.set(`${e.drawingId}:${e.userId}`, e.id);
      }
      for (const d of batch) {
        const drawingId = idOf.get(d.niftyId);
        const ids = d.entries.map((e) => entryIds.get(`${drawingId}:${e.userId}`) ?? -1);
        const expected = d.entries.flatMap((e, p) => (e.edition === null ? [] : [ids[p] as number]));
        const drawn = drawWinners(d.seed, ids, d.editionsDrawn).sort((a, b) => a - b);
        const ordered = ids.every((id, p) => id > 0 && (p === 0 || id > (ids[p - 1] as number)));
        if (!ordered || drawn.length !== expected.length || drawn.some((id, k) => id !== expected[k])) {
          throw new Error(`seed: the drawing of ${d.title} does not give its winners`);
        }
      }
      this.add('drawings', ids.length);
      this.add('drawingEntries', rows.length);
    }
    this.pendingDrawings = [];
  }

  /**
   * An edition's buyer at its primary sale. An auction won by one bid per bidder gets a different winner for each
   * edition, as the bid engine allows; the demo collector's forced edition of one is theirs from the sale, and no
   * other edition of it is.
   */
  private primaryBuyer(rng: Rng, plan: MintPlan, isForced: boolean): number {
    if (!plan.onePerBuyer) return this.buyer(rng, plan, null);
    const demo = this.demoCollectorId;
    if (isForced && !plan.primaryBuyers.has(demo)) {
      plan.primaryBuyers.add(demo);
      return demo;
    }
    const taken = (id: number) => plan.primaryBuyers.has(id) || (plan.forced.size > 0 && id === demo);
    let id = this.buyer(rng, plan, null);
    for (let attempt = 0; attempt < 32 && taken(id); attempt++) id = this.buyer(rng, plan, null);
    if (taken(id)) throw new Error(`seed: too few bidders for the editions of ${plan.title}`);
    plan.primaryBuyers.add(id);
    return id;
  }

  private buyer(rng: Rng, plan: MintPlan, not: number | null): number {
    for (let attempt = 0; attempt < 8; attempt++) {
      const id = plan.demo
        ? rng.weighted(this.demoBuyers, this.demoBuyerWeights)
        : rng.chance(0.002)
          ? this.demoCollectorId
          : rng.pick(this.bulkBuyers);
      if (id !== not && id !== plan.sellerId) return id;
    }
    return this.bulkBuyers.find((id) => id !== not && id !== plan.sellerId) ?? this.demoCollectorId;
  }

  private token(
    rng: Rng,
    plan: MintPlan,
    edition: number,
    primary: { at: number; cents: number } | null,
    /** The buyer of the primary sale, when it is decided (a drawing's winner). */
    winner?: number,
  ): PendingToken {
    const forced = plan.forced.get(edition);
    const isForced = forced !== undefined;
    const mintedAt =
      plan.dropType === 'open_edition'
        ? Math.min(plan.endMs + rng.int(10, 200) * MINUTE, this.now - MINUTE)
        : primary
          ? primary.at
          : plan.startMs + rng.int(0, 72) * HOUR;
    const sales: Omit<NewSale, 'tokenRowId'>[] = [];
    const listings: Omit<NewListing, 'tokenRowId'>[] = [];

    let owner = winner ?? this.primaryBuyer(rng, plan, isForced);
    let lastCents = primary?.cents ?? plan.priceCents;
    let lastAt = Math.max(mintedAt, primary?.at ?? 0);
    let lastSale: { cents: number; at: number } | null = null;
    if (primary) {
      sales.push({
        sellerId: plan.sellerId,
        buyerId: owner,
        market: 'primary',
        currency: 'USD',
        amount: String(primary.cents),
        priceInCents: primary.cents,
        soldAt: new Date(primary.at),
      });
      lastSale = { cents: primary.cents, at: primary.at };
    }

    // Secondary trades inside the 90-day window.
    const recent = plan.state === 'live' ? 0.08 : plan.demo ? 0.45 : 0.35;
    let trades = rng.chance(recent) ? 1 + (rng.chance(0.35) ? 1 : 0) + (rng.chance(0.2) ? 1 : 0) : 0;
    if (isForced) trades = owner === this.demoCollectorId ? 0 : 1;
    let t = Math.max(lastAt, this.now - SALES_WINDOW);
    for (let k = 0; k < trades; k++) {
      const nextAt = Math.round(t + (this.now - t) * rng.range(0.1, 0.6)) + MINUTE;
      if (nextAt >= this.now) break;
      const buyer = isForced && k === trades - 1 ? this.demoCollectorId : this.buyer(rng, plan, owner);
      if (buyer === owner) break;
      const cents = roundPrice(Math.max(lastCents, 500) * rng.range(0.8, 2.4));
      const q = quote(rng, cents, 0.15);
      // Every trade was a Buy Now of a listing (its paid intent and movement: ./ledger.ts); the listing's
      // time is drawn for half of them, as before, so the rest of the store's draws stay the same.
      listings.push({
        sellerId: owner,
        ...q,
        status: 'sold',
        createdAt: new Date(Math.round(t + (nextAt - t) * (rng.chance(0.5) ? rng.range(0.2, 0.9) : 0.5))),
        closedAt: new Date(nextAt),
      });
      sales.push({
        sellerId: owner,
        buyerId: buyer,
        market: 'secondary',
        ...q,
        soldAt: new Date(nextAt),
      });
      owner = buyer;
      lastCents = q.priceInCents;
      lastAt = nextAt;
      lastSale = { cents: q.priceInCents, at: nextAt };
      t = nextAt;
    }
    if (isForced && owner !== this.demoCollectorId) {
      // No room for a trade: the demo collector was the first owner.
      owner = this.demoCollectorId;
      for (const sale of sales) if (sale.market === 'primary') sale.buyerId = owner;
    }

    // A cancelled listing, then maybe an active one.
    const since = Math.max(lastAt, this.now - SALES_WINDOW);
    if (rng.chance(0.08)) {
      const created = since + (this.now - since) * rng.range(0.05, 0.4);
      const cents = roundPrice(Math.max(lastCents, 500) * rng.range(1.5, 4));
      listings.push({
        sellerId: owner,
        ...quote(rng, cents, 0.1),
        status: 'cancelled',
        createdAt: new Date(Math.round(created)),
        closedAt: new Date(Math.round(created + (this.now - created) * rng.range(0.1, 0.5))),
      });
    }
    const activeChance = plan.state === 'live' ? 0.12 : plan.demo ? 0.3 : 0.2;
    if (forced === true || rng.chance(activeChance)) {
      const created = since + (this.now - since) * rng.range(0.72, 0.98);
      const cents = roundPrice(Math.max(lastCents, 500) * rng.range(1.05, 2.5));
      const q = quote(rng, cents, isForced ? 0.34 : 0.12);
      listings.push({
        sellerId: owner,
        ...q,
        // The demo collector's first listing in USD has a discount (Active Discounts, the item page's struck
        // list price): a fifth of the price on top of it, so the price buyers pay is the one drawn, as before.
        discountAmount:
          forced === true && q.currency === 'USD' && !this.demoDiscounted++
            ? String(discountOf(cents))
            : null,
        status: 'active',
        createdAt: new Date(Math.round(created)),
      });
    }

    const likes = Math.floor(rng.float() ** 3 * (plan.demo ? 420 : 180));
    const row: NewToken = {
      niftyId: plan.niftyId,
      contractAddress: plan.contract,
      tokenId: String(plan.typeNumber * 100_000 + edition),
      name: `${plan.title} #${edition}`,
      editionNumber: edition,
      rarity: plan.rarity ? rng.float().toFixed(6) : null,
      ownerId: owner,
      // About a tenth of tokens refuse offers (000 §7 set-nifty-sm-pref); not the demo accounts' nor a listed token,
      // which the demo's own offer flows use. The draw is made either way, so the store's other draws stay the same.
      isAcceptingOffers:
        rng.chance(0.9) ||
        owner === this.demoCollectorId ||
        owner === this.demoPublisherId ||
        listings.some((l) => l.status === 'active'),
      likesCount: likes,
      lastSaleInCents: lastSale?.cents ?? null,
      lastSaleAt: lastSale ? new Date(lastSale.at) : null,
      mintedAt: new Date(mintedAt),
    };
    return { row, sales, listings };
  }

  private async flushTokens(): Promise<void> {
    if (this.pendingTokens.length === 0) return;
    const batch = this.pendingTokens;
    this.pendingTokens = [];
    const ids = await this.tx
      .insert(s.tokens)
      .values(batch.map((p) => p.row))
      .returning({ id: s.tokens.id, niftyId: s.tokens.niftyId, editionNumber: s.tokens.editionNumber });
    const byKey = new Map(ids.map((r) => [`${r.niftyId}:${r.editionNumber}`, r.id]));
    for (const p of batch) {
      const tokenRowId = byKey.get(`${p.row.niftyId}:${p.row.editionNumber}`);
      if (tokenRowId === undefined) throw new Error('seed: token was not written');
      if (this.drawnNifties.has(p.row.niftyId)) {
        this.drawnTokens.set(`${p.row.niftyId}:${p.row.editionNumber}`, tokenRowId);
      }
      for (const sale of p.sales) this.pendingSales.push({ ...sale, tokenRowId });
      for (const listing of p.listings) this.pendingListings.push({ ...listing, tokenRowId });
    }
    this.add('tokens', ids.length);
    if (this.pendingSales.length >= BATCH) await this.flushSales();
    if (this.pendingListings.length >= BATCH) await this.flushListings();
    if (this.tokenTarget > BATCH) this.progress(`tokens ${this.counts.tokens}/${this.tokenTarget}`);
    if ((this.counts.tokens ?? 0) >= this.nextAnalyze) {
      this.nextAnalyze *= 2;
      await this.analyze();
    }
  }

  /**
   * Refreshes planner statistics while a large store fills up. The catalog triggers look tokens up
   * by id for every batch; on a never-analysed store the planner would scan whole tables instead,
   * which makes a benchmark-scale seed quadratic. ANALYZE is allowed inside the transaction and
   * counts the transaction's own rows.
   */
  private async analyze(): Promise<void> {
    await this.tx.execute(sql`analyze`);
  }

  private async flushSales(): Promise<void> {
    while (this.pendingSales.length > 0) {
      const batch = this.pendingSales.splice(0, BATCH);
      await this.tx.insert(s.sales).values(batch);
      this.add('sales', batch.length);
    }
  }

  private async flushListings(): Promise<void> {
    while (this.pendingListings.length > 0) {
      const batch = this.pendingListings.splice(0, BATCH);
      await this.tx.insert(s.listings).values(batch);
      this.add('listings', batch.length);
      this.add('activeListings', batch.filter((l) => l.status === 'active').length);
    }
  }
}

function minted(plan: Omit<MintPlan, 'niftyId'>): number {
  return Math.max(0, plan.sold - plan.burnt.size);
}

/** Marketplace-only collections sold their nifties as editions, 1/1s at auction. */
function marketDropType(category: Category): DropType {
  return category === 'one_of_one' ? 'auction' : 'fcfs';
}

function marketSaleType(category: Category): SaleType {
  return category === 'one_of_one' ? 'auction' : 'standard';
}

interface Economics {
  editionSize: number;
  priceCents: number;
  minBid: number;
  increment: number;
  limitPerUser: number;
  sold: number;
  reserved: number;
  burnt: Set<number>;
  /** Editions are minted (tokens exist). */
  mint: boolean;
}

/** Edition size, prices and totals of one nifty, by drop type and state. */
/** 001 §3 maxPurchaseQuantity: fcfs editions sell up to 10 per purchase, other drops one (no random draw). */
function maxPurchaseOf(dropType: DropType): number {
  return dropType === 'fcfs' ? 10 : 1;
}

function economics(
  rng: Rng,
  type: DropType,
  state: State,
  o: { soldOut: boolean; free: boolean; demo: boolean; burnHeavy: boolean },
): Economics {
  const done = state === 'ended' || state === 'market';
  const size = (demo: readonly number[]) => (o.demo ? rng.pick(demo) : rng.int(10, 500));
  const e: Economics = {
    editionSize: 1,
    priceCents: 0,
    minBid: 0,
    increment: 0,
    limitPerUser: 1,
    sold: 0,
    reserved: 0,
    burnt: new Set(),
    mint: state !== 'upcoming',
  };
  const partial = (lo: number, hi: number) => Math.max(1, Math.round(e.editionSize * rng.range(lo, hi)));
  switch (type) {
    case 'auction': {
      e.minBid = rng.pick([50_000, 75_000, 100_000, 150_000, 250_000, 400_000]);
      e.increment = e.minBid >= 100_000 ? 10_000 : 5_000;
      e.priceCents = e.minBid;
      e.sold = done ? 1 : 0;
      break;
    }
    case 'ranked_auction':
    case 'silent_auction': {
      e.editionSize = o.demo ? rng.pick([10, 15, 20, 25]) : rng.int(10, 50);
      e.minBid = rng.pick([5_000, 10_000, 15_000, 25_000]);
      e.increment = rng.pick([500, 1_000, 2_500]);
      e.priceCents = e.minBid;
      e.sold = done ? e.editionSize - (type === 'silent_auction' ? rng.int(0, 2) : 0) : 0;
      break;
    }
    case 'drawing':
    case 'pack_drawing': {
      e.editionSize = size(type === 'drawing' ? [20, 30, 50] : [40, 60, 80]);
      e.priceCents = rng.pick(type === 'drawing' ? [5_000, 10_000, 15_000] : [2_000, 3_500, 5_000]);
      e.reserved = rng.int(0, 3);
      e.sold = done ? e.editionSize - e.reserved : 0;
      break;
    }
    case 'open_edition': {
      e.editionSize = OPEN_EDITION_SIZE;
      e.priceCents = o.free ? 0 : rng.pick([1_000, 2_000, 2_500, 5_000]);
      // A free print is one per collector (QA 2026-12-07: the demo's could be redeemed again and again).
      e.limitPerUser = o.free ? 1 : 0;
      e.sold = done
        ? o.demo
          ? rng.int(60, 140)
          : rng.int(100, 800)
        : state === 'live'
          ? rng.int(20, 140)
          : 0;
      // Open editions are minted after purchasing closes (000 §4).
      e.mint = done;
      break;
    }
    case 'pack':
    case 'blind_edition': {
      e.editionSize = size(type === 'pack' ? [60, 80, 100] : [40, 60, 80]);
      e.priceCents = rng.pick(type === 'pack' ? [1_500, 2_500, 4_000] : [3_000, 5_000, 8_000]);
      // No limit per collector: the store's few collectors bought most of a hundred packs, several each (QA
      // 2026-12-07: the demo collector held three of a pack that said one per collector).
      e.limitPerUser = 0;
      e.reserved = o.soldOut ? 0 : rng.int(0, 3);
      e.sold = o.soldOut ? e.editionSize : done ? partial(0.7, 1) : state === 'live' ? partial(0.3, 0.8) : 0;
      e.sold = Math.min(e.sold, e.editionSize - e.reserved);
      break;
    }
    default: {
      // fcfs (and marketplace editions)
      e.editionSize = size([25, 40, 50, 75]);
      e.priceCents = rng.pick([2_500, 5_000, 7_500, 10_000, 15_000, 25_000]);
      e.limitPerUser = 0;
      e.reserved = rng.int(0, 4);
      if (o.soldOut) e.sold = e.editionSize - e.reserved;
      else if (done) e.sold = Math.min(partial(0.55, 1), e.editionSize - e.reserved);
      else if (state === 'live') e.sold = partial(0.2, 0.7);
    }
  }
  if (state === 'ended' && o.demo && e.editionSize > 1 && e.sold > 10 && (o.burnHeavy || rng.chance(0.25))) {
    const n = o.burnHeavy ? rng.int(3, 8) : rng.int(1, 3);
    while (e.burnt.size < n) e.burnt.add(rng.int(1, e.sold));
  }
  return e;
}
