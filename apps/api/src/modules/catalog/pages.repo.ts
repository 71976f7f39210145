// Queries of the single-object pages: item, collection (and its listing table), storefront, profile, nbno.

import { type Db, schema } from '@vitrine/db';
import type { Currency, TableSort } from '@vitrine/domain';
import type { Listing, TableNifty, UserRef } from '@vitrine/domain/catalog-responses';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { niftyCardAssetSql, tokenCardAssetSql } from '../../lib/revealed-art';
import { int, intOrNull, rowsOf } from '../../lib/sql-rows';
import { documentMatches, type SearchText } from '../search/search-match';
import { scope } from './answer-scopes';
import { rarityOf, toListing, userRef } from './cards.repo';
import { at } from './explore.repo';

const {
  tokens,
  nifties,
  collections,
  publishers,
  users,
  listings,
  sales,
  drops,
  catalogTokens: ct,
  catalogCollectionStats: cs,
  favoriteNifties,
  publisherFollows,
  contractFollows,
} = schema;

const owner = alias(users, 'owner');

/** Card images of a revealed blind edition (decision 016): its revealed art, never before the reveal. */
const niftyCardAsset = niftyCardAssetSql(
  sql`${nifties.id}`,
  sql`${nifties.revealedAt}`,
  sql`${nifties.assetUrl}`,
);
const tokenCardAsset = tokenCardAssetSql(
  sql`${tokens.revealedAssetUrl}`,
  sql`${nifties.revealedAt}`,
  sql`${nifties.assetUrl}`,
);

interface ScopeRow {
  contractAddress: string;
  publisher: string;
  creators: string[];
}

const collectionScopes = (r: ScopeRow) => [
  scope.collection(r.contractAddress),
  scope.publisher(r.publisher),
  ...r.creators.map(scope.creator),
];
const seller = alias(users, 'seller');
const buyer = alias(users, 'buyer');

export interface TableFilter {
  collectionId: number;
  typeNumber: number | null;
  minEdition: number | null;
  maxEdition: number | null;
  minPrice: number | null;
  maxPrice: number | null;
  minLastSale: number | null;
  maxLastSale: number | null;
  lastSaleFrom: Date | null;
  lastSaleTo: Date | null;
  listed: boolean;
}

const TABLE_ORDER: Record<TableSort, SQL[]> = {
  edition: [sql`${ct.editionNumber} asc`, sql`${ct.tokenRowId} asc`],
  '-edition': [sql`${ct.editionNumber} desc`, sql`${ct.tokenRowId} desc`],
  rarity: [sql`${ct.rarity} asc nulls last`, sql`${ct.tokenRowId} asc`],
  '-rarity': [sql`${ct.rarity} desc nulls last`, sql`${ct.tokenRowId} desc`],
  last_sale: [sql`${ct.lastSaleCents} asc nulls last`, sql`${ct.tokenRowId} asc`],
  '-last_sale': [sql`${ct.lastSaleCents} desc nulls last`, sql`${ct.tokenRowId} desc`],
  last_sale_at: [sql`${ct.lastSaleAt} asc nulls last`, sql`${ct.tokenRowId} asc`],
  '-last_sale_at': [sql`${ct.lastSaleAt} desc nulls last`, sql`${ct.tokenRowId} desc`],
  list_price: [sql`${ct.listPriceCents} asc nulls last`, sql`${ct.tokenRowId} asc`],
  '-list_price': [sql`${ct.listPriceCents} desc nulls last`, sql`${ct.tokenRowId} desc`],
};

function tableConditions(f: TableFilter): SQL[] {
  const c: SQL[] = [eq(ct.collectionId, f.collectionId)];
  if (f.typeNumber !== null) {
    c.push(
      sql`${ct.niftyId} = (select id from nifties where collection_id = ${f.collectionId} and type_number = ${f.typeNumber})`,
    );
  }
  if (f.minEdition !== null) c.push(sql`${ct.editionNumber} >= ${f.minEdition}`);
  if (f.maxEdition !== null) c.push(sql`${ct.editionNumber} <= ${f.maxEdition}`);
  if (f.listed || f.minPrice !== null || f.maxPrice !== null) c.push(sql`${ct.listPriceCents} is not null`);
  if (f.minPrice !== null) c.push(sql`${ct.listPriceCents} >= ${f.minPrice}`);
  if (f.maxPrice !== null) c.push(sql`${ct.listPriceCents} <= ${f.maxPrice}`);
  if (f.minLastSale !== null) c.push(sql`${ct.lastSaleCents} >= ${f.minLastSale}`);
  if (f.maxLastSale !== null) c.push(sql`${ct.lastSaleCents} <= ${f.maxLastSale}`);
  if (f.lastSaleFrom !== null) c.push(sql`${ct.lastSaleAt} >= ${at(f.lastSaleFrom)}`);
  if (f.lastSaleTo !== null) c.push(sql`${ct.lastSaleAt} <= ${at(f.lastSaleTo)}`);
  return c;
}

export interface CollectionRow {
  id: number;
  slug: string;
  name: string;
  contractAddress: string;
  chain: string;
  category: string;
  imageUrl: string | null;
  publisherId: number;
  publisher: { name: string; slug: string; profilePicUrl: string | null };
  drop: { slug: string; title: string; dropType: string; introVideo: string | null } | null;
}

export interface NiftyRow {
  id: number;
  typeNumber: number;
  niftyType: string;
  title: string;
  description: string;
  assetUrl: string;
  assetType: string;
  editionSize: number;
  totalSold: number;
  /** Editions held back from sale (001 §3 niftyTotalReserved). */
  totalReserved: number;
  /** Editions burnt (001 §3 niftyTotalBurnt). */
  totalBurnt: number;
  saleType: string;
  royaltyPercentage: number;
  tags: string[];
  startAt: Date | null;
  endAt: Date | null;
  /** The primary sale's terms (`primaryPriceInCents` reads them). */
  priceAmount: string;
  priceCurrency: string;
  minimumBidInCents: number | null;
}

export interface UserRow {
  id: number;
  name: string;
  bio: string;
  profileUrl: string;
  profilePicUrl: string | null;
  verified: boolean;
  creator: boolean;
  socialLinks: { kind: string; url: string }[];
  createdAt: Date;
}

export function createPagesRepo(db: Db) {
  const visible = sql`exists (select 1 from ${cs} where ${cs.collectionId} = ${collections.id})`;

  const collectionSelect = {
    id: collections.id,
    slug: collections.slug,
    name: collections.name,
    contractAddress: collections.contractAddress,
    chain: collections.chain,
    category: collections.category,
    imageUrl: collections.imageUrl,
    publisherId: collections.publisherId,
    publisherName: publishers.name,
    publisherSlug: publishers.slug,
    publisherPic: publishers.profilePicUrl,
    dropSlug: drops.slug,
    dropTitle: drops.title,
    dropType: drops.dropType,
    introVideo: drops.introVideo,
  };
  const collectionQuery = () =>
    db
      .select(collectionSelect)
      .from(collections)
      .innerJoin(publishers, eq(publishers.id, collections.publisherId))
      .leftJoin(drops, eq(drops.id, collections.dropId));
  type CollectionSelect = Awaited<ReturnType<typeof collectionQuery>>[number];
  const toCollection = (r: CollectionSelect): CollectionRow => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    contractAddress: r.contractAddress.toLowerCase(),
    chain: r.chain,
    category: r.category,
    imageUrl: r.imageUrl,
    publisherId: r.publisherId,
    publisher: { name: r.publisherName, slug: r.publisherSlug, profilePicUrl: r.publisherPic },
    drop:
      r.dropSlug !== null && r.dropTitle !== null && r.dropType !== null
        ? { slug: r.dropSlug, title: r.dropTitle, dropType: r.dropType, introVideo: r.introVideo }
        : null,
  });

  const repo = {
    /** A visible collection by slug, contract address or drop slug (its first collection). */
    async collectionByKey(key: string): Promise<CollectionRow | null> {
      const k = key.toLowerCase();
      const [bySlug] = await collectionQuery()
        .where(
          and(
            sql`(lower(${collections.slug}) = ${k} or lower(${collections.contractAddress}) = ${k})`,
            visible,
          ),
        )
        .limit(1);
      if (bySlug) return toCollection(bySlug);
      const [byDrop] = await collectionQuery()
        .where(and(sql`lower(${drops.slug}) = ${k}`, visible))
        .orderBy(asc(collections.id))
        .limit(1);
      return byDrop ? toCollection(byDrop) : null;
    },

    /** The visible collections of a drop, by slug, in the drop's order (first collection first). */
    async dropCollections(
      dropSlug: string,
    ): Promise<{ slug: string; name: string; contractAddress: string }[]> {
      return db
        .select({
          slug: collections.slug,
          name: collections.name,
          contractAddress: collections.contractAddress,
        })
        .from(collections)
        .innerJoin(drops, eq(drops.id, collections.dropId))
        .where(and(eq(drops.slug, dropSlug), visible))
        .orderBy(asc(collections.id));
    },

    async collectionIdByContract(address: string): Promise<number | null> {
      const [row] = await db
        .select({ id: collections.id })
        .from(collections)
        .where(and(sql`lower(${collections.contractAddress}) = ${address.toLowerCase()}`, visible))
        .limit(1);
      return row?.id ?? null;
    },

    async niftiesOf(collectionId: number): Promise<NiftyRow[]> {
      return db
        .select({
          id: nifties.id,
          typeNumber: nifties.typeNumber,
          niftyType: nifties.niftyType,
          title: nifties.title,
          description: nifties.description,
          assetUrl: niftyCardAsset,
          assetType: nifties.assetType,
          editionSize: nifties.editionSize,
          totalSold: nifties.totalSold,
          totalReserved: nifties.totalReserved,
          totalBurnt: nifties.totalBurnt,
          saleType: nifties.saleType,
          royaltyPercentage: nifties.royaltyPercentage,
          tags: nifties.tags,
          startAt: nifties.startAt,
          endAt: nifties.endAt,
          priceAmount: nifties.priceAmount,
          priceCurrency: nifties.priceCurrency,
          minimumBidInCents: nifties.minimumBidInCents,
        })
        .from(nifties)
        .where(eq(nifties.collectionId, collectionId))
        .orderBy(asc(nifties.sortOrder), asc(nifties.typeNumber));
    },

    async collectionExtras(collectionId: number): Promise<{ owners: number; volumeInCents: number }> {
      const [ownersRow, volumeRow] = await Promise.all([
        rowsOf<{ n: number }>(
          db,
          sql`select count(distinct owner_id)::int as n from catalog_tokens where collection_id = ${collectionId}`,
        ),
        rowsOf<{ v: string | number | null }>(
          db,
          sql`select sum(s.price_in_cents) as v from sales s join catalog_tokens t on t.token_row_id = s.token_row_id
              where t.collection_id = ${collectionId}`,
        ),
      ]);
      return { owners: int(ownersRow[0]?.n), volumeInCents: int(volumeRow[0]?.v) };
    },

    /** Token row id of a visible token. */
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

    async tokenDetail(tokenRowId: number): Promise<{ niftyId: number; collectionId: number } | null> {
      const [row] = await db
        .select({ niftyId: ct.niftyId, collectionId: ct.collectionId })
        .from(ct)
        .where(eq(ct.tokenRowId, tokenRowId));
      return row ?? null;
    },

    async niftyById(niftyId: number): Promise<NiftyRow | null> {
      const [row] = await db
        .select({
          id: nifties.id,
          typeNumber: nifties.typeNumber,
          niftyType: nifties.niftyType,
          title: nifties.title,
          description: nifties.description,
          assetUrl: nifties.assetUrl,
          assetType: nifties.assetType,
          editionSize: nifties.editionSize,
          totalSold: nifties.totalSold,
          totalReserved: nifties.totalReserved,
          totalBurnt: nifties.totalBurnt,
          saleType: nifties.saleType,
          royaltyPercentage: nifties.royaltyPercentage,
          tags: nifties.tags,
          startAt: nifties.startAt,
          endAt: nifties.endAt,
          priceAmount: nifties.priceAmount,
          priceCurrency: nifties.priceCurrency,
          minimumBidInCents: nifties.minimumBidInCents,
        })
        .from(nifties)
        .where(eq(nifties.id, niftyId));
      return row ?? null;
    },

    async collectionById(collectionId: number): Promise<CollectionRow | null> {
      const [row] = await collectionQuery().where(eq(collections.id, collectionId));
      return row ? toCollection(row) : null;
    },

    /** Active listings of other editions of a nifty, cheapest first. */
    async otherListings(niftyId: number, exceptTokenRowId: number, limit: number): Promise<Listing[]> {
      const rows = await db
        .select({
          listingId: listings.id,
          tokenId: tokens.tokenId,
          editionNumber: tokens.editionNumber,
          currency: listings.currency,
          amount: listings.amount,
          discountAmount: listings.discountAmount,
          priceInCents: listings.priceInCents,
          createdAt: listings.createdAt,
          sellerId: seller.id,
          sellerName: seller.name,
          sellerUrl: seller.profileUrl,
          sellerPic: seller.profilePicUrl,
        })
        .from(ct)
        .innerJoin(listings, eq(listings.id, ct.listingId))
        .innerJoin(tokens, eq(tokens.id, ct.tokenRowId))
        .leftJoin(seller, eq(seller.id, listings.sellerId))
        .where(
          and(
            eq(ct.niftyId, niftyId),
            sql`${ct.listPriceCents} is not null`,
            sql`${ct.tokenRowId} <> ${exceptTokenRowId}`,
          ),
        )
        .orderBy(sql`${ct.listPriceCents} asc`, asc(ct.tokenRowId))
        .limit(limit);
      return rows.flatMap((r) => {
        const l = toListing({
          ...r,
          seller: userRef({ id: r.sellerId, name: r.sellerName, profileUrl: r.sellerUrl, pic: r.sellerPic }),
        });
        return l ? [l] : [];
      });
    },

    async saleHistory(tokenRowId: number, limit: number) {
      const rows = await db
        .select({
          id: sales.id,
          market: sales.market,
          currency: sales.currency,
          amount: sales.amount,
          priceInCents: sales.priceInCents,
          soldAt: sales.soldAt,
          sellerId: seller.id,
          sellerName: seller.name,
          sellerUrl: seller.profileUrl,
          sellerPic: seller.profilePicUrl,
          buyerId: buyer.id,
          buyerName: buyer.name,
          buyerUrl: buyer.profileUrl,
          buyerPic: buyer.profilePicUrl,
        })
        .from(sales)
        .leftJoin(seller, eq(seller.id, sales.sellerId))
        .leftJoin(buyer, eq(buyer.id, sales.buyerId))
        .where(eq(sales.tokenRowId, tokenRowId))
        .orderBy(desc(sales.soldAt), desc(sales.id))
        .limit(limit);
      return rows.map((r) => ({
        id: r.id,
        market: r.market,
        price: { amount: r.amount, currency: r.currency as Currency },
        priceInCents: r.priceInCents,
        soldAt: r.soldAt.toISOString(),
        seller: userRef({ id: r.sellerId, name: r.sellerName, profileUrl: r.sellerUrl, pic: r.sellerPic }),
        buyer: userRef({ id: r.buyerId, name: r.buyerName, profileUrl: r.buyerUrl, pic: r.buyerPic }),
      }));
    },

    /** The newest `limit` sales of every edition of a nifty, oldest first. */
    async priceHistory(niftyId: number, limit: number): Promise<{ time: string; priceInCents: number }[]> {
      const rows = await db
        .select({ soldAt: sales.soldAt, priceInCents: sales.priceInCents })
        .from(sales)
        .innerJoin(tokens, eq(tokens.id, sales.tokenRowId))
        .where(eq(tokens.niftyId, niftyId))
        .orderBy(desc(sales.soldAt), desc(sales.id))
        .limit(limit);
      return rows.reverse().map((r) => ({ time: r.soldAt.toISOString(), priceInCents: r.priceInCents }));
    },

    async tokenLikes(
      tokenRowId: number,
      viewerId: number | null,
    ): Promise<{ likesAmount: number; isLiked: boolean }> {
      const [[row], liked] = await Promise.all([
        db.select({ n: tokens.likesCount }).from(tokens).where(eq(tokens.id, tokenRowId)),
        viewerId === null
          ? Promise.resolve([])
          : db
              .select({ id: favoriteNifties.id })
              .from(favoriteNifties)
              .where(and(eq(favoriteNifties.userId, viewerId), eq(favoriteNifties.tokenRowId, tokenRowId)))
              .limit(1),
      ]);
      return { likesAmount: row?.n ?? 0, isLiked: liked.length > 0 };
    },

    async editionLikes(
      niftyId: number,
      viewerId: number | null,
    ): Promise<{ likesAmount: number; isLiked: boolean }> {
      const [[row], liked] = await Promise.all([
        db.select({ n: count() }).from(favoriteNifties).where(eq(favoriteNifties.niftyId, niftyId)),
        viewerId === null
          ? Promise.resolve([])
          : db
              .select({ id: favoriteNifties.id })
              .from(favoriteNifties)
              .where(and(eq(favoriteNifties.userId, viewerId), eq(favoriteNifties.niftyId, niftyId)))
              .limit(1),
      ]);
      return { likesAmount: row?.n ?? 0, isLiked: liked.length > 0 };
    },

    async contractSubscription(collectionId: number, viewerId: number | null) {
      const [[row], mine] = await Promise.all([
        db.select({ n: count() }).from(contractFollows).where(eq(contractFollows.collectionId, collectionId)),
        viewerId === null
          ? Promise.resolve([])
          : db
              .select({ id: contractFollows.collectionId })
              .from(contractFollows)
              .where(
                and(eq(contractFollows.userId, viewerId), eq(contractFollows.collectionId, collectionId)),
              )
              .limit(1),
      ]);
      return { totalCount: row?.n ?? 0, isSubscribed: mine.length > 0 };
    },

    async publisherSubscription(publisherId: number, viewerId: number | null) {
      const [[row], mine] = await Promise.all([
        db.select({ n: count() }).from(publisherFollows).where(eq(publisherFollows.publisherId, publisherId)),
        viewerId === null
          ? Promise.resolve([])
          : db
              .select({ id: publisherFollows.publisherId })
              .from(publisherFollows)
              .where(
                and(eq(publisherFollows.userId, viewerId), eq(publisherFollows.publisherId, publisherId)),
              )
              .limit(1),
      ]);
      return { totalCount: row?.n ?? 0, isSubscribed: mine.length > 0 };
    },

    // ---- listing table ----

    async tableCount(f: TableFilter): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(ct)
        .where(and(...tableConditions(f)));
      return row?.n ?? 0;
    },

    async tablePage(f: TableFilter, sort: TableSort, limit: number, offset: number): Promise<TableNifty[]> {
      const rows = await db
        .select({
          id: ct.tokenRowId,
          contractAddress: ct.contractAddress,
          tokenId: tokens.tokenId,
          name: tokens.name,
          editionNumber: ct.editionNumber,
          typeNumber: nifties.typeNumber,
          assetUrl: tokenCardAsset,
          assetType: nifties.assetType,
          rarity: ct.rarity,
          price: ct.listPriceCents,
          listingId: ct.listingId,
          currency: listings.currency,
          amount: listings.amount,
          discountAmount: listings.discountAmount,
          lastSaleCents: ct.lastSaleCents,
          lastSaleAt: ct.lastSaleAt,
          ownerName: owner.name,
          ownerUrl: owner.profileUrl,
          externalOwner: tokens.externalOwner,
          isAcceptingOffers: tokens.isAcceptingOffers,
        })
        .from(ct)
        .innerJoin(tokens, eq(tokens.id, ct.tokenRowId))
        .innerJoin(nifties, eq(nifties.id, ct.niftyId))
        .leftJoin(listings, eq(listings.id, ct.listingId))
        .leftJoin(owner, eq(owner.id, ct.ownerId))
        .where(and(...tableConditions(f)))
        .orderBy(...TABLE_ORDER[sort])
        .limit(limit)
        .offset(offset);
      return rows.map((r) => ({
        id: r.id,
        contractAddress: r.contractAddress,
        tokenId: r.tokenId,
        name: r.name,
        editionNumber: r.editionNumber,
        typeNumber: r.typeNumber,
        asset: { src: r.assetUrl, type: r.assetType, alt: r.name },
        rarity: rarityOf(r.rarity),
        price: r.price,
        listingPrice:
          r.currency !== null && r.amount !== null
            ? { amount: r.amount, currency: r.currency as Currency }
            : null,
        listingDiscount:
          r.currency !== null && r.discountAmount !== null
            ? { amount: r.discountAmount, currency: r.currency as Currency }
            : null,
        listingId: r.listingId,
        lastSale:
          r.lastSaleCents !== null && r.lastSaleAt !== null
            ? { amount: r.lastSaleCents, time: r.lastSaleAt.toISOString() }
            : null,
        owner: r.ownerUrl !== null ? { displayName: r.ownerName || r.ownerUrl, username: r.ownerUrl } : null,
        externalOwner: r.externalOwner,
        isAcceptingOffers: r.isAcceptingOffers,
      }));
    },

    // ---- storefronts and profiles ----

    async publisherBySlug(slug: string) {
      const [row] = await db
        .select()
        .from(publishers)
        .where(sql`lower(${publishers.slug}) = ${slug.toLowerCase()}`)
        .limit(1);
      return row ?? null;
    },

    async publisherStats(publisherId: number) {
      const rows = await rowsOf<{
        collections: number;
        items: number;
        owners: number;
        floor: string | number | null;
        volume: string | number | null;
        followers: number;
      }>(
        db,
        sql`select
          (select count(*)::int from collections c join catalog_collection_stats s on s.collection_id = c.id
            where c.publisher_id = ${publisherId}) as collections,
          (select count(*)::int from catalog_tokens where publisher_id = ${publisherId}) as items,
          (select count(distinct owner_id)::int from catalog_tokens where publisher_id = ${publisherId}) as owners,
          (select min(s.floor_price_cents) from collections c join catalog_collection_stats s on s.collection_id = c.id
            where c.publisher_id = ${publisherId}) as floor,
          (select sum(sa.price_in_cents) from sales sa join catalog_tokens t on t.token_row_id = sa.token_row_id
            where t.publisher_id = ${publisherId}) as volume,
          (select count(*)::int from publisher_follows where publisher_id = ${publisherId}) as followers`,
      );
      const r = rows[0];
      return {
        collections: int(r?.collections),
        items: int(r?.items),
        owners: int(r?.owners),
        floor: intOrNull(r?.floor),
        volume: int(r?.volume),
        followers: int(r?.followers),
      };
    },

    /**
     * The scopes of browsing answers a change to this token shows on (`answer-scopes.ts`): its
     * collection, publisher, the collection's creators and its owner (by id and profile_url), and after a
     * sale or any move its former owner's own NFT pages (`formerOwnerId`), in one statement.
     */
    async scopesOfToken(tokenRowId: number, formerOwnerId?: number): Promise<string[]> {
      return (await repo.changeOfToken(tokenRowId, formerOwnerId)).scopes;
    },

    /**
     * What a change to this token touches: the scopes it shows on (its collection's, its owner's and the former
     * owner's) and, for open item pages, which token it is (null once it is gone).
     */
    async changeOfToken(
      tokenRowId: number,
      formerOwnerId?: number,
    ): Promise<{
      scopes: string[];
      token: { contractAddress: string; niftyType: number; tokenId: string } | null;
    }> {
      const [row] = await rowsOf<
        ScopeRow & {
          ownerId: number | null;
          ownerUrl: string | null;
          formerUrl: string | null;
          niftyType: number;
          tokenId: string;
        }
      >(
        db,
        sql`select c.contract_address as "contractAddress", pb.slug as publisher, o.id as "ownerId",
                   n.type_number as "niftyType", t.token_id::text as "tokenId",
                   o.profile_url as "ownerUrl",
                   ${formerOwnerId === undefined ? sql`null` : sql`(select f.profile_url from users f where f.id = ${formerOwnerId})`} as "formerUrl",
                   array(select u.profile_url from collection_creators cc join users u on u.id = cc.user_id
                          where cc.collection_id = c.id) as creators
              from tokens t join nifties n on n.id = t.nifty_id join collections c on c.id = n.collection_id
              join publishers pb on pb.id = c.publisher_id left join users o on o.id = t.owner_id
             where t.id = ${tokenRowId}`,
      );
      const former =
        formerOwnerId === undefined
          ? []
          : [scope.owner(formerOwnerId), ...(row?.formerUrl ? [scope.owner(row.formerUrl)] : [])];
      if (!row) return { scopes: former, token: null };
      const ownerScopes =
        row.ownerId === null ? [] : [scope.owner(row.ownerId), scope.owner(row.ownerUrl ?? '')];
      return {
        scopes: [...collectionScopes(row), ...ownerScopes, ...former],
        token: { contractAddress: row.contractAddress, niftyType: row.niftyType, tokenId: row.tokenId },
      };
    },

    /** The scopes a change to this collection's card shows on: its own, its publisher's, its creators'. */
    async scopesOfCollection(collectionId: number): Promise<string[]> {
      const [row] = await rowsOf<ScopeRow>(
        db,
        sql`select c.contract_address as "contractAddress", pb.slug as publisher,
                   array(select u.profile_url from collection_creators cc join users u on u.id = cc.user_id
                          where cc.collection_id = c.id) as creators
              from collections c join publishers pb on pb.id = c.publisher_id where c.id = ${collectionId}`,
      );
      return row ? collectionScopes(row) : [];
    },

    /** A user by numeric id or profile_url (case-insensitive). */
    async userByKey(key: string): Promise<UserRow | null> {
      const where = /^\d{1,9}$/.test(key)
        ? sql`(${users.id} = ${Number(key)} or lower(${users.profileUrl}) = ${key.toLowerCase()})`
        : sql`lower(${users.profileUrl}) = ${key.toLowerCase()}`;
      const [row] = await db
        .select({
          id: users.id,
          name: users.name,
          bio: users.bio,
          profileUrl: users.profileUrl,
          profilePicUrl: users.profilePicUrl,
          verified: users.verified,
          creator: users.creator,
          socialLinks: users.socialLinks,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(where)
        .orderBy(sql`(${users.id}::text = ${key}) desc`)
        .limit(1);
      return row ?? null;
    },

    async creatorStats(userId: number) {
      const rows = await rowsOf<{
        collections: number;
        items: number;
        owners: number;
        floor: string | number | null;
        volume: string | number | null;
      }>(
        db,
        sql`with mine as (select cc.collection_id from collection_creators cc
              join catalog_collection_stats s on s.collection_id = cc.collection_id where cc.user_id = ${userId})
          select
            (select count(*)::int from mine) as collections,
            (select count(*)::int from catalog_tokens where collection_id in (select collection_id from mine)) as items,
            (select count(distinct owner_id)::int from catalog_tokens where collection_id in (select collection_id from mine)) as owners,
            (select min(floor_price_cents) from catalog_collection_stats where collection_id in (select collection_id from mine)) as floor,
            (select sum(sa.price_in_cents) from sales sa join catalog_tokens t on t.token_row_id = sa.token_row_id
              where t.collection_id in (select collection_id from mine)) as volume`,
      );
      const r = rows[0];
      return {
        collections: int(r?.collections),
        items: int(r?.items),
        owners: int(r?.owners),
        floor: intOrNull(r?.floor),
        volume: int(r?.volume),
      };
    },

    async profileStats(userId: number) {
      const rows = await rowsOf<{
        collections: number;
        created: number;
        owned: number;
        favorites: number;
        following: number;
        volume: string | number | null;
      }>(
        db,
        sql`select
          (select count(*)::int from collection_creators cc join catalog_collection_stats s
            on s.collection_id = cc.collection_id where cc.user_id = ${userId}) as collections,
          (select count(*)::int from nifties n join collection_creators cc on cc.collection_id = n.collection_id
            join catalog_collection_stats s on s.collection_id = n.collection_id where cc.user_id = ${userId}) as created,
          (select count(*)::int from catalog_tokens where owner_id = ${userId}) as owned,
          ((select count(*)::int from favorite_nifties where user_id = ${userId})
            + (select count(*)::int from favorite_collections where user_id = ${userId})) as favorites,
          ((select count(*)::int from publisher_follows where user_id = ${userId})
            + (select count(*)::int from contract_follows where user_id = ${userId})) as following,
          (select sum(price_in_cents) from sales where seller_id = ${userId}) as volume`,
      );
      const r = rows[0];
      return {
        collections: int(r?.collections),
        created: int(r?.created),
        owned: int(r?.owned),
        favorites: int(r?.favorites),
        following: int(r?.following),
        volume: int(r?.volume),
      };
    },

    async userIdByProfileUrl(profileUrl: string): Promise<number | null> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.profileUrl}) = ${profileUrl.toLowerCase()}`)
        .limit(1);
      return row?.id ?? null;
    },

    // ---- nbno ----

    async nbno(text: SearchText | null, limit: number, offset: number) {
      const match = text
        ? sql`${nifties.id} in (select sd.ref_id from search_documents sd where sd.index_name = 'products' and ${documentMatches(
            { tsv: sql`sd.tsv`, body: sql`sd.body` },
            text,
            { prefix: true, indexed: false },
          )})`
        : sql`${nifties.id} in (select ref_id from search_documents where index_name = 'products')`;
      const [rows, total] = await Promise.all([
        db
          .select({
            id: nifties.id,
            title: nifties.title,
            typeNumber: nifties.typeNumber,
            niftyType: nifties.niftyType,
            assetUrl: niftyCardAsset,
            contractAddress: collections.contractAddress,
            collectionId: collections.id,
            collectionName: collections.name,
            collectionSlug: collections.slug,
          })
          .from(nifties)
          .innerJoin(collections, eq(collections.id, nifties.collectionId))
          .where(match)
          .orderBy(desc(nifties.createdAt), desc(nifties.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(nifties).where(match),
      ]);
      return { count: total[0]?.n ?? 0, rows };
    },
  };
  return repo;
}

export type PagesRepo = ReturnType<typeof createPagesRepo>;
export type { UserRef };
