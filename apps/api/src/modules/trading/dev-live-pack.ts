// Test-only (decision 016 "Demo data and browser tests"): a pack on sale now, for the browser test of the
// drop page's pack checkout modal (the demo's packs are sold out or ended). One transaction makes a
// published pack drop of an existing publisher (live from a minute ago for an hour), its collection, the
// pack nifty (`pack_size` 2) and a pool of two item nifties (not for sale), as the demo seed makes packs,
// with an artist of the demo as its creator.
import { randomBytes, randomUUID } from 'node:crypto';
import { type Db, schema } from '@vitrine/db';
import { asc, isNotNull, ne } from 'drizzle-orm';

const { publishers, drops, collections, collectionCreators, nifties, editionPools } = schema;

export interface LivePack {
  dropSlug: string;
  contractAddress: string;
  niftyType: number;
  title: string;
  priceInCents: number;
}

/**
 * What a test's own live drop is made of, from the demo's store: its first publisher, a drop cover and `count`
 * artworks, so that its card loads its images like every other card (a card without a cover had no eagerly loaded
 * artwork on the home page). `artwork(i)` falls back to the first.
 */
export async function liveDropBasis(tx: Pick<Db, 'select'>, count: number, purpose: string) {
  const [publisher] = await tx
    .select({ id: publishers.id })
    .from(publishers)
    .orderBy(asc(publishers.id))
    .limit(1);
  if (!publisher) throw new Error(`no publisher to hold ${purpose}`);
  const [art] = await tx
    .select({ cover: drops.coverAsset })
    .from(drops)
    .where(isNotNull(drops.coverAsset))
    .orderBy(asc(drops.id))
    .limit(1);
  const artworks = await tx
    .select({ url: nifties.assetUrl })
    .from(nifties)
    .where(ne(nifties.assetUrl, ''))
    .orderBy(asc(nifties.id))
    .limit(count);
  return {
    publisherId: publisher.id,
    cover: art?.cover ?? null,
    artwork: (i: number) => artworks[i]?.url ?? artworks[0]?.url ?? '',
  };
}

export async function createLivePack(db: Db, now: Date): Promise<LivePack> {
  const id = randomUUID().slice(0, 8);
  const title = `Test Pack ${id}`;
  const priceInCents = 1_200;
  return db.transaction(async (tx) => {
    const { publisherId, cover, artwork } = await liveDropBasis(tx, 2, 'the pack');
    const [drop] = await tx
      .insert(drops)
      .values({
        publisherId,
        slug: `test-pack-${id}`,
        title,
        introText: 'A pack on sale for a browser test.',
        // A cover and a preview, as every published drop has (the studio requires them): its card is like others.
        coverAsset: cover,
        previewAsset: artwork(0) || null,
        dropType: 'pack',
        dropStatus: 'published',
        startAt: new Date(now.getTime() - 60_000),
        endAt: new Date(now.getTime() + 60 * 60_000),
      })
      .returning({ id: drops.id, slug: drops.slug });
    if (!drop) throw new Error('drop not made');
    const [collection] = await tx
      .insert(collections)
      .values({
        publisherId,
        dropId: drop.id,
        slug: `test-pack-${id}`,
        name: title,
        contractAddress: `0x${randomBytes(20).toString('hex')}`,
        startAt: new Date(now.getTime() - 60_000),
        endAt: new Date(now.getTime() + 60 * 60_000),
      })
      .returning({ id: collections.id, contractAddress: collections.contractAddress });
    if (!collection) throw new Error('collection not made');
    // An artist of the demo (the first collection's first creator): cards of the pack show a creator as others do.
    const [artist] = await tx
      .select({ userId: collectionCreators.userId })
      .from(collectionCreators)
      .orderBy(asc(collectionCreators.collectionId), asc(collectionCreators.position))
      .limit(1);
    if (artist)
      await tx
        .insert(collectionCreators)
        .values({ collectionId: collection.id, userId: artist.userId, position: 0 });
    const [pack] = await tx
      .insert(nifties)
      .values({
        collectionId: collection.id,
        typeNumber: 1,
        niftyType: 'pack',
        title: `${title}: Pack`,
        assetUrl: artwork(0),
        saleType: 'standard',
        editionSize: 5,
        priceCurrency: 'USD',
        priceAmount: String(priceInCents),
        limitPerUser: 0,
        maxPurchaseQuantity: 1,
        packSize: 2,
      })
      .returning({ id: nifties.id, typeNumber: nifties.typeNumber });
    if (!pack) throw new Error('pack not made');
    for (const [i, name] of ['Common', 'Rare'].entries()) {
      const [item] = await tx
        .insert(nifties)
        .values({
          collectionId: collection.id,
          typeNumber: 101 + i,
          niftyType: 'edition',
          title: `${title}: ${name}`,
          assetUrl: artwork(1),
          saleType: 'not_for_sale',
          editionSize: 10,
          priceCurrency: 'USD',
          priceAmount: '0',
          sortOrder: 101 + i,
        })
        .returning({ id: nifties.id });
      if (!item) throw new Error('item not made');
      await tx.insert(editionPools).values({
        niftyId: pack.id,
        contentNiftyId: item.id,
        name: `${title}: ${name}`,
        total: 5,
        remaining: 5,
      });
    }
    return {
      dropSlug: drop.slug,
      contractAddress: collection.contractAddress.toLowerCase(),
      niftyType: pack.typeNumber,
      title: `${title}: Pack`,
      priceInCents,
    };
  });
}
