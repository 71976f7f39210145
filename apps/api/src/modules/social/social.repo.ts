// Follows and favourite boards (000 §7 "Follow and favourites"). Token saves move tokens.likes_count by
// trigger in the same statement (migration catalog_triggers).
import { type Db, schema } from '@vitrine/db';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { niftyCardAssetSql } from '../../lib/revealed-art';

const {
  publishers,
  collections,
  nifties,
  tokens,
  catalogTokens: ct,
  catalogCollectionStats: cs,
  publisherFollows,
  contractFollows,
  favoriteNifties,
  favoriteCollections,
} = schema;

export interface Subscription {
  id: number;
  totalCount: number;
  isSubscribed: boolean;
}

export function createSocialRepo(db: Db) {
  return {
    async publishersBySlugs(slugs: string[]): Promise<{ id: number; slug: string }[]> {
      if (slugs.length === 0) return [];
      return db
        .select({ id: publishers.id, slug: publishers.slug })
        .from(publishers)
        .where(
          inArray(
            sql`lower(${publishers.slug})`,
            slugs.map((s) => s.toLowerCase()),
          ),
        );
    },

    /** Visible collections by contract address. */
    async collectionsByContracts(addresses: string[]): Promise<{ id: number; contractAddress: string }[]> {
      if (addresses.length === 0) return [];
      const rows = await db
        .select({ id: collections.id, contractAddress: collections.contractAddress })
        .from(collections)
        .innerJoin(cs, eq(cs.collectionId, collections.id))
        .where(
          inArray(
            sql`lower(${collections.contractAddress})`,
            addresses.map((a) => a.toLowerCase()),
          ),
        );
      return rows.map((r) => ({ id: r.id, contractAddress: r.contractAddress.toLowerCase() }));
    },

    async collectionBySlug(slug: string): Promise<number | null> {
      const [row] = await db
        .select({ id: collections.id })
        .from(collections)
        .innerJoin(cs, eq(cs.collectionId, collections.id))
        .where(sql`lower(${collections.slug}) = ${slug.toLowerCase()}`)
        .limit(1);
      return row?.id ?? null;
    },

    async tokenRowId(contractAddress: string, tokenId: string): Promise<number | null> {
      const [row] = await db
        .select({ id: ct.tokenRowId })
        .from(ct)
        .where(
          and(
            eq(ct.contractAddress, contractAddress.toLowerCase()),
            sql`${ct.tokenId} = ${tokenId}::numeric`,
          ),
        )
        .limit(1);
      return row?.id ?? null;
    },

    async niftyId(contractAddress: string, typeNumber: number): Promise<number | null> {
      const [row] = await db
        .select({ id: nifties.id })
        .from(nifties)
        .innerJoin(collections, eq(collections.id, nifties.collectionId))
        .innerJoin(cs, eq(cs.collectionId, collections.id))
        .where(
          and(
            sql`lower(${collections.contractAddress}) = ${contractAddress.toLowerCase()}`,
            eq(nifties.typeNumber, typeNumber),
          ),
        )
        .limit(1);
      return row?.id ?? null;
    },

    // ---- follows ----

    async followPublisher(userId: number, publisherId: number, at: Date): Promise<void> {
      await db.insert(publisherFollows).values({ userId, publisherId, createdAt: at }).onConflictDoNothing();
    },

    async unfollowPublisher(userId: number, publisherId: number): Promise<void> {
      await db
        .delete(publisherFollows)
        .where(and(eq(publisherFollows.userId, userId), eq(publisherFollows.publisherId, publisherId)));
    },

    async publisherSubscriptions(
      publisherIds: number[],
      viewerId: number | null,
    ): Promise<Map<number, Subscription>> {
      if (publisherIds.length === 0) return new Map();
      const rows = await db
        .select({
          id: publisherFollows.publisherId,
          n: count(),
          mine: sql<boolean>`coalesce(bool_or(${publisherFollows.userId} = ${viewerId ?? -1}), false)`,
        })
        .from(publisherFollows)
        .where(inArray(publisherFollows.publisherId, publisherIds))
        .groupBy(publisherFollows.publisherId);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return new Map(
        publisherIds.map((id) => {
          const r = byId.get(id);
          return [id, { id, totalCount: r?.n ?? 0, isSubscribed: r?.mine === true }];
        }),
      );
    },

    async followContract(userId: number, collectionId: number, at: Date): Promise<void> {
      await db.insert(contractFollows).values({ userId, collectionId, createdAt: at }).onConflictDoNothing();
    },

    async unfollowContract(userId: number, collectionId: number): Promise<void> {
      await db
        .delete(contractFollows)
        .where(and(eq(contractFollows.userId, userId), eq(contractFollows.collectionId, collectionId)));
    },

    async contractSubscriptions(
      collectionIds: number[],
      viewerId: number | null,
    ): Promise<Map<number, Subscription>> {
      if (collectionIds.length === 0) return new Map();
      const rows = await db
        .select({
          id: contractFollows.collectionId,
          n: count(),
          mine: sql<boolean>`coalesce(bool_or(${contractFollows.userId} = ${viewerId ?? -1}), false)`,
        })
        .from(contractFollows)
        .where(inArray(contractFollows.collectionId, collectionIds))
        .groupBy(contractFollows.collectionId);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return new Map(
        collectionIds.map((id) => {
          const r = byId.get(id);
          return [id, { id, totalCount: r?.n ?? 0, isSubscribed: r?.mine === true }];
        }),
      );
    },

    // ---- favourites ----

    async saveToken(userId: number, tokenRowId: number, at: Date): Promise<void> {
      await db.insert(favoriteNifties).values({ userId, tokenRowId, createdAt: at }).onConflictDoNothing();
    },

    async removeToken(userId: number, tokenRowId: number): Promise<void> {
      await db
        .delete(favoriteNifties)
        .where(and(eq(favoriteNifties.userId, userId), eq(favoriteNifties.tokenRowId, tokenRowId)));
    },

    async saveEdition(userId: number, niftyId: number, at: Date): Promise<void> {
      await db.insert(favoriteNifties).values({ userId, niftyId, createdAt: at }).onConflictDoNothing();
    },

    async removeEdition(userId: number, niftyId: number): Promise<void> {
      await db
        .delete(favoriteNifties)
        .where(and(eq(favoriteNifties.userId, userId), eq(favoriteNifties.niftyId, niftyId)));
    },

    async saveCollection(userId: number, collectionId: number, at: Date): Promise<void> {
      await db
        .insert(favoriteCollections)
        .values({ userId, collectionId, createdAt: at })
        .onConflictDoNothing();
    },

    async removeCollection(userId: number, collectionId: number): Promise<void> {
      await db
        .delete(favoriteCollections)
        .where(
          and(eq(favoriteCollections.userId, userId), eq(favoriteCollections.collectionId, collectionId)),
        );
    },

    async tokenLikes(
      tokenRowId: number,
      viewerId: number,
    ): Promise<{ likesAmount: number; isLiked: boolean }> {
      const [[row], mine] = await Promise.all([
        db.select({ n: tokens.likesCount }).from(tokens).where(eq(tokens.id, tokenRowId)),
        db
          .select({ id: favoriteNifties.id })
          .from(favoriteNifties)
          .where(and(eq(favoriteNifties.userId, viewerId), eq(favoriteNifties.tokenRowId, tokenRowId)))
          .limit(1),
      ]);
      return { likesAmount: row?.n ?? 0, isLiked: mine.length > 0 };
    },

    async editionLikes(
      niftyId: number,
      viewerId: number,
    ): Promise<{ likesAmount: number; isLiked: boolean }> {
      const [[row], mine] = await Promise.all([
        db.select({ n: count() }).from(favoriteNifties).where(eq(favoriteNifties.niftyId, niftyId)),
        db
          .select({ id: favoriteNifties.id })
          .from(favoriteNifties)
          .where(and(eq(favoriteNifties.userId, viewerId), eq(favoriteNifties.niftyId, niftyId)))
          .limit(1),
      ]);
      return { likesAmount: row?.n ?? 0, isLiked: mine.length > 0 };
    },

    async collectionLikes(
      collectionId: number,
      viewerId: number,
    ): Promise<{ likesAmount: number; isLiked: boolean }> {
      const [[row], mine] = await Promise.all([
        db
          .select({ n: count() })
          .from(favoriteCollections)
          .where(eq(favoriteCollections.collectionId, collectionId)),
        db
          .select({ id: favoriteCollections.collectionId })
          .from(favoriteCollections)
          .where(
            and(eq(favoriteCollections.userId, viewerId), eq(favoriteCollections.collectionId, collectionId)),
          )
          .limit(1),
      ]);
      return { likesAmount: row?.n ?? 0, isLiked: mine.length > 0 };
    },

    /** A page of a user's saved nifties (visible ones), newest first. */
    async savedNifties(userId: number, limit: number, offset: number) {
      const visibleToken = sql`${favoriteNifties.tokenRowId} in (select token_row_id from catalog_tokens)`;
      const visibleEdition = sql`${favoriteNifties.niftyId} in (select n.id from nifties n join catalog_collection_stats s on s.collection_id = n.collection_id)`;
      const where = and(eq(favoriteNifties.userId, userId), sql`(${visibleToken} or ${visibleEdition})`);
      const [rows, total] = await Promise.all([
        db
          .select({
            tokenRowId: favoriteNifties.tokenRowId,
            niftyId: favoriteNifties.niftyId,
            savedAt: favoriteNifties.createdAt,
          })
          .from(favoriteNifties)
          .where(where)
          .orderBy(desc(favoriteNifties.createdAt), desc(favoriteNifties.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(favoriteNifties).where(where),
      ]);
      return { count: total[0]?.n ?? 0, rows };
    },

    async savedCollections(userId: number, limit: number, offset: number) {
      const where = and(
        eq(favoriteCollections.userId, userId),
        sql`${favoriteCollections.collectionId} in (select collection_id from catalog_collection_stats)`,
      );
      const [rows, total] = await Promise.all([
        db
          .select({ collectionId: favoriteCollections.collectionId, savedAt: favoriteCollections.createdAt })
          .from(favoriteCollections)
          .where(where)
          .orderBy(desc(favoriteCollections.createdAt), desc(favoriteCollections.collectionId))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(favoriteCollections).where(where),
      ]);
      return { count: total[0]?.n ?? 0, rows };
    },

    /** Edition saves: the nifty with its collection, for the board. */
    async editions(niftyIds: number[]) {
      if (niftyIds.length === 0) return [];
      return db
        .select({
          id: nifties.id,
          title: nifties.title,
          typeNumber: nifties.typeNumber,
          assetUrl: niftyCardAssetSql(
            sql`${nifties.id}`,
            sql`${nifties.revealedAt}`,
            sql`${nifties.assetUrl}`,
          ),
          assetType: nifties.assetType,
          collectionId: collections.id,
          collectionName: collections.name,
          collectionSlug: collections.slug,
          contractAddress: collections.contractAddress,
        })
        .from(nifties)
        .innerJoin(collections, eq(collections.id, nifties.collectionId))
        .where(inArray(nifties.id, niftyIds));
    },
  };
}

export type SocialRepo = ReturnType<typeof createSocialRepo>;
