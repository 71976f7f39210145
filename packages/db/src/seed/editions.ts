// Edition demo data (issue 15, docs/decisions/016-editions-packs-redemption.md), written after the
// catalogue and kept apart from it: each pack collection gets three item nifties (not for sale; minted only
// by opening a pack) and every pack nifty a pool of them, three items a pack; a burn-required nifty names the
// first other nifty of its collection as the kind to burn. Deterministic: by id order, no randomness.
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../client';
import { collections, editionPools, nifties } from '../schema';

/** The items of a pack collection and their share of every pack's draws (per cent). */
const PACK_ITEMS = [
  { suffix: 'Common', share: 60 },
  { suffix: 'Rare', share: 30 },
  { suffix: 'Legendary', share: 10 },
] as const;
const PACK_SIZE = 3;

export async function seedEditions(db: Db): Promise<Record<string, number>> {
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
  return { packItems, burnTargets };
}
