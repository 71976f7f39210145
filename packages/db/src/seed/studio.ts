// What the publisher studio asks of every NFT before it publishes (001 §3 "NFT in a drop"), on the demo publisher's
// drops that may still be edited: a draft and the scheduled ones. Without it the demo publisher could open them in
// the studio but never publish them again: each NFT lacked its CID, its creators and its sales splits (QA
// 2026-12-07). The creators are the collection's; the primary split gives the lead artist 70 % and the publisher's
// member 30 % (the demo publisher), the secondary split the lead artist all of it.
import { createHash } from 'node:crypto';
import { and, asc, eq, gt, inArray, or } from 'drizzle-orm';
import type { Db } from '../client';
import { collectionCreators, collections, drops, nifties, publisherMembers, users } from '../schema/core';
import { niftyCreators, salesSplits } from '../schema/studio';
import { DEMO_PUBLISHER } from './content';

/** A CID of the shape IPFS gives (CIDv1, base32), the same for the same NFT. */
function demoCid(contractAddress: string, typeNumber: number): string {
  const digest = createHash('sha256').update(`vitrine-seed:cid:${contractAddress}:${typeNumber}`).digest();
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  let bits = '';
  for (const byte of digest) bits += byte.toString(2).padStart(8, '0');
  let out = '';
  for (let i = 0; i + 5 <= bits.length; i += 5) out += alphabet[Number.parseInt(bits.slice(i, i + 5), 2)];
  return `bafkrei${out.slice(0, 52)}`;
}

export async function seedStudioFields(db: Db, now: Date): Promise<{ studioNfts: number }> {
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_PUBLISHER.email));
  if (!member) return { studioNfts: 0 };
  const publisherIds = (
    await db
      .select({ id: publisherMembers.publisherId })
      .from(publisherMembers)
      .where(eq(publisherMembers.userId, member.id))
  ).map((r) => r.id);
  if (publisherIds.length === 0) return { studioNfts: 0 };
  const editable = await db
    .select({
      niftyId: nifties.id,
      typeNumber: nifties.typeNumber,
      collectionId: collections.id,
      contractAddress: collections.contractAddress,
    })
    .from(nifties)
    .innerJoin(collections, eq(collections.id, nifties.collectionId))
    .innerJoin(drops, eq(drops.id, collections.dropId))
    .where(
      and(
        inArray(drops.publisherId, publisherIds),
        or(eq(drops.dropStatus, 'draft'), gt(drops.startAt, now)),
      ),
    )
    .orderBy(asc(nifties.id));
  if (editable.length === 0) return { studioNfts: 0 };
  const creators = await db
    .select({ collectionId: collectionCreators.collectionId, userId: collectionCreators.userId })
    .from(collectionCreators)
    .where(inArray(collectionCreators.collectionId, [...new Set(editable.map((n) => n.collectionId))]))
    .orderBy(asc(collectionCreators.collectionId), asc(collectionCreators.position));
  for (const n of editable) {
    const artists = creators.filter((c) => c.collectionId === n.collectionId).map((c) => c.userId);
    const lead = artists[0];
    if (lead === undefined) continue;
    await db
      .update(nifties)
      .set({ ipfsCid: demoCid(n.contractAddress, n.typeNumber) })
      .where(eq(nifties.id, n.niftyId));
    await db
      .insert(niftyCreators)
      .values(artists.map((userId, position) => ({ niftyId: n.niftyId, userId, position })));
    const primary =
      member.id !== lead
        ? [
            { userId: lead, percentage: '70.00' },
            { userId: member.id, percentage: '30.00' },
          ]
        : [{ userId: lead, percentage: '100.00' }];
    await db
      .insert(salesSplits)
      .values([
        ...primary.map((p, position) => ({ niftyId: n.niftyId, kind: 'primary', ...p, position })),
        { niftyId: n.niftyId, kind: 'secondary', userId: lead, percentage: '100.00', position: 0 },
      ]);
  }
  return { studioNfts: editable.length };
}
