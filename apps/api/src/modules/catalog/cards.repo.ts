// Builds the cards of 004 §1 (NftCard, CollectionCard, DropCard, Listing) for a page of ids: one statement
// for token cards, a few indexed queries for the others, whatever the page size.

import { type Db, schema } from '@vitrine/db';
import { type Currency, isFastSellOut, listedPrices, nftBadge } from '@vitrine/domain';
import type {
  CollectionCard,
  Creator,
  ExploreDropCard,
  Listing,
  NftCard,
  UserRef,
} from '@vitrine/domain/catalog-responses';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { groupBy, int, intOrNull, iso, rowsOf } from '../../lib/sql-rows';
import { dropEndSql } from '../drops/drop-end';

const {
  collections,
  collectionCreators,
  publishers,
  users,
  drops,
  catalogNiftyStats: ns,
  catalogCollectionStats: cs,
  favoriteCollections,
} = schema;

const str = (v: unknown): string =>
  typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v);
const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/**
 * What every token card of a nifty shows alike, derived once from its `catalog_nifty_cards` row and kept
 * by (nifty id, card version) (migration 0011): the nifty, its collection, publisher, stats, creators,
 * and whether it sold out fast. Its arrays and objects are shared by every card built from it (and
 * kept): read them, never change them on a card.
 */
interface NiftyPart {
  typeNumber: number;
  niftyType: string;
  title: string;
  assetSrc: string;
  assetType: string;
  saleType: string;
  category: string;
  tags: string[];
  editions: number;
  mintedEditions: number;
  floorPriceInCents: number | null;
  fastSellOut: boolean;
  creators: Creator[];
  project: NftCard['project'];
  publisher: NftCard['publisher'];
  chain: string;
  startTime: string | null;
  endTime: string | null;
}

function toNiftyPart(n: Record<string, unknown>): NiftyPart {
  const creators = (Array.isArray(n.creators) ? n.creators : []) as {
    id: number;
    name: string;
    profileUrl: string;
    profilePicUrl: string | null;
  }[];
  const startTime = iso(n.start_at);
  return {
    typeNumber: int(n.type_number),
    niftyType: str(n.nifty_type),
    title: str(n.title),
    assetSrc: str(n.asset_url),
    assetType: str(n.asset_type),
    saleType: str(n.sale_type),
    category: str(n.category),
    tags: Array.isArray(n.tags) ? (n.tags as string[]) : [],
    editions: int(n.edition_size),
    mintedEditions: int(n.minted),
    floorPriceInCents: intOrNull(n.floor),
    fastSellOut: isFastSellOut({
      saleType: str(n.sale_type),
      niftyType: str(n.nifty_type),
      editionSize: int(n.edition_size),
      totalSold: int(n.total_sold),
      totalReserved: int(n.total_reserved),
      startAt: startTime === null ? null : new Date(startTime),
      lastMintedAt: n.last_minted_at ? new Date(iso(n.last_minted_at) ?? 0) : null,
    }),
    creators: creators.map((c) => ({
      id: int(c.id),
      name: c.name || c.profileUrl,
      profileUrl: c.profileUrl,
      storefrontSlug: c.profileUrl,
      profilePicUrl: c.profilePicUrl,
    })),
    project: { name: str(n.collection_name), slug: str(n.collection_slug) },
    publisher: {
      name: str(n.publisher_name),
      slug: str(n.publisher_slug),
      profilePicUrl: strOrNull(n.publisher_pic),
    },
    chain: str(n.chain),
    startTime,
    endTime: iso(n.end_at),
  };
}

/** A card from its token's row (`r`, the cards statement's) and its nifty's part, in the schema's key order. */
function toNftCard(r: Record<string, unknown>, n: NiftyPart): NftCard {
  const tokenId = str(r.token_id);
  const editionNumber = int(r.edition_number);
  const listing = toListing({
    listingId: intOrNull(r.listing_id),
    tokenId,
    editionNumber,
    currency: strOrNull(r.listing_currency),
    amount: strOrNull(r.listing_amount),
    discountAmount: strOrNull(r.listing_discount),
    priceInCents: intOrNull(r.listing_cents),
    createdAt:
      r.listing_created === null || r.listing_created === undefined
        ? null
        : new Date(iso(r.listing_created) ?? 0),
    seller: userRef({
      id: intOrNull(r.seller_id),
      name: strOrNull(r.seller_name),
      profileUrl: strOrNull(r.seller_url),
      pic: strOrNull(r.seller_pic),
    }),
  });
  const lastSaleCents = intOrNull(r.last_sale_in_cents);
  const lastSaleAt = iso(r.last_sale_at);
  const likesCount = int(r.likes_count);
  const name = str(r.name);
  // A revealed blind edition shows its own artwork (decision 016); the statement gives it only once revealed.
  const revealed = strOrNull(r.revealed_asset_url);
  return {
    id: int(r.id),
    contractAddress: str(r.contract_address).toLowerCase(),
    tokenId,
    typeNumber: n.typeNumber,
    niftyType: n.niftyType,
    name,
    title: n.title,
    editionNumber,
    asset:
      revealed === null
        ? { src: n.assetSrc, type: n.assetType, alt: name }
        : { src: revealed, type: 'Image', alt: name },
    rarity: rarityOf(strOrNull(r.rarity)),
    saleType: n.saleType,
    category: n.category,
    tags: n.tags,
    editions: n.editions,
    mintedEditions: n.mintedEditions,
    priceInCents: listing?.priceInCents ?? null,
    listing,
    floorPriceInCents: n.floorPriceInCents,
    lastSale:
      lastSaleCents !== null && lastSaleAt !== null ? { amount: lastSaleCents, time: lastSaleAt } : null,
    likes: { likesAmount: likesCount, isLiked: r.liked === true },
    badge: nftBadge(likesCount, n.fastSellOut),
    isAcceptingOffers: r.is_accepting_offers === true,
    owner: userRef({
      id: intOrNull(r.owner_id),
      name: strOrNull(r.owner_name),
      profileUrl: strOrNull(r.owner_url),
      pic: strOrNull(r.owner_pic),
    }),
    externalOwner: strOrNull(r.external_owner),
    creators: n.creators,
    project: n.project,
    publisher: n.publisher,
    chain: n.chain,
    startTime: n.startTime,
    endTime: n.endTime,
  };
}

export function userRef(u: {
  id: number | null;
  name: string | null;
  profileUrl: string | null;
  pic: string | null;
}): UserRef | null {
  if (u.id === null || u.profileUrl === null) return null;
  return { id: u.id, displayName: u.name || u.profileUrl, username: u.profileUrl, profilePicUrl: u.pic };
}

export function toListing(r: {
  listingId: number | null;
  tokenId: string;
  editionNumber: number;
  currency: string | null;
  amount: string | null;
  /** The seller's discount (`amount` is what buyers pay, the discount taken off); null without one. */
  discountAmount: string | null;
  priceInCents: number | null;
  createdAt: Date | null;
  seller: UserRef | null;
}): Listing | null {
  if (r.listingId === null || r.currency === null || r.amount === null || r.priceInCents === null)
    return null;
  const prices = listedPrices({ amount: r.amount, currency: r.currency as Currency }, r.discountAmount);
  return {
    id: r.listingId,
    tokenId: r.tokenId,
    editionNumber: r.editionNumber,
    baseListingPrice: prices.baseListingPrice,
    priceInCents: r.priceInCents,
    listingDiscount: prices.listingDiscount,
    listingDeliveryFee: null,
    externalListingId: null,
    seller: r.seller,
    createdAt: (r.createdAt ?? new Date(0)).toISOString(),
  };
}

/** 0..1 rarity from numeric text. */
export const rarityOf = (v: string | null): number | null => (v === null ? null : Number(v));

/** Nifty parts kept per repo (one per app): a few hundred bytes per nifty; past the bound, all go. */
const MAX_NIFTY_PARTS = 20_000;

export function createCardsRepo(db: Db) {
  /** Parts by nifty id, with the card version they were derived from. */
  const niftyParts = new Map<number, { version: number; part: NiftyPart }>();

  /**
   * The parts of these nifties at (at least) the card versions given: kept ones at that version as they
   * are, the others read from `catalog_nifty_cards` (a refresh committed since gives a newer version,
   * kept as read). A version is never reused (a sequence), so an equal version is the same card.
   */
  async function niftyPartsOf(wanted: Map<number, number>): Promise<Map<number, NiftyPart>> {
    const out = new Map<number, NiftyPart>();
    const missing: number[] = [];
    for (const [id, version] of wanted) {
      const kept = niftyParts.get(id);
      if (kept && kept.version === version) out.set(id, kept.part);
      else missing.push(id);
    }
    if (missing.length === 0) return out;
    const rows = await rowsOf<{ nifty_id: number; version: number | string; card: unknown }>(
      db,
      sql`select nifty_id, version, card from catalog_nifty_cards where nifty_id = any(${sql.param(missing)}::int[])`,
    );
    if (niftyParts.size + rows.length > MAX_NIFTY_PARTS) niftyParts.clear();
    for (const row of rows) {
      const part = toNiftyPart((row.card ?? {}) as Record<string, unknown>);
      niftyParts.set(int(row.nifty_id), { version: int(row.version), part });
      out.set(int(row.nifty_id), part);
    }
    return out;
  }

  const repo = {
    async creatorsOf(collectionIds: number[]): Promise<Map<number, Creator[]>> {
      if (collectionIds.length === 0) return new Map();
      const rows = await db
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
      const out = new Map<number, Creator[]>();
      for (const [id, list] of groupBy(rows, (r) => r.collectionId)) {
        out.set(
          id,
          list.map((r) => ({
            id: r.id,
            name: r.name || r.profileUrl,
            profileUrl: r.profileUrl,
            storefrontSlug: r.profileUrl,
            profilePicUrl: r.profilePicUrl,
          })),
        );
      }
      return out;
    },

    /** Minted count, listed count and floor (cheapest active listing) per nifty. */
    async niftyStats(
      niftyIds: number[],
    ): Promise<Map<number, { minted: number; floor: number | null; listed: number }>> {
      if (niftyIds.length === 0) return new Map();
      const rows = await db
        .select({
          niftyId: ns.niftyId,
          minted: ns.mintedCount,
          listed: ns.listedCount,
          floor: ns.floorPriceCents,
        })
        .from(ns)
        .where(inArray(ns.niftyId, niftyIds));
      return new Map(rows.map((r) => [r.niftyId, { minted: r.minted, listed: r.listed, floor: r.floor }]));
    },

    /**
     * Token cards in the order of `ids`. One statement reads the tokens (their own fields, owner, listing,
     * the viewer's likes, and the version of their nifty's card) with one int[] parameter, so PostgreSQL
     * keeps its generic plan per connection (bind ~0.05 ms). It answers one JSON value: the drivers decode
     * each field of each row on their own (PGlite copies every one), while one JSON.parse costs a fraction.
     * What every token of a nifty shows alike comes from `niftyParts`, kept by card version; only the
     * nifties not kept at that version are read (a second statement, none once they are known).
     */
    async tokenCards(ids: number[], viewerId: number | null): Promise<NftCard[]> {
      if (ids.length === 0) return [];
      const rows = await rowsOf<{ cards: unknown }>(
        db,
        sql`select coalesce(json_agg(x order by x.ord), '[]'::json) as cards
            from (select p.ord, t.id, t.contract_address, t.token_id::text as token_id, t.name, t.edition_number,
              t.rarity::text as rarity, t.is_accepting_offers, t.likes_count, t.last_sale_in_cents, t.last_sale_at,
              t.external_owner, o.id as owner_id, o.name as owner_name, o.profile_url as owner_url,
              o.profile_pic_url as owner_pic, l.id as listing_id, l.currency as listing_currency,
              l.amount::text as listing_amount, l.discount_amount::text as listing_discount,
              l.price_in_cents as listing_cents, l.created_at as listing_created,
              sl.id as seller_id, sl.name as seller_name, sl.profile_url as seller_url, sl.profile_pic_url as seller_pic,
              nc.nifty_id, nc.version as nifty_version,
              case when t.revealed_asset_url is null then null
                   when exists (select 1 from nifties rn where rn.id = t.nifty_id and rn.revealed_at is not null)
                   then t.revealed_asset_url end as revealed_asset_url,
              ${
                viewerId === null
                  ? sql`false`
                  : sql`exists (select 1 from favorite_nifties f where f.user_id = ${viewerId} and f.token_row_id = t.id)`
              } as liked
            from unnest(${sql.param(ids)}::int[]) with ordinality as p(id, ord)
            join tokens t on t.id = p.id
            join catalog_nifty_cards nc on nc.nifty_id = t.nifty_id
            left join users o on o.id = t.owner_id
            left join listings l on l.token_row_id = t.id and l.status = 'active'
            left join users sl on sl.id = l.seller_id) x`,
      );
      const tokens = rows[0]?.cards;
      if (!Array.isArray(tokens)) return [];
      const wanted = new Map<number, number>();
      for (const r of tokens as Record<string, unknown>[]) wanted.set(int(r.nifty_id), int(r.nifty_version));
      const parts = await niftyPartsOf(wanted);
      const cards: NftCard[] = [];
      for (const r of tokens as Record<string, unknown>[]) {
        const part = parts.get(int(r.nifty_id));
        if (part) cards.push(toNftCard(r, part));
      }
      return cards;
    },

    /** Which of these tokens (row ids) the viewer likes: one probe of the (user, token) unique index. */
    async likedTokens(viewerId: number, tokenRowIds: number[]): Promise<Set<number>> {
      if (tokenRowIds.length === 0) return new Set();
      const rows = await rowsOf<{ id: number }>(
        db,
        sql`select token_row_id as id from favorite_nifties
             where user_id = ${viewerId} and token_row_id = any(${sql.param(tokenRowIds)}::int[])`,
      );
      return new Set(rows.map((r) => int(r.id)));
    },

    async likedCollections(viewerId: number | null, collectionIds: number[]): Promise<Set<number>> {
      if (viewerId === null || collectionIds.length === 0) return new Set();
      const rows = await db
        .select({ id: favoriteCollections.collectionId })
        .from(favoriteCollections)
        .where(
          and(
            eq(favoriteCollections.userId, viewerId),
            inArray(favoriteCollections.collectionId, collectionIds),
          ),
        );
      return new Set(rows.map((r) => r.id));
    },

    /** Collection cards (status is decided by the service from `startAt`/`endAt`). */
    async collectionCards(
      ids: number[],
      viewerId: number | null,
    ): Promise<(Omit<CollectionCard, 'status'> & { startAt: Date | null; endAt: Date | null })[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({
          id: collections.id,
          slug: collections.slug,
          contractAddress: collections.contractAddress,
          chain: collections.chain,
          name: collections.name,
          description: collections.description,
          imageUrl: collections.imageUrl,
          category: collections.category,
          tags: collections.tags,
          startAt: collections.startAt,
          endAt: collections.endAt,
          totalItems: collections.totalItems,
          publisherName: publishers.name,
          publisherSlug: publishers.slug,
          publisherPic: publishers.profilePicUrl,
          floor: cs.floorPriceCents,
          listed: cs.listedCount,
          minted: cs.mintedCount,
          lastSaleAt: cs.lastSaleAt,
          lastListedAt: cs.lastListedAt,
        })
        .from(collections)
        .innerJoin(publishers, eq(publishers.id, collections.publisherId))
        .leftJoin(cs, eq(cs.collectionId, collections.id))
        .where(inArray(collections.id, ids));
      const [creators, likes, liked] = await Promise.all([
        repo.creatorsOf(ids),
        db
          .select({ id: favoriteCollections.collectionId, n: count() })
          .from(favoriteCollections)
          .where(inArray(favoriteCollections.collectionId, ids))
          .groupBy(favoriteCollections.collectionId),
        repo.likedCollections(viewerId, ids),
      ]);
      const likeCount = new Map(likes.map((l) => [l.id, l.n]));
      return rows.map((r) => ({
        id: r.id,
        slug: r.slug,
        contractAddress: r.contractAddress.toLowerCase(),
        chain: r.chain,
        title: r.name,
        description: r.description,
        imageUrl: r.imageUrl,
        category: r.category,
        tags: r.tags,
        publisher: { name: r.publisherName, slug: r.publisherSlug, profilePicUrl: r.publisherPic },
        creators: creators.get(r.id) ?? [],
        startDate: r.startAt?.toISOString() ?? null,
        endDate: r.endAt?.toISOString() ?? null,
        startAt: r.startAt,
        endAt: r.endAt,
        floorPriceInCents: r.floor,
        listedCount: r.listed ?? 0,
        totalItems: r.totalItems,
        mintedEditions: r.minted ?? 0,
        lastSaleAt: r.lastSaleAt?.toISOString() ?? null,
        lastListedAt: r.lastListedAt?.toISOString() ?? null,
        likes: { likesAmount: likeCount.get(r.id) ?? 0, isLiked: liked.has(r.id) },
      }));
    },

    /** Drop cards (status is decided by the service). */
    async dropCards(
      ids: number[],
    ): Promise<(Omit<ExploreDropCard, 'status'> & { startAt: Date; endAt: Date })[]> {
      if (ids.length === 0) return [];
      const [rows, cols] = await Promise.all([
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
            // Its auctions' moved ends counted: the card's status and end follow a late bid.
            endAt: dropEndSql,
            publisherName: publishers.name,
            publisherSlug: publishers.slug,
            publisherPic: publishers.profilePicUrl,
          })
          .from(drops)
          .innerJoin(publishers, eq(publishers.id, drops.publisherId))
          .where(inArray(drops.id, ids)),
        db
          .select({
            id: collections.id,
            dropId: collections.dropId,
            slug: collections.slug,
            name: collections.name,
            contractAddress: collections.contractAddress,
            category: collections.category,
            tags: collections.tags,
          })
          .from(collections)
          .where(inArray(collections.dropId, ids))
          .orderBy(asc(collections.id)),
      ]);
      const creators = await repo.creatorsOf(cols.map((c) => c.id));
      const colsByDrop = groupBy(cols, (c) => c.dropId);
      return rows.map((d) => {
        const own = colsByDrop.get(d.id) ?? [];
        const artists = new Map<number, ExploreDropCard['artists'][number]>();
        for (const c of own) {
          for (const a of creators.get(c.id) ?? []) {
            if (!artists.has(a.id))
              artists.set(a.id, { id: a.id, name: a.name, userName: a.profileUrl, iconUrl: a.profilePicUrl });
          }
        }
        return {
          id: d.id,
          slug: d.slug,
          title: d.title,
          introText: d.introText,
          dropType: d.dropType,
          startDate: d.startAt.toISOString(),
          endDate: d.endAt.toISOString(),
          startAt: d.startAt,
          endAt: d.endAt,
          coverAsset: d.coverAsset ? { src: d.coverAsset, type: 'Image', alt: d.title } : null,
          chain: d.chain,
          publisher: { name: d.publisherName, slug: d.publisherSlug, profilePicUrl: d.publisherPic },
          artists: [...artists.values()],
          collections: own.map((c) => ({
            slug: c.slug,
            name: c.name,
            contractAddress: c.contractAddress.toLowerCase(),
          })),
          categories: [...new Set(own.map((c) => c.category))],
          tags: [...new Set(own.flatMap((c) => c.tags))],
        };
      });
    },
  };
  return repo;
}

export type CardsRepo = ReturnType<typeof createCardsRepo>;
