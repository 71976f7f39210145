// Test-only (decision 013, like the pack of dev-live-pack.ts): a drawing of its own for a browser test, open from
// a minute ago until `closesInSeconds` from now (the browser tests cannot move the server's clock, so a test that
// needs the close waits for it, then runs the draw with /dev/drawings/…/run: their server polls no jobs), so that
// no test closes or fills a drawing of the demo another test reads. One transaction makes a published drawing drop of an existing publisher, its
// collection and the drawing nifty; `allowlistOnly` gives it participation criteria (decision 015) of an empty
// allowlist, which no collector meets ('Not Eligible to Enter Drawing').
import { randomBytes, randomUUID } from 'node:crypto';
import { type Db, schema } from '@vitrine/db';
import { liveDropBasis } from '../trading/dev-live-pack';

const { drops, collections, nifties, participationCriteria, criteriaRules, allowlists } = schema;

export interface LiveDrawingOptions {
  closesInSeconds: number;
  editionSize: number;
  priceInCents: number;
  allowlistOnly: boolean;
}

export interface LiveDrawing {
  dropSlug: string;
  contractAddress: string;
  niftyType: number;
  title: string;
  priceInCents: number;
  endDate: string;
}

export async function createLiveDrawing(db: Db, now: Date, o: LiveDrawingOptions): Promise<LiveDrawing> {
  const id = randomUUID().slice(0, 8);
  const title = `Test Drawing ${id}`;
  const startAt = new Date(now.getTime() - 60_000);
  const endAt = new Date(now.getTime() + o.closesInSeconds * 1000);
  return db.transaction(async (tx) => {
    const { publisherId, cover, artwork } = await liveDropBasis(tx, 1, 'the drawing');
    const [drop] = await tx
      .insert(drops)
      .values({
        publisherId,
        slug: `test-drawing-${id}`,
        title,
        introText: 'A drawing for a browser test.',
        // A cover and a preview, as every published drop has (the studio requires them): its card is like others.
        coverAsset: cover,
        previewAsset: artwork(0) || null,
        dropType: 'drawing',
        dropStatus: 'published',
        startAt,
        endAt,
      })
      .returning({ id: drops.id, slug: drops.slug });
    if (!drop) throw new Error('drop not made');
    const [collection] = await tx
      .insert(collections)
      .values({
        publisherId,
        dropId: drop.id,
        slug: `test-drawing-${id}`,
        name: title,
        contractAddress: `0x${randomBytes(20).toString('hex')}`,
        startAt,
        endAt,
      })
      .returning({ id: collections.id, contractAddress: collections.contractAddress });
    if (!collection) throw new Error('collection not made');
    const [nifty] = await tx
      .insert(nifties)
      .values({
        collectionId: collection.id,
        typeNumber: 1,
        niftyType: 'edition',
        title,
        assetUrl: artwork(0),
        saleType: 'drawing',
        editionSize: o.editionSize,
        priceCurrency: 'USD',
        priceAmount: String(o.priceInCents),
      })
      .returning({ id: nifties.id, typeNumber: nifties.typeNumber });
    if (!nifty) throw new Error('nifty not made');
    if (o.allowlistOnly) {
      const [criteria] = await tx
        .insert(participationCriteria)
        .values({ niftyId: nifty.id, mode: 'all' })
        .returning({ id: participationCriteria.id });
      if (!criteria) throw new Error('criteria not made');
      await tx.insert(criteriaRules).values({ criteriaId: criteria.id, kind: 'account_list' });
      await tx.insert(allowlists).values({ criteriaId: criteria.id });
    }
    return {
      dropSlug: drop.slug,
      contractAddress: collection.contractAddress.toLowerCase(),
      niftyType: nifty.typeNumber,
      title,
      priceInCents: o.priceInCents,
      endDate: endAt.toISOString(),
    };
  });
}
