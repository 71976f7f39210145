// A drop built and published in the studio sells, and the ledger pays its splits (decision 017 "Splits in
// the ledger"): the publisher's 90% of a primary sale by the primary split (70/30), the royalty of a
// secondary sale by the secondary split (50/50), each movement summing to zero.
import { schema } from '@vitrine/db';
import { fixtures } from '@vitrine/db/testing';
import { formatCents as dollars } from '@vitrine/domain';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import { outbox } from '../auth/testing/auth-kit';
import { placeBid } from '../bids/bids-helpers';
import { sessionFor, type TestSession } from '../social/test-session';
import { createLedgerRepo } from '../trading/ledger.repo';
import { TEST_CARDS } from '../trading/payment-providers';
import { buyer, fund, ledgerInvariants } from '../trading/trading-helpers';

let t: TestApp;
const db = () => t.app.config.database.db;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await testApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

type Json = Record<string, unknown>;
async function call(s: TestSession, method: string, url: string, payload?: Json) {
  const res = await t.app.inject({ method: method as 'GET', url, headers: s.headers, payload });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  // biome-ignore lint/suspicious/noExplicitAny: the answers are read loosely in assertions
  return res.json() as any;
}

async function cardPay(s: TestSession, intentId: number) {
  const card = await call(s, 'POST', '/api/sim-card-processor/payment_methods', {
    number: TEST_CARDS.succeeds,
    exp_month: 12,
    exp_year: 2030,
    cvc: '123',
  });
  const paid = await call(s, 'POST', `/api/v2/purchase-intent/${intentId}/pay`, { payment_token: card.id });
  expect(paid.paymentState).toBe('paid');
}

async function entriesOf(reference: string) {
  const [tx] = await db()
    .select()
    .from(schema.ledgerTransactions)
    .where(eq(schema.ledgerTransactions.reference, reference));
  return db()
    .select()
    .from(schema.ledgerEntries)
    .where(eq(schema.ledgerEntries.transactionId, tx?.id ?? -1));
}

describe('splits paid by the ledger', () => {
  it('a studio drop sells; primary 70/30 and secondary 50/50 splits are paid', async () => {
    const f = fixtures(db(), { now: t.clock.now() });
    const ownerUser = await f.user({ profileUrl: 'split-owner' });
    const partnerUser = await f.user({ profileUrl: 'split-partner', verified: true });
    const publisher = await f.publisher({ slug: 'split-pub' });
    await db().insert(schema.publisherMembers).values({ publisherId: publisher.id, userId: ownerUser.id });
    let owner = await sessionFor(t.app, 'split-owner');
    const at = (h: number) => new Date(t.clock.now().getTime() + h * HOUR).toISOString();

    const drop = await call(owner, 'POST', '/api/publisher/split-pub/drops', {
      title: 'Split Drop',
      slug: 'split-drop',
      introText: 'Shared proceeds',
      previewAsset: '/api/media/p.png',
      coverAsset: '/api/media/c.png',
      visibleStartDateTime: at(1),
      visibleEndDateTime: at(30),
    });
    const collection = await call(owner, 'POST', `/api/publisher/split-pub/drops/${drop.id}/collections`, {
      name: 'Split Works',
    });
    const nft = await call(owner, 'POST', `/api/publisher/split-pub/collections/${collection.id}/nfts`, {
      title: 'Shared',
      description: 'Paid to two',
      asset: '/api/media/a.png',
      ipfsCid: 'bafyshared',
      tags: ['art'],
      price: 25,
      editionSize: 5,
    });
    const auction = await call(owner, 'POST', `/api/publisher/split-pub/collections/${collection.id}/nfts`, {
      title: 'Bid On',
      description: 'Auctioned for two',
      asset: '/api/media/b.png',
      ipfsCid: 'bafyauction',
      tags: ['art'],
      primarySaleType: 'auction',
      minimumBid: 10,
      minimumBidIncrement: 1,
      startDateTime: at(1),
      endDateTime: at(30),
    });
    const auctionBase = `/api/publisher/split-pub/collections/${collection.id}/nfts/${auction.id}`;
    await call(owner, 'PATCH', `${auctionBase}/primarySalesSplits/${auction.primarySalesSplit[0].id}`, {
      percentage: 70,
    });
    await call(owner, 'POST', `${auctionBase}/primarySalesSplits`, { user: 'split-partner', percentage: 30 });
    const base = `/api/publisher/split-pub/collections/${collection.id}/nfts/${nft.id}`;
    const [primaryOwner] = nft.primarySalesSplit;
    await call(owner, 'PATCH', `${base}/primarySalesSplits/${primaryOwner.id}`, { percentage: 70 });
    await call(owner, 'POST', `${base}/primarySalesSplits`, { user: 'split-partner', percentage: 30 });
    const [secondaryOwner] = nft.secondarySalesSplit;
    await call(owner, 'PATCH', `${base}/secondarySalesSplits/${secondaryOwner.id}`, { percentage: 50 });
    const secondary = await call(owner, 'POST', `${base}/secondarySalesSplits`, {
      user: 'split-partner',
      percentage: 50,
    });
    expect(secondary.errors).toEqual({});
    // One person twice in a split is refused at the field (money review 2026-12-06): change their share instead.
    const twice = await t.app.inject({
      method: 'POST',
      url: `${base}/secondarySalesSplits`,
      headers: owner.headers,
      payload: { user: 'split-partner', percentage: 10 },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({
      fields: { user: 'split-partner is already in this split: change their percentage instead' },
    });
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `${base}/secondarySalesSplits/${secondaryOwner.id}`,
      headers: owner.headers,
      payload: { user: 'split-partner' },
    });
    expect(moved.statusCode).toBe(400);
    await call(owner, 'POST', '/api/publisher/split-pub/tos_approval', {});
    const fee = await call(owner, 'POST', '/api/v2/publisher-fee', { collection_template: drop.id });
    const feeCard = await call(owner, 'POST', '/api/sim-card-processor/payment_methods', {
      number: TEST_CARDS.succeeds,
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
    });
    await call(owner, 'POST', `/api/v2/publisher-fee/${fee.publisherFee.publisherFeeId}/pay`, {
      payment_method: 'stripe_card',
      payment_token: feeCard.id,
    });
    await call(owner, 'PATCH', `/api/publisher/split-pub/drop/publish/${drop.id}`, {});

    t.clock.advance(2 * HOUR);
    owner = await sessionFor(t.app, 'split-owner');
    const collector = await buyer(t.app);
    const intent = await call(collector, 'POST', '/api/payments/purchase-intents/', {
      contract_address: nft.contractAddress,
      nifty_type: nft.niftyType,
      requested_quantity: 1,
    });
    await cardPay(collector, intent.purchaseIntentId);

    const ledger = createLedgerRepo(db());
    // 90% of 2,500 cents is 2,250: 1,575 and 675.
    expect(await ledger.balanceOf(ownerUser.id)).toBe(1_575);
    expect(await ledger.balanceOf(partnerUser.id)).toBe(675);
    const primary = await entriesOf(`purchase_intent:${intent.purchaseIntentId}`);
    expect(
      primary
        .filter((e) => e.memo === 'publisher_proceeds')
        .map((e) => e.amountCents)
        .sort(),
    ).toEqual([1_575, 675].sort());
    expect(primary.reduce((sum, e) => sum + e.amountCents, 0)).toBe(0);

    // The collector resells the token; the royalty is divided 50/50.
    const [token] = await db().select().from(schema.tokens).where(eq(schema.tokens.niftyId, nft.id));
    const listing = await f.listing({ tokenRowId: token?.id ?? -1, priceInCents: 10_000 });
    const second = await buyer(t.app);
    const match = await call(second, 'POST', '/api/v2/listing-match/', { listing_id: listing.id });
    await cardPay(second, match.purchaseIntent.purchaseIntentId);
    const resale = await entriesOf(`purchase_intent:${match.purchaseIntent.purchaseIntentId}`);
    const royalty = resale.filter((e) => e.memo === 'creator_fee').map((e) => e.amountCents);
    expect(royalty).toHaveLength(2);
    expect(royalty[0]).toBeGreaterThan(0);
    expect(royalty[0]).toBe(royalty[1]);
    expect(resale.reduce((sum, e) => sum + e.amountCents, 0)).toBe(0);
    expect(await ledger.balanceOf(partnerUser.id)).toBe(675 + (royalty[1] ?? 0));
    // Each payee of the royalty split is told their share of it, where the credit shows (it told nobody).
    for (const payee of [ownerUser, partnerUser]) {
      const [row] = await db()
        .select({ email: schema.users.email })
        .from(schema.users)
        .where(eq(schema.users.id, payee.id));
      const told = (await outbox(t.app, row?.email ?? '', 'nft_sold')).filter(
        (m) => m.subject === 'Your royalty from a resale',
      );
      expect(told).toHaveLength(1);
      expect(told[0]?.text).toContain(
        `${token?.name} was resold for $100.00. Your share of its creator royalty, by its split: ${dollars(royalty[0] ?? 0)}.`,
      );
      expect(told[0]?.link).toMatch(/\/dashboard\/transactions$/);
    }
    // A won auction pays the publisher's 90% by the auction NFT's primary split: 9,000 cents → 6,300 / 2,700.
    const bidder = await buyer(t.app);
    await fund(db(), bidder.userId, 50_000, t.clock.now());
    const bid = await placeBid(
      t.app,
      bidder.headers,
      { contractAddress: auction.contractAddress, typeNumber: auction.niftyType },
      '100',
    );
    expect(bid.statusCode, bid.body).toBeLessThan(300);
    const partnerBefore = await ledger.balanceOf(partnerUser.id);
    t.clock.advance(30 * HOUR);
    expect(await t.app.services.bids.settle(auction.id)).toMatchObject({ settled: true, winners: 1 });
    const won = await db()
      .select()
      .from(schema.ledgerTransactions)
      .where(like(schema.ledgerTransactions.reference, 'bid:%'));
    expect(won).toHaveLength(1);
    const auctionEntries = await entriesOf(won[0]?.reference ?? '');
    expect(
      auctionEntries
        .filter((e) => e.memo === 'publisher_proceeds')
        .map((e) => e.amountCents)
        .sort(),
    ).toEqual([2_700, 6_300]);
    expect(await ledger.balanceOf(partnerUser.id)).toBe(partnerBefore + 2_700);
    expect(await ledgerInvariants(db())).toMatchObject({
      unbalancedTransactions: 0,
      holdsBeyondBalance: 0,
      negativeBalances: 0,
    });
  });

  it('an FCFS NFT in a drop the editor made an auction drop (mixed sale types) sells at checkout', async () => {
    const f = fixtures(db(), { now: t.clock.now() });
    const ownerUser = await f.user({ profileUrl: 'mixed-owner' });
    const partnerUser = await f.user({ profileUrl: 'mixed-partner', verified: true });
    const publisher = await f.publisher({ slug: 'mixed-pub' });
    await db().insert(schema.publisherMembers).values({ publisherId: publisher.id, userId: ownerUser.id });
    let owner = await sessionFor(t.app, 'mixed-owner');
    const at = (h: number) => new Date(t.clock.now().getTime() + h * HOUR).toISOString();
    const drop = await call(owner, 'POST', '/api/publisher/mixed-pub/drops', {
      title: 'Mixed Drop',
      slug: 'mixed-drop',
      introText: 'One auctioned, one sold',
      previewAsset: '/api/media/p.png',
      coverAsset: '/api/media/c.png',
      visibleStartDateTime: at(1),
      visibleEndDateTime: at(30),
    });
    const collection = await call(owner, 'POST', `/api/publisher/mixed-pub/drops/${drop.id}/collections`, {
      name: 'Mixed Works',
    });
    const nfts = `/api/publisher/mixed-pub/collections/${collection.id}/nfts`;
    const nft = await call(owner, 'POST', nfts, {
      title: 'Sold',
      description: 'Fixed price',
      asset: '/api/media/a.png',
      ipfsCid: 'bafymixed',
      tags: ['art'],
      price: 25,
      editionSize: 5,
    });
    await call(owner, 'POST', nfts, {
      title: 'Auctioned',
      description: 'To the highest bid',
      asset: '/api/media/b.png',
      ipfsCid: 'bafymixedauction',
      tags: ['art'],
      primarySaleType: 'auction',
      minimumBid: 10,
      minimumBidIncrement: 1,
      startDateTime: at(1),
      endDateTime: at(30),
    });
    // The web editor sets the drop's mechanics to the sale type last chosen for an NFT.
    await call(owner, 'PATCH', `/api/publisher/mixed-pub/drops/${drop.id}`, { dropMechanics: 'auction' });
    const base = `${nfts}/${nft.id}`;
    await call(owner, 'PATCH', `${base}/primarySalesSplits/${nft.primarySalesSplit[0].id}`, {
      percentage: 70,
    });
    await call(owner, 'POST', `${base}/primarySalesSplits`, { user: 'mixed-partner', percentage: 30 });
    await call(owner, 'POST', '/api/publisher/mixed-pub/tos_approval', {});
    // Publishing needs the drop's publisher fee paid (decision 017).
    const fee = await call(owner, 'POST', '/api/v2/publisher-fee', { collection_template: drop.id });
    const feeCard = await call(owner, 'POST', '/api/sim-card-processor/payment_methods', {
      number: TEST_CARDS.succeeds,
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
    });
    await call(owner, 'POST', `/api/v2/publisher-fee/${fee.publisherFee.publisherFeeId}/pay`, {
      payment_method: 'stripe_card',
      payment_token: feeCard.id,
    });
    const published = await call(owner, 'PATCH', `/api/publisher/mixed-pub/drop/publish/${drop.id}`, {});
    expect(published.message).toBe('Latest changes successfully published.');

    t.clock.advance(2 * HOUR);
    owner = await sessionFor(t.app, 'mixed-owner');
    const collector = await buyer(t.app);
    const intent = await call(collector, 'POST', '/api/payments/purchase-intents/', {
      contract_address: nft.contractAddress,
      nifty_type: nft.niftyType,
      requested_quantity: 1,
    });
    await cardPay(collector, intent.purchaseIntentId);
    const ledger = createLedgerRepo(db());
    expect(await ledger.balanceOf(ownerUser.id)).toBe(1_575);
    expect(await ledger.balanceOf(partnerUser.id)).toBe(675);
  });
});

// Primary-sales review, 2026-12-06: the studio offers Pack and Blind Edition, but cannot add their artworks (the pool
// a pack is opened from, the art a blind edition is revealed as). Published, such a drop sold packs that could never
// be opened. Publishing says so instead.
describe('a Pack or Blind Edition NFT with no artworks to give', () => {
  it('is refused at publish, at the NFT, before any fee', async () => {
    const f = fixtures(db(), { now: t.clock.now() });
    const ownerUser = await f.user({ profileUrl: 'pool-owner' });
    const publisher = await f.publisher({ slug: 'pool-pub' });
    await db().insert(schema.publisherMembers).values({ publisherId: publisher.id, userId: ownerUser.id });
    const owner = await sessionFor(t.app, 'pool-owner');
    const at = (h: number) => new Date(t.clock.now().getTime() + h * HOUR).toISOString();
    const drop = await call(owner, 'POST', '/api/publisher/pool-pub/drops', {
      title: 'Pool Drop',
      slug: 'pool-drop',
      introText: 'Sealed',
      previewAsset: '/api/media/p.png',
      coverAsset: '/api/media/c.png',
      visibleStartDateTime: at(1),
      visibleEndDateTime: at(30),
    });
    const collection = await call(owner, 'POST', `/api/publisher/pool-pub/drops/${drop.id}/collections`, {
      name: 'Pool Works',
    });
    const nftOf = (title: string, extra: Record<string, unknown>) =>
      call(owner, 'POST', `/api/publisher/pool-pub/collections/${collection.id}/nfts`, {
        title,
        description: 'Nothing inside yet',
        asset: '/api/media/a.png',
        ipfsCid: `bafy${title.replace(/\W/g, '')}`,
        tags: ['art'],
        price: 10,
        editionSize: 5,
        ...extra,
      });
    const blind = await nftOf('Blind', { primarySaleType: 'blind_edition' });
    // A pack: the editor's Pack is the drop's mechanics, its NFT sold at a fixed price (decision 019).
    await call(owner, 'PATCH', `/api/publisher/pool-pub/drops/${drop.id}`, { dropMechanics: 'pack' });
    const pack = await nftOf('Pack', {});
    const nfts = [blind, pack];
    await call(owner, 'POST', '/api/publisher/pool-pub/tos_approval', {});
    const published = await t.app.inject({
      method: 'PATCH',
      url: `/api/publisher/pool-pub/drop/publish/${drop.id}`,
      headers: owner.headers,
      payload: {},
    });
    expect(published.statusCode, published.body).toBe(400);
    const fields = (published.json() as { fields: Record<string, string> }).fields;
    for (const nft of nfts)
      expect(fields[`nfts.${nft.id}.primarySaleType`]).toBe(
        'Pack and Blind Edition artworks cannot be added in the studio yet: choose another sale type to publish',
      );
  });
});

// QA 2026-12-07: an NFT priced in ETH published, showed 'FREE' on its card and could not be bought (checkout takes USD
// until ETH payments arrive). Saving the price stays allowed (001 §5); publishing says so at its Currency.
describe('a fixed-price NFT priced in ETH', () => {
  it('saves, and is refused at publish, at its currency, before any fee', async () => {
    const f = fixtures(db(), { now: t.clock.now() });
    const ownerUser = await f.user({ profileUrl: 'eth-owner' });
    const publisher = await f.publisher({ slug: 'eth-pub' });
    await db().insert(schema.publisherMembers).values({ publisherId: publisher.id, userId: ownerUser.id });
    const owner = await sessionFor(t.app, 'eth-owner');
    const at = (h: number) => new Date(t.clock.now().getTime() + h * HOUR).toISOString();
    const drop = await call(owner, 'POST', '/api/publisher/eth-pub/drops', {
      title: 'Eth Drop',
      slug: 'eth-drop',
      introText: 'Priced in ether',
      previewAsset: '/api/media/p.png',
      coverAsset: '/api/media/c.png',
      visibleStartDateTime: at(1),
      visibleEndDateTime: at(30),
    });
    const collection = await call(owner, 'POST', `/api/publisher/eth-pub/drops/${drop.id}/collections`, {
      name: 'Eth Works',
    });
    const nft = await call(owner, 'POST', `/api/publisher/eth-pub/collections/${collection.id}/nfts`, {
      title: 'Ether Study',
      description: 'A fixed price in ETH',
      asset: '/api/media/a.png',
      ipfsCid: 'bafyetherstudy',
      tags: ['art'],
      price: '0.01',
      sourceCurrency: 'ETH',
      editionSize: 5,
    });
    expect(nft).toMatchObject({ sourceCurrency: 'ETH' });
    await call(owner, 'POST', '/api/publisher/eth-pub/tos_approval', {});
    const publish = () =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/publisher/eth-pub/drop/publish/${drop.id}`,
        headers: owner.headers,
        payload: {},
      });
    const refused = await publish();
    expect(refused.statusCode, refused.body).toBe(400);
    expect((refused.json() as { fields: Record<string, string> }).fields).toEqual({
      [`nfts.${nft.id}.sourceCurrency`]: 'Primary sales cannot be priced in ETH yet: choose USD to publish',
    });
    // In USD it goes on to the fee (402), nothing else refused.
    await call(owner, 'PATCH', `/api/publisher/eth-pub/collections/${collection.id}/nfts/${nft.id}`, {
      sourceCurrency: 'USD',
      price: '25',
    });
    expect((await publish()).statusCode).toBe(402);
  });
});
