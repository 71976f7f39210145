// Primary editions beyond fcfs (issue 15, docs/decisions/016-editions-packs-redemption.md): open editions
// minted by a job once purchasing closes, blind editions revealed by a job at the sale's end, sealed packs
// opened by their owner. Each is one unit of work under row locks, idempotent when run again; random
// assignments come from `crypto.randomInt`.
import { randomInt } from 'node:crypto';
import type { UnitOfWork } from '@vitrine/db';
import { AppError, PACK_LISTED_MESSAGE } from '@vitrine/domain';
import type { Clock } from '../../lib/clock';
import type { Jobs } from '../../lib/jobs';
import type { LedgerRepo } from './ledger.repo';
import { checkoutKindOf } from './sale-kind';
import type { TradingRepo } from './trading.repo';

/** Job names (services.jobs): minting an open edition's paid editions, revealing a blind edition. */
export const MINT_OPEN_JOB = 'editions.mint-open';
export const REVEAL_BLIND_JOB = 'editions.reveal-blind';

/** 001 §9 / 000 §4: what a buyer of an open edition is told about delivery. */
export const OPEN_EDITION_DELIVERY_MESSAGE =
  'Open editions are minted after purchasing closes and may take up to 4 hours to appear.';

/** A drawing's card win whose payment has not gone through yet: not sold, listed or opened (decision 013). */
export const PAYMENT_PENDING = () =>
  new AppError({
    errorType: 'payment-pending',
    message: 'This NFT can be sold or opened once its payment has gone through',
    statusCode: 409,
  });

export const EDITION_ERRORS = {
  notFound: () => new AppError({ errorType: 'not-found', message: 'NFT not found', statusCode: 404 }),
  notPack: () =>
    new AppError({ errorType: 'not-a-pack', message: 'This NFT is not a pack', statusCode: 409 }),
  notOwner: () =>
    new AppError({
      errorType: 'forbidden',
      message: 'Only the owner of this pack can open it',
      statusCode: 403,
    }),
  alreadyOpened: () =>
    new AppError({ errorType: 'pack-opened', message: 'This pack has already been opened', statusCode: 409 }),
  /** Opened while listed, its buyer would pay for an empty pack (the listing would stay buyable). */
  listed: () =>
    new AppError({
      errorType: 'pack-listed',
      message: PACK_LISTED_MESSAGE,
      statusCode: 409,
    }),
  packEmpty: () =>
    new AppError({ errorType: 'pack-empty', message: 'No items remain to fill this pack', statusCode: 409 }),
};

export interface PackItem {
  tokenRowId: number;
  contractAddress: string;
  tokenId: string;
  name: string;
  editionNumber: number;
  assetUrl: string;
  niftyTitle: string;
}

/** Draws one index among weights (remaining counts) with crypto randomness; -1 when all are zero. */
export function drawWeighted(weights: number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total <= 0) return -1;
  let r = randomInt(total);
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i] ?? 0;
    if (r < w) return i;
    r -= w;
  }
  return -1;
}

export function createEditionsService(deps: {
  unit: UnitOfWork<{ trading: TradingRepo; ledger: LedgerRepo }>;
  repo: TradingRepo;
  clock: Clock;
  jobs: Jobs;
  /** After a commit that changed what browsing shows of a token. */
  onTokenChange?: (tokenRowId: number, formerOwnerId?: number) => Promise<void>;
  /**
   * After a reveal committed: every card of the nifty changes (its owners' lists, explore, search), so the
   * kept browsing answers of every scope go (a reveal is rare).
   */
  onRevealed?: (niftyId: number) => Promise<void>;
}) {
  const { unit, repo, clock } = deps;
  const changed = async (tokenRowId: number) => {
    await deps.onTokenChange?.(tokenRowId).catch(() => undefined);
  };

  const service = {
    /**
     * Mints the editions every paid intent of an open edition bought (after purchasing closed), in one unit
     * under the nifty's lock; intents already delivered are skipped, so running it again mints nothing.
     * Returns how many tokens it minted.
     */
    async mintOpen(niftyId: number): Promise<number> {
      const n = await repo.niftyForSaleById(niftyId);
      if (!n || checkoutKindOf(n) !== 'open_edition') return 0;
      const at = clock.now();
      if (n.endAt && n.endAt > at) return 0; // purchasing still open: the job waits for the end
      const minted = await unit.run(async ({ trading }) => {
        const nifty = await trading.lockNifty(niftyId);
        if (!nifty) return [];
        const due = await trading.lockUndelivered(niftyId);
        let next = (await trading.lastEditionOf(niftyId)) + 1;
        const all: number[] = [];
        for (const intent of due) {
          const tokens = await trading.insertTokens(
            Array.from({ length: intent.requestedQuantity }, () => {
              const edition = next++;
              return {
                niftyId,
                contractAddress: n.contractAddress,
                tokenId: String(nifty.typeNumber * 100_000 + edition),
                name: `${nifty.title} #${edition}`,
                editionNumber: edition,
                ownerId: intent.buyerId,
                lastSaleInCents: intent.priceCents,
                lastSaleAt: intent.paidAt ?? at,
                mintedAt: at,
              };
            }),
          );
          const saleIds = await trading.insertSales(
            tokens.map((t) => ({
              tokenRowId: t.id,
              sellerId: n.publisherOwnerId,
              buyerId: intent.buyerId,
              market: 'primary',
              currency: 'USD',
              amount: String(intent.priceCents),
              priceInCents: intent.priceCents,
              soldAt: intent.paidAt ?? at,
              purchaseIntentId: intent.id,
            })),
          );
          await trading.updateIntent(intent.id, ['paid'], {
            deliveredAt: at,
            saleId: saleIds[0] ?? null,
            updatedAt: at,
          });
          all.push(...tokens.map((t) => t.id));
        }
        return all;
      });
      if (minted[0] !== undefined) await changed(minted[0]);
      return minted.length;
    },

    /**
     * Reveals a blind edition once its sale ended: each minted edition not revealed yet gets an artwork drawn by
     * crypto randomness from the pool's remaining artworks, in one unit under the nifty's lock. A second run reveals
     * only what was minted since: an edition paid in its checkout's window after the end (primary-sales review,
     * 2026-12-06: it stayed a placeholder for good). Returns how many editions it revealed.
     */
    async revealBlind(niftyId: number): Promise<number> {
      const n = await repo.niftyForSaleById(niftyId);
      if (!n || checkoutKindOf(n) !== 'blind_edition') return 0;
      const at = clock.now();
      if (n.endAt && n.endAt > at) return 0;
      const revealed = await unit.run(async ({ trading }) => {
        const nifty = await trading.lockNifty(niftyId);
        if (!nifty) return [];
        const pool = await trading.lockPool(niftyId);
        const remaining = pool.map((p) => p.remaining);
        const tokens = await trading.unrevealedTokens(niftyId);
        const done: number[] = [];
        for (const token of tokens) {
          const i = drawWeighted(remaining);
          const art = pool[i];
          if (i < 0 || !art || !art.assetUrl) break;
          remaining[i] = (remaining[i] ?? 0) - 1;
          await trading.revealToken(token.id, art.assetUrl, art.name);
          done.push(token.id);
        }
        for (const [i, p] of pool.entries()) {
          const taken = p.remaining - (remaining[i] ?? p.remaining);
          if (taken > 0 && !(await trading.takeFromPool(p.id, taken))) throw new Error('blind pool changed');
        }
        if (nifty.revealedAt === null) await trading.markRevealed(niftyId, at);
        return done;
      });
      if (revealed[0] !== undefined) await deps.onRevealed?.(niftyId).catch(() => undefined);
      return revealed.length;
    },

    /**
     * Opens a sealed pack token (owner only, once): draws `packSize` items from the pack's remaining pool
     * by crypto randomness and mints one edition of each to the owner, marks the pack opened, records what
     * it gave; all in one unit (locks: pack token, pool rows, item nifties in id order). The drawings
     * helper's pack_drawing winners call it with the winner's user id.
     */
    async openPack(userId: number, packTokenRowId: number): Promise<PackItem[]> {
      const at = clock.now();
      const items = await unit.run(async ({ trading }) => {
        const pack = await trading.lockToken(packTokenRowId);
        if (!pack) throw EDITION_ERRORS.notFound();
        if ((await trading.poolKind(pack.niftyId)) !== 'pack') throw EDITION_ERRORS.notPack();
        if (pack.ownerId !== userId || pack.burntAt !== null) throw EDITION_ERRORS.notOwner();
        if (pack.openedAt !== null) throw EDITION_ERRORS.alreadyOpened();
        if (await trading.paymentPending(pack.id)) throw PAYMENT_PENDING();
        // Under the token's lock, which listing it takes too: a listing and an opening never both go through.
        if (await trading.activeListingOf(pack.id)) throw EDITION_ERRORS.listed();
        const packNifty = await trading.lockNifty(pack.niftyId);
        const size = Math.max(1, packNifty?.packSize ?? 1);
        const pool = await trading.lockPool(pack.niftyId);
        const remaining = pool.map((p) => p.remaining);
        const picks: number[] = [];
        for (let k = 0; k < size; k++) {
          const i = drawWeighted(remaining);
          if (i < 0) break;
          remaining[i] = (remaining[i] ?? 0) - 1;
          picks.push(i);
        }
        if (picks.length === 0) throw EDITION_ERRORS.packEmpty();
        if (!(await trading.markOpened(pack.id, userId, at))) throw EDITION_ERRORS.alreadyOpened();
        for (const [i, p] of pool.entries()) {
          const taken = p.remaining - (remaining[i] ?? p.remaining);
          if (taken > 0 && !(await trading.takeFromPool(p.id, taken))) throw EDITION_ERRORS.packEmpty();
        }
        // One edition of each drawn item nifty, numbered after its highest, under its lock (id order).
        const byNifty = new Map<number, number>();
        for (const i of picks) {
          const id = pool[i]?.contentNiftyId;
          if (id != null) byNifty.set(id, (byNifty.get(id) ?? 0) + 1);
        }
        const minted = new Map<number, { id: number }[]>();
        for (const niftyId of [...byNifty.keys()].sort((a, b) => a - b)) {
          const item = await trading.lockNifty(niftyId);
          const info = await trading.niftyForSaleById(niftyId);
          if (!item || !info) throw EDITION_ERRORS.packEmpty();
          const count = byNifty.get(niftyId) ?? 0;
          if (!(await trading.addSold(niftyId, count))) throw EDITION_ERRORS.packEmpty();
          const first = Math.max(item.totalSold, await trading.lastEditionOf(niftyId)) + 1;
          minted.set(
            niftyId,
            await trading.insertTokens(
              Array.from({ length: count }, (_, j) => ({
                niftyId,
                contractAddress: info.contractAddress,
                tokenId: String(item.typeNumber * 100_000 + first + j),
                name: `${item.title} #${first + j}`,
                editionNumber: first + j,
                ownerId: userId,
                mintedAt: at,
              })),
            ),
          );
        }
        // Recorded in the order drawn.
        const order: number[] = [];
        for (const i of picks) {
          const id = pool[i]?.contentNiftyId;
          const next = id == null ? undefined : minted.get(id)?.shift();
          if (next) order.push(next.id);
        }
        await trading.insertPackOpenings(
          order.map((itemTokenId) => ({ packTokenId: pack.id, itemTokenId, openedAt: at })),
        );
        return trading.packContents(pack.id);
      });
      for (const item of items.slice(0, 1)) await changed(item.tokenRowId);
      await changed(packTokenRowId);
      return items;
    },

    /** Opens the pack at the item page's address (contract and token id). */
    async openPackAt(userId: number, contractAddress: string, tokenId: string): Promise<PackItem[]> {
      const token = await repo.editionToken(contractAddress, tokenId);
      if (!token) throw EDITION_ERRORS.notFound();
      return service.openPack(userId, token.id);
    },

    /** What the item page shows of a token's edition: a pack (sealed or its contents), a blind reveal. */
    async editionInfo(contractAddress: string, tokenId: string) {
      const token = await repo.editionToken(contractAddress, tokenId);
      if (!token) throw EDITION_ERRORS.notFound();
      const kind = await repo.poolKind(token.niftyId);
      return {
        kind,
        ownerId: token.ownerId,
        packSize: kind === 'pack' ? token.packSize : null,
        opened: token.openedAt !== null,
        burnt: token.burntAt !== null,
        contents: kind === 'pack' && token.openedAt !== null ? await repo.packContents(token.id) : [],
        revealed:
          kind === 'blind' && token.revealedAssetUrl !== null
            ? { assetUrl: token.revealedAssetUrl, name: token.revealedName ?? '' }
            : null,
      };
    },

    /** Test-only (the dev route): ends one open edition's purchasing now, then runs its minting job. */
    async closeOpenEditionNow(contractAddress: string, typeNumber: number): Promise<number> {
      const n = await repo.niftyForSale(contractAddress, typeNumber);
      if (!n || checkoutKindOf(n) !== 'open_edition') throw EDITION_ERRORS.notFound();
      await repo.setNiftyEnd(n.id, clock.now());
      return service.mintOpen(n.id);
    },

    /**
     * Sends the jobs pending work still needs (at start-up: the in-process queue does not survive a
     * restart; the handlers are idempotent, so a job sent twice takes effect once).
     */
    async resumeJobs(): Promise<number> {
      const work = await repo.pendingEditionWork();
      for (const w of work) {
        await deps.jobs.send(
          w.kind === 'open' ? MINT_OPEN_JOB : REVEAL_BLIND_JOB,
          { niftyId: w.niftyId },
          { ...(w.endAt ? { startAfter: w.endAt } : {}), singletonKey: `nifty:${w.niftyId}` },
        );
      }
      return work.length;
    },

    /** Registers the job handlers (once, at start-up). */
    registerJobs() {
      deps.jobs.register<{ niftyId: number }>(MINT_OPEN_JOB, async ({ niftyId }) => {
        await service.mintOpen(niftyId);
      });
      deps.jobs.register<{ niftyId: number }>(REVEAL_BLIND_JOB, async ({ niftyId }) => {
        await service.revealBlind(niftyId);
      });
    },
  };
  return service;
}

export type EditionsService = ReturnType<typeof createEditionsService>;
