import { type Db, schema } from '@vitrine/db';
import { and, asc, count, desc, eq, gt, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { niftyCardAssetSql } from '../../lib/revealed-art';
import { dropEndSql } from './drop-end';

const {
  drops,
  publishers,
  collections,
  collectionCreators,
  nifties,
  users,
  editionPools,
  drawings,
  drawingEntries,
  bids,
  auctionStates,
} = schema;

export type DropWindow = 'live' | 'upcoming' | 'past';

export interface DropRow {
  id: number;
  slug: string;
  title: string;
  introText: string;
  dropType: string;
  chain: string;
  coverAsset: string | null;
  startAt: Date;
  endAt: Date;
  publisher: { name: string; slug: string; profilePicUrl: string | null };
}

export interface CollectionRow {
  id: number;
  dropId: number;
  contractAddress: string;
  chain: string;
}

export interface CreatorRow {
  collectionId: number;
  id: number;
  name: string;
  profileUrl: string;
  profilePicUrl: string | null;
}

export type NiftyRow = typeof nifties.$inferSelect;

function windowWhere(window: DropWindow, now: Date): SQL | undefined {
  const published = eq(drops.dropStatus, 'published');
  if (window === 'live') return and(published, lte(drops.startAt, now), gt(dropEndSql, now));
  if (window === 'upcoming') return and(published, gt(drops.startAt, now));
  return and(published, lte(dropEndSql, now));
}

function windowOrder(window: DropWindow) {
  if (window === 'live') return [asc(dropEndSql), asc(drops.id)];
  if (window === 'upcoming') return [asc(drops.startAt), asc(drops.id)];
  return [desc(dropEndSql), desc(drops.id)];
}

export function createDropsRepo(db: Db) {
  async function dropsWhere(where: SQL | undefined): Promise<DropRow[]> {
    const rows = await db
      .select({
        id: drops.id,
        slug: drops.slug,
        title: drops.title,
        introText: drops.introText,
        dropType: drops.dropType,
        chain: drops.chain,
        coverAsset: drops.coverAsset,
        startAt: drops.startAt,
        endAt: drops.endAt,
        publisherName: publishers.name,
        publisherSlug: publishers.slug,
        publisherPic: publishers.profilePicUrl,
      })
      .from(drops)
      .innerJoin(publishers, eq(publishers.id, drops.publisherId))
      .where(where);
    return rows.map(({ publisherName, publisherSlug, publisherPic, ...rest }) => ({
      ...rest,
      publisher: { name: publisherName, slug: publisherSlug, profilePicUrl: publisherPic },
    }));
  }

  return {
    async pageOfDrops(
      window: DropWindow,
      now: Date,
      limit: number,
      offset: number,
    ): Promise<{ count: number; rows: DropRow[] }> {
      const where = windowWhere(window, now);
      const [rows, total] = await Promise.all([
        db
          .select({
            id: drops.id,
            slug: drops.slug,
            title: drops.title,
            introText: drops.introText,
            dropType: drops.dropType,
            chain: drops.chain,
            coverAsset: drops.coverAsset,
            startAt: drops.startAt,
            endAt: drops.endAt,
            publisherName: publishers.name,
            publisherSlug: publishers.slug,
            publisherPic: publishers.profilePicUrl,
          })
          .from(drops)
          .innerJoin(publishers, eq(publishers.id, drops.publisherId))
          .where(where)
          .orderBy(...windowOrder(window))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(drops).where(where),
      ]);
      return {
        count: total[0]?.n ?? 0,
        rows: rows.map((r) => ({
          id: r.id,
          slug: r.slug,
          title: r.title,
          introText: r.introText,
          dropType: r.dropType,
          chain: r.chain,
          coverAsset: r.coverAsset,
          startAt: r.startAt,
          endAt: r.endAt,
          publisher: { name: r.publisherName, slug: r.publisherSlug, profilePicUrl: r.publisherPic },
        })),
      };
    },

    /** A published drop by its slug (any case), or null. */
    async dropBySlug(slug: string): Promise<DropRow | null> {
      const [row] = await dropsWhere(
        and(eq(drops.dropStatus, 'published'), sql`lower(${drops.slug}) = lower(${slug})`),
      );
      return row ?? null;
    },

    /** Drops by id (any status), in no order. */
    async dropsByIds(ids: number[]): Promise<DropRow[]> {
      if (ids.length === 0) return [];
      return dropsWhere(inArray(drops.id, ids));
    },

    async collectionsOf(dropIds: number[]): Promise<CollectionRow[]> {
      if (dropIds.length === 0) return [];
      const rows = await db
        .select({
          id: collections.id,
          dropId: collections.dropId,
          contractAddress: collections.contractAddress,
          chain: collections.chain,
        })
        .from(collections)
        .where(inArray(collections.dropId, dropIds))
        .orderBy(asc(collections.id));
      return rows.flatMap((r) => (r.dropId === null ? [] : [{ ...r, dropId: r.dropId }]));
    },

    async creatorsOf(collectionIds: number[]): Promise<CreatorRow[]> {
      if (collectionIds.length === 0) return [];
      return db
        .select({
          collectionId: collectionCreators.collectionId,
          id: users.id,
          name: users.name,
          profileUrl: users.profileUrl,
          profilePicUrl: users.profilePicUrl,
        })
        .from(collectionCreators)
        .innerJoin(users, eq(users.id, collectionCreators.userId))
        .where(inArray(collectionCreators.collectionId, collectionIds))
        .orderBy(asc(collectionCreators.collectionId), asc(collectionCreators.position));
    },

    async niftiesOf(collectionIds: number[]): Promise<NiftyRow[]> {
      if (collectionIds.length === 0) return [];
      const rows = await db
        .select({
          nifty: nifties,
          // A revealed blind edition's card shows its revealed art (decision 016), never before the reveal.
          cardAsset: niftyCardAssetSql(
            sql`${nifties.id}`,
            sql`${nifties.revealedAt}`,
            sql`${nifties.assetUrl}`,
          ),
        })
        .from(nifties)
        .where(
          and(
            inArray(nifties.collectionId, collectionIds),
            // A pack's contents are minted only by opening a pack (decision 016): not a work the drop sells.
            sql`not exists (select 1 from ${editionPools} where ${editionPools.contentNiftyId} = ${nifties.id})`,
          ),
        )
        .orderBy(asc(nifties.collectionId), asc(nifties.sortOrder), asc(nifties.typeNumber));
      return rows.map((r) => ({ ...r.nifty, assetUrl: r.cardAsset }));
    },
    /** Entries of the drawings of these nifties (001 §3 saleDetails.totalEntries); a nifty without entries is absent. */
    async drawingEntryCounts(niftyIds: number[]): Promise<Map<number, number>> {
      if (niftyIds.length === 0) return new Map();
      const rows = await db
        .select({ niftyId: drawings.niftyId, n: count() })
        .from(drawingEntries)
        .innerJoin(drawings, eq(drawings.id, drawingEntries.drawingId))
        .where(inArray(drawings.niftyId, niftyIds))
        .groupBy(drawings.niftyId);
      return new Map(rows.map((r) => [r.niftyId, Number(r.n)]));
    },

    /** The slug of the drop a nifty is sold in, if any (the drop answer's scope). */
    async dropSlugOfNifty(niftyId: number): Promise<string | null> {
      const [row] = await db
        .select({ slug: drops.slug })
        .from(nifties)
        .innerJoin(collections, eq(collections.id, nifties.collectionId))
        .innerJoin(drops, eq(drops.id, collections.dropId))
        .where(eq(nifties.id, niftyId));
      return row?.slug ?? null;
    },

    /** The auctions' ends as their bids moved them (a bid in the last minutes extends it: decision 012). */
    async auctionEnds(niftyIds: number[]): Promise<Map<number, Date>> {
      if (niftyIds.length === 0) return new Map();
      const rows = await db
        .select({ niftyId: auctionStates.niftyId, endsAt: auctionStates.endsAt })
        .from(auctionStates)
        .where(inArray(auctionStates.niftyId, niftyIds));
      return new Map(rows.map((r) => [r.niftyId, r.endsAt]));
    },

    /** The highest bid of each auction nifty: its top active bid, or after settlement the winning one. */
    async highestBids(niftyIds: number[]): Promise<Map<number, number>> {
      if (niftyIds.length === 0) return new Map();
      const rows = await db
        .select({ niftyId: bids.niftyId, top: sql<string>`max(${bids.amountInCents})` })
        .from(bids)
        .where(and(inArray(bids.niftyId, niftyIds), inArray(bids.status, ['active', 'won'])))
        .groupBy(bids.niftyId);
      return new Map(rows.map((r) => [r.niftyId, Number(r.top)]));
    },
  };
}

export type DropsRepo = ReturnType<typeof createDropsRepo>;
