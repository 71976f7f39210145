// Browsing decisions (docs/decisions/004-catalog-api.md §2–§3): filter resolution, default sorts, facets,
// statuses from the server clock, badges, and the single-object pages.

import {
  AppError,
  CATEGORIES,
  CATEGORY_LABELS,
  collectionStatus,
  PRICE_FILTER_RANGES,
  type PriceFilter,
  primaryPriceInCents,
  type QuickFilter,
  type SortOption,
} from '@vitrine/domain';
import type {
  CollectionCard,
  CollectionDetail,
  ExploreDropWithCards,
  Facets,
  ItemDetail,
  NbnoItem,
  NftCard,
  PublicProfile,
  Storefront,
  TableNifty,
} from '@vitrine/domain/catalog-responses';
import { offsetOf, type Page, toPage } from '../../http/pagination';
import type { Clock } from '../../lib/clock';
import type { CountCache } from '../../lib/count-cache';
import type { DropSaleCard } from '../drops/drops.service';
import { type SearchText, searchText } from '../search/search-match';
import type { CardsRepo } from './cards.repo';
import type {
  CollectionTokensQuery,
  ExploreCollectionsQuery,
  ExploreDropsQuery,
  ExploreNftsQuery,
} from './catalog.schemas';
import type { ExploreFilter, ExploreRepo, FacetCounts, MarketFilter, TokenFilter } from './explore.repo';
import type { NiftyRow, PagesRepo } from './pages.repo';

export type ExplorePage<T> = Page<T> & { facets: Facets };

const TRENDING_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
const ITEM_OTHER_LISTINGS = 10;
const ITEM_SALE_HISTORY = 50;
const ITEM_PRICE_HISTORY = 500;

const notFound = (what: string) =>
  new AppError({ statusCode: 404, errorType: 'not-found', message: `${what} not found` });

const statusOf = (start: Date | null, end: Date | null, now: Date) =>
  collectionStatus(start, end, now) ?? 'live';

function toFacets(c: FacetCounts): Facets {
  const byCategory = new Map(c.categories.map((x) => [x.name, x.count]));
  return {
    categories: CATEGORIES.map((name) => ({
      name,
      label: CATEGORY_LABELS[name],
      count: byCategory.get(name) ?? 0,
    })),
    tags: c.tags
      .filter((t) => t.count > 0)
      .sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map((t) => ({ name: t.name, label: t.name, count: t.count })),
  };
}

const EMPTY_FACETS: FacetCounts = { count: 0, categories: [], tags: [] };

/** Explicit bounds intersected with a preset (001 §3 price filters). */
function priceBounds(q: { minPrice?: number; maxPrice?: number; priceFilter?: PriceFilter }) {
  const preset = q.priceFilter ? PRICE_FILTER_RANGES[q.priceFilter] : { min: null, max: null };
  const pick = (a: number | null | undefined, b: number | null, f: (x: number, y: number) => number) =>
    a === undefined || a === null ? b : b === null ? a : f(a, b);
  return {
    minPrice: pick(q.minPrice, preset.min, Math.max),
    maxPrice: pick(q.maxPrice, preset.max, Math.min),
  };
}

export function createCatalogService(deps: {
  explore: ExploreRepo;
  cards: CardsRepo;
  pages: PagesRepo;
  clock: Clock;
  counts: CountCache;
  /** The status epoch holding at `now`, if known (see `catalogState`). */
  statusEpoch?: (now: Date) => string | null;
  /** The sale cards of drops by id (the drops service), laid on explore's drop cards (decision 015). */
  saleCards?: (dropIds: number[]) => Promise<Map<number, DropSaleCard[]>>;
}) {
  const { explore, cards, pages, clock, counts } = deps;

  /** Ids of the publisher/creator/owner handles; null when one is unknown (the list is then empty). */
  async function resolveHandles(q: { publisher?: string; creator?: string; owner?: string }) {
    const [publisherId, creatorId, ownerId] = await Promise.all([
      q.publisher === undefined ? null : explore.publisherIdBySlug(q.publisher),
      q.creator === undefined ? null : pages.userIdByProfileUrl(q.creator),
      q.owner === undefined ? null : pages.userIdByProfileUrl(q.owner),
    ]);
    if (
      (q.publisher !== undefined && publisherId === null) ||
      (q.creator !== undefined && creatorId === null)
    )
      return null;
    if (q.owner !== undefined && ownerId === null) return null;
    return { publisherId, creatorId, ownerId };
  }

  function baseFilter(
    q: { q?: string; status?: ExploreFilter['status']; categories?: string[]; tags?: string[] },
    ids: { publisherId: number | null; creatorId: number | null },
    now: Date,
  ): ExploreFilter {
    return {
      text: searchText(q.q),
      status: q.status ?? null,
      now,
      categories: q.categories ?? [],
      tags: q.tags ?? [],
      publisherId: ids.publisherId,
      creatorId: ids.creatorId,
    };
  }

  function marketFilter(
    q: ExploreCollectionsQuery,
    ids: { publisherId: number | null; creatorId: number | null },
    now: Date,
  ): MarketFilter {
    return {
      ...baseFilter(q, ids, now),
      quickFilter: (q.quickFilter ?? 'all') as QuickFilter,
      ...priceBounds(q),
      editionSize: q.editionSize ?? null,
      trendingSince: q.trending ? new Date(now.getTime() - TRENDING_WINDOW_MS) : null,
    };
  }

  /** Which statuses a count holds: the status epoch (next start or end time), else the minute. */
  function statusKey(): string {
    const now = clock.now();
    return deps.statusEpoch?.(now) ?? String(Math.floor(now.getTime() / 60_000));
  }

  /** The cache key of a filter: everything but the page and the sort; `now` only through time windows. */
  function keyOf(kind: string, f: object): string {
    return `${kind}:${JSON.stringify(f, (k, v: unknown) => {
      if (k === 'now' || k === 'trendingSince') return undefined;
      if (k === 'text') return (v as SearchText | null)?.folded ?? null;
      return v;
    })}:${'status' in f && f.status ? statusKey() : ''}`;
  }

  async function finishPage<T>(
    q: { page: number; page_size: number },
    facets: FacetCounts,
    load: (limit: number, offset: number) => Promise<T[]>,
  ): Promise<ExplorePage<T>> {
    const offset = offsetOf(q);
    const results = offset >= facets.count ? [] : await load(q.page_size, offset);
    return { ...toPage(q, facets.count, results), facets: toFacets(facets) };
  }

  async function collectionCards(
    ids: number[],
    viewerId: number | null,
    now: Date,
  ): Promise<CollectionCard[]> {
    const rows = await cards.collectionCards(ids, viewerId);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const r = byId.get(id);
      if (!r) return [];
      const { startAt, endAt, ...card } = r;
      return [{ ...card, status: statusOf(startAt, endAt, now) }];
    });
  }

  const service = {
    /** Which of these token cards (row ids) the viewer likes. */
    likedNfts: (viewerId: number, ids: number[]) => cards.likedTokens(viewerId, ids),
    /** Which of these collection cards the viewer likes. */
    likedCollections: (viewerId: number, ids: number[]) => cards.likedCollections(viewerId, ids),
    /** Cards for ids, in the order given (used by the social boards). */
    nftCardsByIds: (ids: number[], viewerId: number | null) => cards.tokenCards(ids, viewerId),
    collectionCardsByIds: (ids: number[], viewerId: number | null) =>
      collectionCards(ids, viewerId, clock.now()),

    async exploreNfts(q: ExploreNftsQuery, viewerId: number | null): Promise<ExplorePage<NftCard>> {
      const now = clock.now();
      const ids = await resolveHandles(q);
      if (!ids) return finishPage(q, EMPTY_FACETS, async () => []);
      const f: TokenFilter = {
        ...marketFilter(q, ids, now),
        tokenId: q.tokenId ?? null,
        hotDeals: q.hotDeals === true,
        minMass: q.minMass ?? null,
        maxMass: q.maxMass ?? null,
        contractAddress: q.contractAddress?.toLowerCase() ?? null,
        ownerId: ids.ownerId,
      };
      const facets = await counts.get(keyOf('nfts', f), () => explore.tokenFacets(f));
      return finishPage(q, facets, async (limit, offset) =>
        cards.tokenCards(await explore.tokenPage(f, q.sort ?? '-last_sale_at', limit, offset), viewerId),
      );
    },

    async exploreCollections(
      q: ExploreCollectionsQuery,
      viewerId: number | null,
    ): Promise<ExplorePage<CollectionCard>> {
      const now = clock.now();
      const ids = await resolveHandles(q);
      if (!ids) return finishPage(q, EMPTY_FACETS, async () => []);
      const f = marketFilter(q, ids, now);
      const facets = await counts.get(keyOf('collections', f), () => explore.collectionFacets(f));
      return finishPage(q, facets, async (limit, offset) =>
        collectionCards(
          await explore.collectionPage(f, q.sort ?? '-last_sale_at', limit, offset),
          viewerId,
          now,
        ),
      );
    },

    async exploreDrops(q: ExploreDropsQuery): Promise<ExplorePage<ExploreDropWithCards>> {
      const now = clock.now();
      const ids = await resolveHandles(q);
      if (!ids) return finishPage(q, EMPTY_FACETS, async () => []);
      const f = baseFilter(q, ids, now);
      const sort: SortOption =
        q.sort ?? (q.status === 'upcoming' ? 'schedule_start_at' : '-schedule_start_at');
      const facets = await counts.get(keyOf('drops', f), () => explore.dropFacets(f));
      return finishPage(q, facets, async (limit, offset) => {
        const pageIds = await explore.dropPage(f, sort, limit, offset);
        const [found, sales] = await Promise.all([
          cards.dropCards(pageIds),
          deps.saleCards ? deps.saleCards(pageIds) : new Map<number, DropSaleCard[]>(),
        ]);
        const rows = new Map(found.map((d) => [d.id, d]));
        return pageIds.flatMap((id) => {
          const d = rows.get(id);
          if (!d) return [];
          const { startAt, endAt, ...card } = d;
          return [{ ...card, status: statusOf(startAt, endAt, now), cards: sales.get(id) ?? [] }];
        });
      });
    },

    async userNifties(
      userKey: string,
      q: Omit<ExploreNftsQuery, 'owner'>,
      viewerId: number | null,
    ): Promise<ExplorePage<NftCard>> {
      const user = await pages.userByKey(userKey);
      if (!user) throw notFound('User');
      return service.exploreNfts({ ...q, owner: user.profileUrl }, viewerId);
    },

    async item(contractAddress: string, tokenId: string, viewerId: number | null): Promise<ItemDetail> {
      const rowId = await pages.tokenRowId(contractAddress, tokenId);
      const detail = rowId === null ? null : await pages.tokenDetail(rowId);
      if (rowId === null || !detail) throw notFound('NFT');
      const [[card], nifty, collection, listings, saleHistory, priceHistory, subscription] =
        await Promise.all([
          cards.tokenCards([rowId], viewerId),
          pages.niftyById(detail.niftyId),
          pages.collectionById(detail.collectionId),
          pages.otherListings(detail.niftyId, rowId, ITEM_OTHER_LISTINGS),
          pages.saleHistory(rowId, ITEM_SALE_HISTORY),
          pages.priceHistory(detail.niftyId, ITEM_PRICE_HISTORY),
          pages.contractSubscription(detail.collectionId, viewerId),
        ]);
      if (!card || !nifty || !collection) throw notFound('NFT');
      return {
        token: card,
        description: nifty.description,
        nifty: {
          typeNumber: nifty.typeNumber,
          niftyType: nifty.niftyType,
          title: nifty.title,
          description: nifty.description,
          editionSize: nifty.editionSize,
          totalSold: nifty.totalSold,
          saleType: nifty.saleType,
          royaltyPercentage: nifty.royaltyPercentage,
          tags: nifty.tags,
        },
        collection: {
          slug: collection.slug,
          name: collection.name,
          contractAddress: collection.contractAddress,
          chain: collection.chain,
          imageUrl: collection.imageUrl,
          category: collection.category,
          publisher: collection.publisher,
          creators: card.creators,
        },
        owner: card.owner,
        externalOwner: card.externalOwner,
        listing: card.listing,
        listings,
        // Offers arrive with the trading area; the shape is fixed by decision 004.
        offers: [],
        saleHistory,
        priceHistory,
        likes: card.likes,
        subscription,
      };
    },

    async collection(key: string, viewerId: number | null): Promise<CollectionDetail> {
      const now = clock.now();
      const row = await pages.collectionByKey(key);
      if (!row) throw notFound('Collection');
      const [[card], niftyRows, extras, subscription, dropCollections] = await Promise.all([
        collectionCards([row.id], viewerId, now),
        pages.niftiesOf(row.id),
        pages.collectionExtras(row.id),
        pages.contractSubscription(row.id, viewerId),
        row.drop ? pages.dropCollections(row.drop.slug) : Promise.resolve([]),
      ]);
      if (!card) throw notFound('Collection');
      const stats = await cards.niftyStats(niftyRows.map((n) => n.id));
      return {
        ...card,
        introVideo: row.drop?.introVideo ?? null,
        drop: row.drop
          ? {
              slug: row.drop.slug,
              title: row.drop.title,
              dropType: row.drop.dropType,
              collections: dropCollections,
            }
          : null,
        stats: {
          floorPriceInCents: card.floorPriceInCents,
          listedCount: card.listedCount,
          totalItems: card.totalItems,
          mintedEditions: card.mintedEditions,
          owners: extras.owners,
          volumeInCents: extras.volumeInCents,
          lastSaleAt: card.lastSaleAt,
        },
        nifties: niftyRows.map((n) => niftySummary(n, stats.get(n.id))),
        subscription,
      };
    },

    async collectionNifty(key: string, typeNumber: number, viewerId: number | null) {
      const collection = await service.collection(key, viewerId);
      const niftyRows = await pages.niftiesOf(collection.id);
      const nifty = niftyRows.find((n) => n.typeNumber === typeNumber);
      if (!nifty) throw notFound('NFT');
      const [stats, likes] = await Promise.all([
        cards.niftyStats([nifty.id]),
        pages.editionLikes(nifty.id, viewerId),
      ]);
      // A nifty without its own window sells in its collection's (an FCFS or pack NFT of a drop), as the
      // drop page and explore read it.
      const startTime = nifty.startAt?.toISOString() ?? collection.startDate ?? null;
      const endTime = nifty.endAt?.toISOString() ?? collection.endDate ?? null;
      return {
        collection,
        nifty: {
          ...niftySummary(nifty, stats.get(nifty.id)),
          description: nifty.description,
          tags: nifty.tags,
          startTime,
          endTime,
          // Its primary sale's price as its drop card reads it; none outside a drop's sale window.
          priceInCents: collection.drop && startTime && endTime ? primaryPriceInCents(nifty) : null,
          royaltyPercentage: nifty.royaltyPercentage,
          likes,
        },
      };
    },

    async collectionTokens(key: string, q: CollectionTokensQuery): Promise<Page<TableNifty>> {
      const row = await pages.collectionByKey(key);
      if (!row) throw notFound('Collection');
      const f = {
        collectionId: row.id,
        typeNumber: q.type ?? null,
        minEdition: q.minEdition ?? null,
        maxEdition: q.maxEdition ?? null,
        minPrice: q.minPrice ?? null,
        maxPrice: q.maxPrice ?? null,
        minLastSale: q.minLastSale ?? null,
        maxLastSale: q.maxLastSale ?? null,
        lastSaleFrom: q.lastSaleFrom ? new Date(q.lastSaleFrom) : null,
        lastSaleTo: q.lastSaleTo ? endOfDay(q.lastSaleTo) : null,
        listed: q.listed === true,
      };
      const total = await pages.tableCount(f);
      const offset = offsetOf(q);
      const results = offset >= total ? [] : await pages.tablePage(f, q.sort, q.page_size, offset);
      return toPage(q, total, results);
    },

    async storefront(slug: string, viewerId: number | null): Promise<Storefront> {
      const publisher = await pages.publisherBySlug(slug);
      if (publisher) {
        const [stats, subscription] = await Promise.all([
          pages.publisherStats(publisher.id),
          pages.publisherSubscription(publisher.id, viewerId),
        ]);
        return {
          kind: 'publisher',
          slug: publisher.slug,
          name: publisher.name,
          description: publisher.description,
          profilePicUrl: publisher.profilePicUrl,
          coverPhotoUrl: publisher.coverPhotoUrl,
          socialLinks: publisher.socialLinks,
          verified: publisher.verified,
          curated: publisher.curated,
          stats: [
            { id: 'collections', value: stats.collections },
            { id: 'items', value: stats.items },
            { id: 'owners', value: stats.owners },
            { id: 'volume', value: stats.volume },
            ...(stats.floor === null ? [] : [{ id: 'floor' as const, value: stats.floor }]),
            { id: 'followers', value: stats.followers },
          ],
          subscription,
        };
      }
      const user = await pages.userByKey(slug);
      if (!user || /^\d+$/.test(slug)) throw notFound('Storefront');
      const stats = await pages.creatorStats(user.id);
      if (stats.collections === 0 && !user.creator) throw notFound('Storefront');
      return {
        kind: 'creator',
        slug: user.profileUrl,
        name: user.name || user.profileUrl,
        description: user.bio,
        profilePicUrl: user.profilePicUrl,
        coverPhotoUrl: null,
        socialLinks: user.socialLinks,
        verified: user.verified,
        curated: false,
        stats: [
          { id: 'collections', value: stats.collections },
          { id: 'items', value: stats.items },
          { id: 'owners', value: stats.owners },
          { id: 'volume', value: stats.volume },
          ...(stats.floor === null ? [] : [{ id: 'floor' as const, value: stats.floor }]),
        ],
        subscription: null,
      };
    },

    async profile(key: string): Promise<PublicProfile> {
      const user = await pages.userByKey(key);
      if (!user) throw notFound('User');
      const stats = await pages.profileStats(user.id);
      return {
        id: user.id,
        name: user.name || user.profileUrl,
        bio: user.bio,
        profileUrl: user.profileUrl,
        profile_url: user.profileUrl,
        profilePicUrl: user.profilePicUrl,
        profile_pic_url: user.profilePicUrl,
        verified: user.verified,
        creator: user.creator,
        verificationType: user.verified ? 'verified' : null,
        socialLinks: user.socialLinks,
        createdAt: user.createdAt.toISOString(),
        totalCollections: stats.collections,
        totalVolume: stats.volume,
        stats: {
          owned: stats.owned,
          created: stats.created,
          favorites: stats.favorites,
          following: stats.following,
        },
      };
    },

    async nbno(q: { search?: string; page: number; page_size: number }): Promise<Page<NbnoItem>> {
      const { count, rows } = await pages.nbno(searchText(q.search), q.page_size, offsetOf(q));
      const creators = await cards.creatorsOf([...new Set(rows.map((r) => r.collectionId))]);
      return toPage(
        q,
        count,
        rows.map((r) => ({
          id: r.id,
          name: r.title,
          contractAddress: r.contractAddress.toLowerCase(),
          typeNumber: r.typeNumber,
          niftyType: r.niftyType,
          image: r.assetUrl,
          collection: { name: r.collectionName, slug: r.collectionSlug },
          creators: creators.get(r.collectionId) ?? [],
        })),
      );
    },
  };
  return service;
}

function niftySummary(n: NiftyRow, stat: { floor: number | null; listed: number } | undefined) {
  return {
    typeNumber: n.typeNumber,
    niftyType: n.niftyType,
    title: n.title,
    asset: { src: n.assetUrl, type: n.assetType, alt: n.title },
    editionSize: n.editionSize,
    totalSold: n.totalSold,
    totalReserved: n.totalReserved,
    totalBurnt: n.totalBurnt,
    saleType: n.saleType,
    floorPriceInCents: stat?.floor ?? null,
    listedCount: stat?.listed ?? 0,
  };
}

/** A date-only upper bound includes its whole UTC day. */
function endOfDay(value: string): Date {
  const d = new Date(value);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(d.getTime() + 24 * 60 * 60 * 1000 - 1) : d;
}

export type CatalogService = ReturnType<typeof createCatalogService>;
