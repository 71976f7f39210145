// What the publisher studio asks of every NFT before it publishes (001 §3 "NFT in a drop"), on the demo publisher's
// drops that may still be edited: a draft and the scheduled ones. Without it the demo publisher could open them in
// the studio but never publish them again: each NFT lacked its CID, its creators and its sales splits (QA
// 2026-12-07). The creators are the collection's; the primary split gives the lead artist 70 % and the publisher's
// member 30 % (the demo publisher), the secondary split the lead artist all of it.
import { createHash } from 'node:crypto';
import { PUBLISHER_FEE_CENTS } from '@vitrine/domain';
import { and, asc, eq, gt, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../client';
import { collectionCreators, collections, drops, nifties, publisherMembers, users } from '../schema/core';
import { niftyCreators, publisherFees, salesSplits } from '../schema/studio';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../schema/trading';
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
  await seedPaidFees(db, member.id, publisherIds, now);
  return { studioNfts: editable.length };
}

/**
 * The publisher fee of each of the demo publisher's published drops, paid by card a day before the drop opened (or
 * now), with its ledger movement as the fee page writes it: publishing their latest changes asks for no fee (QA
 * 2026-12-07: a seeded published drop asked for $49 to publish changes, 'paid once per drop, before it is first
 * published').
 */
async function seedPaidFees(db: Db, memberId: number, publisherIds: number[], now: Date): Promise<void> {
  const published = await db
    .select({ id: drops.id, publisherId: drops.publisherId, startAt: drops.startAt })
    .from(drops)
    .where(and(inArray(drops.publisherId, publisherIds), ne(drops.dropStatus, 'draft')))
    .orderBy(asc(drops.id));
  const house = async (kind: string) =>
    (
      await db
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.kind, kind), isNull(ledgerAccounts.userId)))
    )[0]?.id;
  const clearing = await house('payments_clearing');
  const platform = await house('platform_revenue');
  if (clearing === undefined || platform === undefined) return;
  for (const drop of published) {
    const opened = drop.startAt && drop.startAt < now ? drop.startAt : now;
    const paidAt = new Date(opened.getTime() - 24 * 60 * 60 * 1000);
    const [fee] = await db
      .insert(publisherFees)
      .values({
        dropId: drop.id,
        publisherId: drop.publisherId,
        createdBy: memberId,
        amountCents: PUBLISHER_FEE_CENTS,
        paymentMethod: 'stripe_card',
        paymentState: 'paid',
        paidBy: memberId,
        paidAt,
        capturedAt: paidAt,
        createdAt: paidAt,
      })
      .returning({ id: publisherFees.id });
    if (!fee) continue;
    const [movement] = await db
      .insert(ledgerTransactions)
      .values({
        kind: 'publisher_fee',
        reference: `publisher_fee:${fee.id}`,
        description: `Publisher fee of drop ${drop.id}`,
        createdAt: paidAt,
      })
      .returning({ id: ledgerTransactions.id });
    if (!movement) continue;
    await db.insert(ledgerEntries).values([
      {
        transactionId: movement.id,
        accountId: clearing,
        amountCents: -PUBLISHER_FEE_CENTS,
        memo: 'card_payment',
        createdAt: paidAt,
      },
      {
        transactionId: movement.id,
        accountId: platform,
        amountCents: PUBLISHER_FEE_CENTS,
        memo: 'publisher_fee',
        createdAt: paidAt,
      },
    ]);
    await db
      .update(publisherFees)
      .set({ ledgerTransactionId: movement.id })
      .where(eq(publisherFees.id, fee.id));
  }
}
