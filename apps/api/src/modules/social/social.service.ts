// Follows, favourite boards and likes (000 §7 "Follow and favourites", 001 §4 "Like button", "Follow
// button"). Writes are idempotent and answer the state after the write.

import { AppError } from '@vitrine/domain';
import type { FavoriteCollection, FavoriteNifty } from '@vitrine/domain/catalog-responses';
import { offsetOf, type Page, type PageQuery, toPage } from '../../http/pagination';
import type { ChangeScopes } from '../../lib/change-scopes';
import type { Clock } from '../../lib/clock';
import type { CardsRepo } from '../catalog/cards.repo';
import type { CatalogService } from '../catalog/catalog.service';
import type { PagesRepo } from '../catalog/pages.repo';
import type { SocialRepo } from './social.repo';
import type { SaveCollectionBody, SaveNiftyBody } from './social.schemas';

const notFound = (what: string) =>
  new AppError({ statusCode: 404, errorType: 'not-found', message: `${what} not found` });

type Likes = { likesAmount: number; isLiked: boolean };

export function createSocialService(deps: {
  repo: SocialRepo;
  pages: PagesRepo;
  cards: CardsRepo;
  catalog: CatalogService;
  clock: Clock;
  /** Shared answers showing what a write changed are computed again (decision 004 §7). */
  changes: ChangeScopes;
}) {
  const { repo, pages, cards, catalog, clock, changes } = deps;

  /** A board owner: numeric id, profile_url, or `me` (the viewer). */
  async function boardOwner(key: string, viewerId: number | null): Promise<number> {
    if (key.toLowerCase() === 'me') {
      if (viewerId === null) {
        throw new AppError({
          statusCode: 401,
          errorType: 'unauthorized',
          message: 'Request credentials could not be verified.',
        });
      }
      return viewerId;
    }
    const user = await pages.userByKey(key);
    if (!user) throw notFound('User');
    return user.id;
  }

  async function publisher(slug: string) {
    const [p] = await repo.publishersBySlugs([slug]);
    if (!p) throw notFound('Publisher');
    return p;
  }

  async function contract(address: string) {
    const [c] = await repo.collectionsByContracts([address]);
    if (!c) throw notFound('Contract');
    return c;
  }

  /** The favourite target of a save/remove body. */
  async function niftyTarget(body: SaveNiftyBody): Promise<{ kind: 'token' | 'edition'; id: number }> {
    if ('tokenId' in body) {
      const id = await repo.tokenRowId(body.contractAddress, body.tokenId);
      if (id === null) throw notFound('NFT');
      return { kind: 'token', id };
    }
    const id = await repo.niftyId(body.niftyContractAddress, body.niftyType);
    if (id === null) throw notFound('NFT');
    return { kind: 'edition', id };
  }

  async function collectionTarget(body: SaveCollectionBody): Promise<number> {
    const id =
      'slug' in body
        ? await repo.collectionBySlug(body.slug)
        : ((await repo.collectionsByContracts([body.contractAddress]))[0]?.id ?? null);
    if (id === null) throw notFound('Collection');
    return id;
  }

  return {
    async publisherSubscriptions(slugs: string[], viewerId: number | null) {
      const found = await repo.publishersBySlugs(slugs);
      const subs = await repo.publisherSubscriptions(
        found.map((p) => p.id),
        viewerId,
      );
      return {
        results: found.map((p) => ({
          slug: p.slug,
          totalCount: subs.get(p.id)?.totalCount ?? 0,
          isSubscribed: subs.get(p.id)?.isSubscribed ?? false,
        })),
      };
    },

    async setPublisherFollow(userId: number, slug: string, follow: boolean) {
      const p = await publisher(slug);
      if (follow) await repo.followPublisher(userId, p.id, clock.now());
      else await repo.unfollowPublisher(userId, p.id);
      const sub = (await repo.publisherSubscriptions([p.id], userId)).get(p.id);
      return { slug: p.slug, totalCount: sub?.totalCount ?? 0, isSubscribed: sub?.isSubscribed ?? false };
    },

    async contractSubscriptions(addresses: string[], viewerId: number | null) {
      const found = await repo.collectionsByContracts(addresses);
      const subs = await repo.contractSubscriptions(
        found.map((c) => c.id),
        viewerId,
      );
      return {
        results: found.map((c) => ({
          contractAddress: c.contractAddress,
          totalCount: subs.get(c.id)?.totalCount ?? 0,
          isSubscribed: subs.get(c.id)?.isSubscribed ?? false,
        })),
      };
    },

    async setContractFollow(userId: number, address: string, follow: boolean) {
      const c = await contract(address);
      if (follow) await repo.followContract(userId, c.id, clock.now());
      else await repo.unfollowContract(userId, c.id);
      const sub = (await repo.contractSubscriptions([c.id], userId)).get(c.id);
      return {
        contractAddress: c.contractAddress,
        totalCount: sub?.totalCount ?? 0,
        isSubscribed: sub?.isSubscribed ?? false,
      };
    },

    async setNiftySaved(
      userId: number,
      body: SaveNiftyBody,
      saved: boolean,
    ): Promise<{ saved: boolean; likes: Likes }> {
      const target = await niftyTarget(body);
      if (target.kind === 'token') {
        if (saved) await repo.saveToken(userId, target.id, clock.now());
        else await repo.removeToken(userId, target.id);
        // A like moves the token's count on the cards of its collection, storefront, artists and owner.
        changes.touch(await pages.scopesOfToken(target.id));
        return { saved, likes: await repo.tokenLikes(target.id, userId) };
      }
      if (saved) await repo.saveEdition(userId, target.id, clock.now());
      else await repo.removeEdition(userId, target.id);
      return { saved, likes: await repo.editionLikes(target.id, userId) };
    },

    async setCollectionSaved(
      userId: number,
      body: SaveCollectionBody,
      saved: boolean,
    ): Promise<{ saved: boolean; likes: Likes }> {
      const id = await collectionTarget(body);
      if (saved) await repo.saveCollection(userId, id, clock.now());
      else await repo.removeCollection(userId, id);
      changes.touch(await pages.scopesOfCollection(id));
      return { saved, likes: await repo.collectionLikes(id, userId) };
    },

    async savedNifties(
      ownerKey: string,
      q: PageQuery,
      viewerId: number | null,
    ): Promise<Page<FavoriteNifty>> {
      const ownerId = await boardOwner(ownerKey, viewerId);
      const { count, rows } = await repo.savedNifties(ownerId, q.page_size, offsetOf(q));
      const tokenIds = rows.flatMap((r) => (r.tokenRowId === null ? [] : [r.tokenRowId]));
      const niftyIds = rows.flatMap((r) => (r.niftyId === null ? [] : [r.niftyId]));
      const [tokenCards, editions, stats] = await Promise.all([
        catalog.nftCardsByIds(tokenIds, viewerId),
        repo.editions(niftyIds),
        cards.niftyStats(niftyIds),
      ]);
      const [creators, likes] = await Promise.all([
        cards.creatorsOf([...new Set(editions.map((e) => e.collectionId))]),
        Promise.all(niftyIds.map(async (id) => [id, await pages.editionLikes(id, viewerId)] as const)),
      ]);
      const tokenById = new Map(tokenCards.map((c) => [c.id, c]));
      const editionById = new Map(editions.map((e) => [e.id, e]));
      const editionLikes = new Map(likes);
      const results = rows.flatMap((r): FavoriteNifty[] => {
        const savedAt = r.savedAt.toISOString();
        if (r.tokenRowId !== null) {
          const c = tokenById.get(r.tokenRowId);
          if (!c) return [];
          return [
            {
              savedAt,
              kind: 'token',
              contractAddress: c.contractAddress,
              typeNumber: c.typeNumber,
              tokenId: c.tokenId,
              name: c.name,
              asset: c.asset,
              project: c.project,
              creators: c.creators,
              priceInCents: c.priceInCents,
              floorPriceInCents: c.floorPriceInCents,
              likes: c.likes,
            },
          ];
        }
        const e = r.niftyId === null ? undefined : editionById.get(r.niftyId);
        if (!e) return [];
        const floor = stats.get(e.id)?.floor ?? null;
        return [
          {
            savedAt,
            kind: 'edition',
            contractAddress: e.contractAddress.toLowerCase(),
            typeNumber: e.typeNumber,
            tokenId: null,
            name: e.title,
            asset: { src: e.assetUrl, type: e.assetType, alt: e.title },
            project: { name: e.collectionName, slug: e.collectionSlug },
            creators: creators.get(e.collectionId) ?? [],
            priceInCents: floor,
            floorPriceInCents: floor,
            likes: editionLikes.get(e.id) ?? { likesAmount: 0, isLiked: false },
          },
        ];
      });
      return toPage(q, count, results);
    },

    async savedCollections(
      ownerKey: string,
      q: PageQuery,
      viewerId: number | null,
    ): Promise<Page<FavoriteCollection>> {
      const ownerId = await boardOwner(ownerKey, viewerId);
      const { count, rows } = await repo.savedCollections(ownerId, q.page_size, offsetOf(q));
      const collectionCards = await catalog.collectionCardsByIds(
        rows.map((r) => r.collectionId),
        viewerId,
      );
      const byId = new Map(collectionCards.map((c) => [c.id, c]));
      return toPage(
        q,
        count,
        rows.flatMap((r) => {
          const c = byId.get(r.collectionId);
          return c ? [{ ...c, savedAt: r.savedAt.toISOString() }] : [];
        }),
      );
    },
  };
}

export type SocialService = ReturnType<typeof createSocialService>;
