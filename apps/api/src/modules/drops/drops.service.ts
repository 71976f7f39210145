import { AppError, collectionStatus, primaryPriceInCents } from '@vitrine/domain';
import { offsetOf, type Page, type PageQuery, toPage } from '../../http/pagination';
import type { Clock } from '../../lib/clock';
import type { CreatorRow, DropRow, DropsRepo, DropWindow, NiftyRow } from './drops.repo';

export interface Asset {
  src: string;
  type: string;
  alt: string;
}

export interface Artist {
  id: number;
  name: string;
  userName: string;
  iconUrl: string | null;
}

export interface DropSaleCard {
  id: number;
  contractAddress: string;
  niftyType: string;
  typeNumber: number;
  asset: Asset;
  nifty: {
    isOnePurchasePerUser: boolean;
    name: string;
    niftyTotalBurnt: number;
    niftyTotalNumOfEditions: number;
    niftyTotalReserved: number;
    niftyTotalSold: number;
  };
  saleType: string;
  saleDetails: {
    price: number;
    highestBid: number | null;
    userEntriesUnused: number | null;
    userEntriesUsed: number | null;
    totalEntries: number | null;
  };
  startDate: string;
  endDate: string;
  burnRequired: boolean;
  isFreeRedemption: boolean;
  requiresValidation: boolean;
  tags: { name: string }[];
  chain: string;
  artists: Artist[];
  publisher: { name: string; slug: string };
}

export interface DropSummary {
  id: number;
  slug: string;
  title: string;
  introText: string;
  dropType: string;
  status: 'live' | 'upcoming' | 'ended';
  startDate: string;
  endDate: string;
  coverAsset: Asset | null;
  chain: string;
  publisher: { name: string; slug: string; profilePicUrl: string | null };
  artists: Artist[];
  cards: DropSaleCard[];
}

/** Sale types whose highest bid is public (a silent auction's is sealed, decision 012). */
const OPEN_AUCTIONS = new Set(['auction', 'ranked_auction']);

const statusOf = (start: Date, end: Date, now: Date): DropSummary['status'] =>
  collectionStatus(start, end, now) ?? 'ended';

const toArtist = (c: CreatorRow): Artist => ({
  id: c.id,
  name: c.name,
  userName: c.profileUrl,
  iconUrl: c.profilePicUrl,
});

export function createDropsService(deps: { repo: DropsRepo; clock: Clock }) {
  const { repo, clock } = deps;
  return {
    async list(window: DropWindow, q: PageQuery): Promise<Page<DropSummary>> {
      const now = clock.now();
      const { count, rows } = await repo.pageOfDrops(window, now, q.page_size, offsetOf(q));
      return toPage(q, count, await summaries(rows, now));
    },

    saleCards,

    /** One published drop with the sale cards of every one of its collections (a drop page), or 404. */
    async bySlug(slug: string): Promise<DropSummary> {
      const row = await repo.dropBySlug(slug);
      if (!row) throw new AppError({ errorType: 'not-found', message: 'Drop not found', statusCode: 404 });
      const [summary] = await summaries([row], clock.now());
      if (!summary)
        throw new AppError({ errorType: 'not-found', message: 'Drop not found', statusCode: 404 });
      return summary;
    },
  };

  /** The sale cards of drops by id (explore's drop cards, decision 015). */
  async function saleCards(dropIds: number[]): Promise<Map<number, DropSaleCard[]>> {
    const rows = await repo.dropsByIds(dropIds);
    const list = await summaries(rows, clock.now());
    return new Map(list.map((d) => [d.id, d.cards]));
  }

  async function summaries(rows: DropRow[], now: Date): Promise<DropSummary[]> {
    const cols = await repo.collectionsOf(rows.map((d) => d.id));
    const colIds = cols.map((c) => c.id);
    const [creators, nifties] = await Promise.all([repo.creatorsOf(colIds), repo.niftiesOf(colIds)]);
    const [entries, highest, extendedEnds] = await Promise.all([
      repo.drawingEntryCounts(nifties.filter((n) => n.saleType === 'drawing').map((n) => n.id)),
      // Silent auctions are sealed (decision 012): their cards keep 'Minimum Bid:' like their bid info.
      repo.highestBids(nifties.filter((n) => OPEN_AUCTIONS.has(n.saleType)).map((n) => n.id)),
      // An open auction a late bid extended ends later than scheduled (QA 2026-12-07: its card and the drop's
      // header read 'Ended' while bidding went on).
      repo.auctionEnds(nifties.filter((n) => OPEN_AUCTIONS.has(n.saleType)).map((n) => n.id)),
    ]);

    const artistsByCollection = groupBy(creators, (c) => c.collectionId);
    const collectionById = new Map(cols.map((c) => [c.id, c]));
    const cardsByDrop = new Map<number, DropSaleCard[]>();
    for (const n of nifties) {
      const col = collectionById.get(n.collectionId);
      if (!col) continue;
      const drop = rows.find((d) => d.id === col.dropId);
      if (!drop) continue;
      const card = toCard(
        n,
        col.contractAddress,
        col.chain,
        drop,
        artistsByCollection.get(col.id) ?? [],
        n.saleType === 'drawing' ? (entries.get(n.id) ?? 0) : null,
        highest.get(n.id) ?? null,
        extendedEnds.get(n.id) ?? null,
      );
      const list = cardsByDrop.get(drop.id) ?? [];
      list.push(card);
      cardsByDrop.set(drop.id, list);
    }

    const results = rows.map((d): DropSummary => {
      // The drop runs as long as its last sale does: an extended auction keeps it live.
      const lastCardEnd = Math.max(
        ...(cardsByDrop.get(d.id) ?? []).map((c) => new Date(c.endDate).getTime()),
        d.endAt.getTime(),
      );
      const endAt = new Date(lastCardEnd);
      const artists = uniqueBy(
        cols
          .filter((c) => c.dropId === d.id)
          .flatMap((c) => (artistsByCollection.get(c.id) ?? []).map(toArtist)),
        (a) => a.id,
      );
      return {
        id: d.id,
        slug: d.slug,
        title: d.title,
        introText: d.introText,
        dropType: d.dropType,
        status: statusOf(d.startAt, endAt, now),
        startDate: d.startAt.toISOString(),
        endDate: endAt.toISOString(),
        coverAsset: d.coverAsset ? { src: d.coverAsset, type: 'Image', alt: d.title } : null,
        chain: d.chain,
        publisher: d.publisher,
        artists,
        cards: cardsByDrop.get(d.id) ?? [],
      };
    });
    return results;
  }
}

/**
 * A sale card of the shared (cached, signed-out) answer. A drawing's `totalEntries` is counted here; the
 * viewer's `userEntriesUnused` / `userEntriesUsed` are per viewer, so null here: the page reads them from
 * the drawing's own answer (`GET /api/drawings/…`, decision 013) and lays them over the card. The
 * highest bid of an auction or ranked auction is the same for everyone (the bid write touches the drop's
 * scopes, `dropScopesOfNifty`); a silent auction's stays null (sealed, decision 012).
 */
function toCard(
  n: NiftyRow,
  contractAddress: string,
  chain: string,
  drop: DropRow,
  creators: CreatorRow[],
  totalEntries: number | null,
  highestBid: number | null,
  /** An auction's end as its bids moved it (null: as scheduled). */
  extendedEnd: Date | null = null,
) {
  const start = n.startAt ?? drop.startAt;
  const scheduled = n.endAt ?? drop.endAt;
  const end = extendedEnd && extendedEnd > scheduled ? extendedEnd : scheduled;
  return {
    id: n.id,
    contractAddress,
    niftyType: n.niftyType,
    typeNumber: n.typeNumber,
    asset: { src: n.assetUrl, type: n.assetType, alt: n.title },
    nifty: {
      isOnePurchasePerUser: n.limitPerUser === 1,
      name: n.title,
      niftyTotalBurnt: n.totalBurnt,
      niftyTotalNumOfEditions: n.editionSize,
      niftyTotalReserved: n.totalReserved,
      niftyTotalSold: n.totalSold,
    },
    saleType: n.saleType,
    saleDetails: {
      price: primaryPriceInCents(n),
      highestBid,
      userEntriesUnused: null,
      userEntriesUsed: null,
      totalEntries,
    },
    startDate: start.toISOString(),
    endDate: end.toISOString(),
    burnRequired: n.burnRequired,
    isFreeRedemption: n.isFreeRedemption,
    requiresValidation: n.requiresValidation,
    tags: n.tags.map((name) => ({ name })),
    chain,
    artists: creators.map(toArtist),
    publisher: { name: drop.publisher.name, slug: drop.publisher.slug },
  } satisfies DropSaleCard;
}

function groupBy<T, K>(items: T[], key: (t: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

function uniqueBy<T, K>(items: T[], key: (t: T) => K): T[] {
  const seen = new Set<K>();
  return items.filter((t) => {
    const k = key(t);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
