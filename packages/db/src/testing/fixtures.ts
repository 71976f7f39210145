// Builders for integration tests: each creates exactly the rows a test needs in an empty store, with
// sensible defaults, takes overrides, and builds what it depends on when not given (a nifty without a
// collection gets one, which gets a publisher). They return ids, so tests never lean on the demo seed.
// `db` may be a transaction. Names, slugs and contract addresses are unique within the process.
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import * as s from '../schema';

type NewUser = typeof s.users.$inferInsert;
type NewPublisher = typeof s.publishers.$inferInsert;
type NewDrop = typeof s.drops.$inferInsert;
type NewCollection = typeof s.collections.$inferInsert;
type NewNifty = typeof s.nifties.$inferInsert;

const DAY = 24 * 60 * 60 * 1000;
let sequence = 0;
const next = () => ++sequence;

export interface FixtureToken {
  id: number;
  tokenId: string;
  contractAddress: string;
  editionNumber: number;
}

export function fixtures(db: Db, options: { now?: Date } = {}) {
  const now = () => options.now ?? new Date();

  async function user(o: Partial<NewUser> = {}): Promise<{ id: number; profileUrl: string }> {
    const n = next();
    const [row] = await db
      .insert(s.users)
      .values({
        email: `user${n}@fixtures.test`,
        name: `User ${n}`,
        firstName: 'User',
        lastName: String(n),
        profileUrl: `user${n}`,
        ...o,
      })
      .returning({ id: s.users.id, profileUrl: s.users.profileUrl });
    return one(row);
  }

  async function publisher(o: Partial<NewPublisher> = {}): Promise<{ id: number; slug: string }> {
    const n = next();
    const [row] = await db
      .insert(s.publishers)
      .values({ slug: `publisher-${n}`, name: `Publisher ${n}`, ...o })
      .returning({ id: s.publishers.id, slug: s.publishers.slug });
    return one(row);
  }

  /** A published fixed-price drop, live from a day before `now` to a day after. */
  async function drop(o: Partial<NewDrop> = {}): Promise<{ id: number; slug: string; publisherId: number }> {
    const n = next();
    const publisherId = o.publisherId ?? (await publisher()).id;
    const at = now().getTime();
    const [row] = await db
      .insert(s.drops)
      .values({
        slug: `drop-${n}`,
        title: `Drop ${n}`,
        dropType: 'fcfs',
        dropStatus: 'published',
        startAt: new Date(at - DAY),
        endAt: new Date(at + DAY),
        ...o,
        publisherId,
      })
      .returning({ id: s.drops.id, slug: s.drops.slug, publisherId: s.drops.publisherId });
    return one(row);
  }

  /** A marketplace collection (no drop) unless `dropId` is given; `creatorIds` become its creators. */
  async function collection(
    o: Partial<NewCollection> & { creatorIds?: number[] } = {},
  ): Promise<{ id: number; slug: string; contractAddress: string; publisherId: number }> {
    const n = next();
    const { creatorIds = [], ...values } = o;
    const publisherId = o.publisherId ?? (await publisher()).id;
    const [row] = await db
      .insert(s.collections)
      .values({
        slug: `collection-${n}`,
        name: `Collection ${n}`,
        contractAddress: `0x${n.toString(16).padStart(40, '0')}`,
        ...values,
        publisherId,
      })
      .returning({
        id: s.collections.id,
        slug: s.collections.slug,
        contractAddress: s.collections.contractAddress,
        publisherId: s.collections.publisherId,
      });
    const c = one(row);
    if (creatorIds.length > 0) {
      await db
        .insert(s.collectionCreators)
        .values(creatorIds.map((userId, position) => ({ collectionId: c.id, userId, position })));
    }
    return c;
  }

  /** A fixed-price edition of `editionSize` (default 10) at `priceInCents` (default $100). */
  async function nifty(
    o: Partial<Omit<NewNifty, 'priceAmount'>> & { priceInCents?: number } = {},
  ): Promise<{ id: number; collectionId: number; typeNumber: number; contractAddress: string }> {
    const n = next();
    const { priceInCents = 10_000, ...values } = o;
    const c =
      o.collectionId === undefined
        ? await collection()
        : await first(
            db
              .select({ id: s.collections.id, contractAddress: s.collections.contractAddress })
              .from(s.collections)
              .where(eq(s.collections.id, o.collectionId)),
          );
    const [row] = await db
      .insert(s.nifties)
      .values({
        typeNumber: n,
        niftyType: 'edition',
        title: `Nifty ${n}`,
        assetUrl: `/api/media/fixtures/${n}.svg`,
        saleType: 'standard',
        editionSize: 10,
        priceCurrency: 'USD',
        priceAmount: String(priceInCents),
        ...values,
        collectionId: c.id,
      })
      .returning({ id: s.nifties.id, typeNumber: s.nifties.typeNumber });
    const created = one(row);
    return { ...created, collectionId: c.id, contractAddress: c.contractAddress };
  }

  /** `count` (default 1) minted editions of a nifty, numbered after the ones it has, owned by `ownerId`. */
  async function tokens(
    o: { niftyId?: number; count?: number; ownerId?: number | null } = {},
  ): Promise<FixtureToken[]> {
    const target =
      o.niftyId === undefined
        ? await nifty()
        : await first(
            db
              .select({
                id: s.nifties.id,
                typeNumber: s.nifties.typeNumber,
                contractAddress: s.collections.contractAddress,
              })
              .from(s.nifties)
              .innerJoin(s.collections, eq(s.collections.id, s.nifties.collectionId))
              .where(eq(s.nifties.id, o.niftyId)),
          );
    const minted = await db.$count(s.tokens, eq(s.tokens.niftyId, target.id));
    const ownerId = o.ownerId === undefined ? (await user()).id : o.ownerId;
    const rows = Array.from({ length: o.count ?? 1 }, (_, i) => {
      const editionNumber = minted + i + 1;
      return {
        niftyId: target.id,
        contractAddress: target.contractAddress,
        tokenId: String(target.typeNumber * 100_000 + editionNumber),
        name: `Token ${target.typeNumber} #${editionNumber}`,
        editionNumber,
        ownerId,
        mintedAt: now(),
      };
    });
    return db.insert(s.tokens).values(rows).returning({
      id: s.tokens.id,
      tokenId: s.tokens.tokenId,
      contractAddress: s.tokens.contractAddress,
      editionNumber: s.tokens.editionNumber,
    });
  }

  /** An active listing of a token by its owner (or `sellerId`), in USD cents by default. */
  async function listing(o: {
    tokenRowId: number;
    priceInCents: number;
    sellerId?: number;
    currency?: 'USD' | 'ETH';
    /** Minor units of `currency` (wei for ETH); defaults to the cents for USD. */
    amount?: string;
  }): Promise<{ id: number }> {
    let sellerId = o.sellerId;
    if (sellerId === undefined) {
      const [t] = await db
        .select({ ownerId: s.tokens.ownerId })
        .from(s.tokens)
        .where(eq(s.tokens.id, o.tokenRowId));
      if (!t?.ownerId) throw new Error('fixtures.listing: the token has no owner; pass sellerId');
      sellerId = t.ownerId;
    }
    const currency = o.currency ?? 'USD';
    if (currency !== 'USD' && o.amount === undefined) throw new Error('fixtures.listing: pass amount');
    const [row] = await db
      .insert(s.listings)
      .values({
        tokenRowId: o.tokenRowId,
        sellerId,
        currency,
        amount: o.amount ?? String(o.priceInCents),
        priceInCents: o.priceInCents,
        createdAt: now(),
      })
      .returning({ id: s.listings.id });
    return one(row);
  }

  /** Participation criteria (decision 015) on a collection or a nifty: rules in order and an optional allowlist. */
  async function criteria(o: {
    collectionId?: number;
    niftyId?: number;
    mode?: 'all' | 'any';
    rules: {
      kind: string;
      count?: number;
      usernames?: string[];
      artistIds?: number[];
      contractAddresses?: string[];
      niftyIds?: number[];
    }[];
    allowlist?: { emailAddresses?: string[]; usernames?: string[] };
  }): Promise<{ id: number }> {
    const [row] = await db
      .insert(s.participationCriteria)
      .values({ collectionId: o.collectionId ?? null, niftyId: o.niftyId ?? null, mode: o.mode ?? 'all' })
      .returning({ id: s.participationCriteria.id });
    const c = one(row);
    if (o.rules.length > 0) {
      await db
        .insert(s.criteriaRules)
        .values(o.rules.map((r, position) => ({ ...r, count: r.count ?? 1, criteriaId: c.id, position })));
    }
    if (o.allowlist) await db.insert(s.allowlists).values({ criteriaId: c.id, ...o.allowlist });
    return c;
  }

  return { user, publisher, drop, collection, nifty, tokens, listing, criteria };
}

export type Fixtures = ReturnType<typeof fixtures>;

async function first<T>(rows: Promise<T[]>): Promise<T> {
  return one((await rows)[0]);
}

function one<T>(row: T | undefined): T {
  if (row === undefined) throw new Error('fixtures: the row was not found or not written');
  return row;
}
