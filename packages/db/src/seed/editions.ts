// Edition demo data (issue 15, docs/decisions/016-editions-packs-redemption.md), written after the
// catalogue and kept apart from it: each pack collection gets three item nifties (not for sale; minted only
// by opening a pack) and every pack nifty a pool of them, three items a pack; a burn-required nifty names the
// first other nifty of its collection as the kind to burn; every blind edition gets a pool of artworks, and a
// blind edition whose sale ended is revealed (its tokens show their artworks, as the reveal job would have
// done), so the demo shows a blind edition before and after its reveal. Deterministic: by id order, no
// randomness.
import { and, asc, eq, inArray, isNull, lt, ne } from 'drizzle-orm';
import type { Db } from '../client';
import { collections, editionPools, nifties, tokens } from '../schema';

/** The items of a pack collection and their share of every pack's draws (per cent). */
const PACK_ITEMS = [
  { suffix: 'Common', share: 60 },
  { suffix: 'Rare', share: 30 },
  { suffix: 'Legendary', share: 10 },
] as const;
const PACK_SIZE = 3;

/** The artworks of a blind edition and their share of its editions (per cent). */
const BLIND_ARTWORKS = [
  { suffix: 'Tide', share: 50 },
  { suffix: 'Coral', share: 35 },
  { suffix: 'Abyss', share: 15 },
] as const;

export interface EditionSeedOptions {
  now: Date;
  /** The k-th artwork of the seed's image pool (a media URL). */
  artwork: (k: number) => Promise<string>;
}

export async function seedEditions(db: Db, opts: EditionSeedOptions): Promise<Record<string, number>> {
  let burnTargets = 0;
  const burn = await db
    .select({ id: nifties.id, collectionId: nifties.collectionId })
    .from(nifties)
    .where(and(eq(nifties.burnRequired, true), isNull(nifties.burnNiftyId)))
    .orderBy(asc(nifties.id));
  for (const n of burn) {
    const [target] = await db
      .select({ id: nifties.id })
      .from(nifties)
      .where(
        and(eq(nifties.collectionId, n.collectionId), eq(nifties.burnRequired, false), ne(nifties.id, n.id)),
      )
      .orderBy(asc(nifties.typeNumber))
      .limit(1);
    if (!target) continue;
    await db.update(nifties).set({ burnNiftyId: target.id }).where(eq(nifties.id, n.id));
    burnTargets++;
  }

  const packs = await db
    .select({
      id: nifties.id,
      collectionId: nifties.collectionId,
      editionSize: nifties.editionSize,
      assetUrl: nifties.assetUrl,
      collectionName: collections.name,
    })
    .from(nifties)
    .innerJoin(collections, eq(collections.id, nifties.collectionId))
    .where(eq(nifties.niftyType, 'pack'))
    .orderBy(asc(nifties.id));
  const byCollection = new Map<number, typeof packs>();
  for (const p of packs) byCollection.set(p.collectionId, [...(byCollection.get(p.collectionId) ?? []), p]);
  let packItems = 0;
  for (const [collectionId, group] of byCollection) {
    const first = group[0];
    if (!first) continue;
    const drawsOf = (size: number, share: number) => Math.ceil((size * PACK_SIZE * share) / 100);
    const items = [];
    for (const [i, item] of PACK_ITEMS.entries()) {
      const size = group.reduce((sum, p) => sum + drawsOf(p.editionSize, item.share), 0);
      const [row] = await db
        .insert(nifties)
        .values({
          collectionId,
          typeNumber: 101 + i,
          niftyType: 'edition',
          title: `${first.collectionName}: ${item.suffix}`,
          description: `An item found in ${first.collectionName} packs (${item.suffix.toLowerCase()}).`,
          assetUrl: first.assetUrl,
          saleType: 'not_for_sale',
          editionSize: size,
          priceAmount: '0',
          sortOrder: 101 + i,
        })
        .returning({ id: nifties.id });
      if (row) items.push({ id: row.id, ...item });
      packItems++;
    }
    for (const p of group) {
      await db.update(nifties).set({ packSize: PACK_SIZE }).where(eq(nifties.id, p.id));
      await db.insert(editionPools).values(
        items.map((item) => {
          const total = drawsOf(p.editionSize, item.share);
          return {
            niftyId: p.id,
            contentNiftyId: item.id,
            name: `${first.collectionName}: ${item.suffix}`,
            total,
            remaining: total,
          };
        }),
      );
    }
  }
  return { packItems, burnTargets, ...(await seedBlindEditions(db, opts)) };
}

/**
 * Each blind edition's pool of artworks (totals adding up to its edition size). One whose sale has ended is
 * revealed here: its tokens in edition order take the artworks round-robin among those with editions left,
 * the pool's counts follow and `revealed_at` is set (the reveal job then finds it revealed). One still to
 * end stays sealed: the `editions.reveal-blind` job reveals it at its end.
 */
async function seedBlindEditions(db: Db, opts: EditionSeedOptions): Promise<Record<string, number>> {
  const blind = await db
    .select({ id: nifties.id, title: nifties.title, editionSize: nifties.editionSize, endAt: nifties.endAt })
    .from(nifties)
    .where(and(eq(nifties.saleType, 'blind_edition'), isNull(nifties.revealedAt)))
    .orderBy(asc(nifties.id));
  let blindArtworks = 0;
  let blindRevealed = 0;
  for (const [b, n] of blind.entries()) {
    const totals = BLIND_ARTWORKS.map((a) => Math.floor((n.editionSize * a.share) / 100));
    totals[0] = (totals[0] ?? 0) + n.editionSize - totals.reduce((x, y) => x + y, 0);
    const arts = [];
    for (const [i, a] of BLIND_ARTWORKS.entries()) {
      arts.push({
        name: `${n.title}: ${a.suffix}`,
        assetUrl: await opts.artwork(b * 7 + i * 5 + 3),
        total: totals[i] ?? 0,
        remaining: totals[i] ?? 0,
      });
    }
    blindArtworks += arts.length;
    const ended = n.endAt !== null && n.endAt.getTime() < opts.now.getTime();
    if (ended) {
      const minted = await db
        .select({ id: tokens.id })
        .from(tokens)
        .where(and(eq(tokens.niftyId, n.id), isNull(tokens.revealedAssetUrl)))
        .orderBy(asc(tokens.editionNumber), asc(tokens.id));
      const byArt = arts.map(() => [] as number[]);
      let next = 0;
      for (const token of minted) {
        // Round-robin among the artworks with editions left.
        let tries = 0;
        while ((arts[next % arts.length]?.remaining ?? 0) <= 0 && tries < arts.length) {
          next++;
          tries++;
        }
        const i = next % arts.length;
        const art = arts[i];
        if (!art || art.remaining <= 0) break;
        art.remaining--;
        byArt[i]?.push(token.id);
        next++;
      }
      for (const [i, ids] of byArt.entries()) {
        const art = arts[i];
        if (!art || ids.length === 0) continue;
        await db
          .update(tokens)
          .set({ revealedAssetUrl: art.assetUrl, revealedName: art.name })
          .where(inArray(tokens.id, ids));
        blindRevealed += ids.length;
      }
    }
    await db.insert(editionPools).values(arts.map((a) => ({ niftyId: n.id, ...a })));
    if (ended) {
      await db
        .update(nifties)
        .set({ revealedAt: n.endAt })
        .where(and(eq(nifties.id, n.id), isNull(nifties.revealedAt), lt(nifties.endAt, opts.now)));
    }
  }
  return { blindArtworks, blindRevealed };
}
