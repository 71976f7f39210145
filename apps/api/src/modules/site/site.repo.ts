// What the sitemap lists, read from the browsing read models: only what browsing shows (visible collections,
// i.e. those with a `catalog_collection_stats` row, and their minted tokens).
import { type Db, schema } from '@vitrine/db';
import { and, asc, eq, exists, type SQL, sql } from 'drizzle-orm';

const {
  drops,
  publishers,
  collections,
  collectionCreators,
  users,
  catalogCollectionStats: cs,
  catalogTokens: ct,
} = schema;

export interface SitemapRows {
  /** Slugs of published drops with a visible collection (a drop's page: /collections/{slug}). */
  drops: string[];
  collections: string[];
  publishers: string[];
  /** profile_url of the creators of visible collections (their storefront: /{profile_url}). */
  creators: string[];
  /** Most liked first. */
  items: { contractAddress: string; tokenId: string }[];
}

export function createSiteRepo(db: Db) {
  const visibleCollection = (where: SQL) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(collections)
        .innerJoin(cs, eq(cs.collectionId, collections.id))
        .where(where),
    );

  return {
    /** At most `limit` of each kind. */
    async sitemapRows(limit: number): Promise<SitemapRows> {
      const [dropRows, collectionRows, publisherRows, creatorRows, itemRows] = await Promise.all([
        db
          .select({ slug: drops.slug })
          .from(drops)
          .where(and(eq(drops.dropStatus, 'published'), visibleCollection(eq(collections.dropId, drops.id))))
          .orderBy(asc(drops.id))
          .limit(limit),
        db
          .select({ slug: collections.slug })
          .from(collections)
          .innerJoin(cs, eq(cs.collectionId, collections.id))
          .orderBy(asc(collections.id))
          .limit(limit),
        db
          .select({ slug: publishers.slug })
          .from(publishers)
          .where(visibleCollection(eq(collections.publisherId, publishers.id)))
          .orderBy(asc(publishers.id))
          .limit(limit),
        db
          .selectDistinct({ id: users.id, profileUrl: users.profileUrl })
          .from(users)
          .innerJoin(collectionCreators, eq(collectionCreators.userId, users.id))
          .innerJoin(cs, eq(cs.collectionId, collectionCreators.collectionId))
          .orderBy(asc(users.id))
          .limit(limit),
        // The likes sort index (catalog_tokens_likes_idx) gives them in this order.
        db
          .select({ contractAddress: ct.contractAddress, tokenId: sql<string>`${ct.tokenId}::text` })
          .from(ct)
          .orderBy(sql`${ct.likes} desc nulls last`, sql`${ct.tokenRowId} desc nulls last`)
          .limit(limit),
      ]);
      return {
        drops: dropRows.map((r) => r.slug),
        collections: collectionRows.map((r) => r.slug),
        publishers: publisherRows.map((r) => r.slug),
        creators: creatorRows.map((r) => r.profileUrl),
        items: itemRows,
      };
    },
  };
}

export type SiteRepo = ReturnType<typeof createSiteRepo>;
