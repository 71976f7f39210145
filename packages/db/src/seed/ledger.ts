// The money of the seeded sales (decision 009 "Seeded money"): every paid sale gets the record and the
// double-entry `purchase` movement the real purchase writes, with the same kind, reference, description,
// memos and fee split (the domain's `feeBreakdown` / `primaryFeeBreakdown`):
//   - a secondary sale: a paid Buy Now intent (`purchase_intent:{id}`), the seller's proceeds, the creator
//     fee to the collection's first creator (or unassigned royalties), the service and card fees;
//   - an fcfs, pack, blind or open edition: a paid primary intent of one edition (`purchase_intent:{id}`,
//     the sale's `purchase_intent_id`), the publisher's 90 %, the platform's 10 % and the card fee;
//   - an auction's edition: the winning bid (`bid:{id}`), as the settlement leaves it;
//   - a drawing's edition: the won entry's `drawing_entry:{id}`.
// Every seeded purchase was paid by card (the payments clearing account pays), so no buyer's balance was
// ever spent before it was funded; sellers, creators and publishers hold what their sales brought in.
// Balances are set from the entries at the end. Written in multi-row batches; deterministic (sale order).
import { feeBreakdown, primaryFeeBreakdown } from '@vitrine/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import * as s from '../schema';

const BATCH = 1000;
const CARD = { paymentMethod: 'stripe_card', cardBrand: 'Visa', cardLast4: '4242' } as const;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface SaleRow {
  id: number;
  token_row_id: number;
  seller_id: number | null;
  buyer_id: number | null;
  market: string;
  currency: string;
  amount: string;
  price_in_cents: number;
  sold_at: string | Date;
  token_name: string | null;
  contract_address: string;
  edition_number: number;
  minted_at: string | Date | null;
  nifty_id: number;
  title: string;
  type_number: number;
  royalty_percentage: number;
  drop_type: string | null;
  creator_id: number | null;
  listing_id: number | null;
  entry_id: number | null;
}

type Posting = { account: string; amountCents: number; memo: string };

interface Movement {
  reference: string;
  description: string;
  at: Date;
  postings: Posting[];
}

const date = (v: string | Date) => (v instanceof Date ? v : new Date(v));
const userKey = (id: number) => `user:${id}`;

export async function seedLedger(tx: Db, now: Date): Promise<Record<string, number>> {
  const result = (await tx.execute(sql`
    select s.id, s.token_row_id, s.seller_id, s.buyer_id, s.market, s.currency, s.amount::text as amount,
      s.price_in_cents::int as price_in_cents, s.sold_at, t.name as token_name, t.contract_address,
      t.edition_number, t.minted_at, n.id as nifty_id, n.title, n.type_number, n.royalty_percentage,
      d.drop_type,
      (select cc.user_id from collection_creators cc where cc.collection_id = n.collection_id
        order by cc.position, cc.user_id limit 1) as creator_id,
      (select l.id from listings l where l.token_row_id = s.token_row_id and l.status = 'sold'
        and l.closed_at = s.sold_at order by l.id limit 1) as listing_id,
      (select e.id from drawing_entries e where e.token_row_id = s.token_row_id and e.status = 'won'
        and s.market = 'primary' order by e.id limit 1) as entry_id
    from sales s
    join tokens t on t.id = s.token_row_id
    join nifties n on n.id = t.nifty_id
    join collections c on c.id = n.collection_id
    left join drops d on d.id = c.drop_id
    where s.price_in_cents > 0 and s.buyer_id is not null
    order by s.sold_at, s.id`)) as unknown as { rows: SaleRow[] };
  const sales = result.rows;

  // The records a real purchase leaves: intents (Buy Now and primary editions), won bids.
  const intents: { sale: SaleRow; row: typeof s.purchaseIntents.$inferInsert }[] = [];
  const bids: { sale: SaleRow; row: typeof s.bids.$inferInsert }[] = [];
  const entries: SaleRow[] = [];
  for (const sale of sales) {
    const at = date(sale.sold_at);
    const buyerId = sale.buyer_id as number;
    if (sale.market === 'secondary') {
      intents.push({
        sale,
        row: {
          buyerId,
          listingId: sale.listing_id,
          tokenRowId: sale.token_row_id,
          saleKind: 'listing',
          paymentState: 'paid',
          ...CARD,
          listingCurrency: sale.currency,
          listingAmount: sale.amount,
          priceCents: sale.price_in_cents,
          royaltyBps: sale.royalty_percentage * 100,
          providerReference: `seed_card_sale_${sale.id}`,
          saleId: sale.id,
          expiresAt: new Date(at.getTime() + 15 * MINUTE),
          createdAt: new Date(at.getTime() - 2 * MINUTE),
          updatedAt: at,
          paidAt: at,
          deliveredAt: at,
          capturedAt: at,
        },
      });
    } else if (sale.entry_id !== null) {
      entries.push(sale);
    } else if (sale.drop_type?.endsWith('auction')) {
      bids.push({
        sale,
        row: {
          userId: buyerId,
          niftyId: sale.nifty_id,
          amountInCents: sale.price_in_cents,
          currentlyActive: false,
          status: 'won',
          paymentMethod: CARD.paymentMethod,
          providerReference: `seed_card_sale_${sale.id}`,
          saleId: sale.id,
          createdAt: new Date(at.getTime() - 90 * MINUTE),
          closedAt: at,
          // Paid: its card captured at the settlement (not owed to the capture sweep, and its edition free to sell).
          capturedAt: at,
        },
      });
    } else {
      const minted = sale.minted_at === null ? at : date(sale.minted_at);
      intents.push({
        sale,
        row: {
          buyerId,
          saleKind: sale.drop_type ?? 'fcfs',
          niftyId: sale.nifty_id,
          heldQuantity: 0,
          paymentState: 'paid',
          ...CARD,
          priceCents: sale.price_in_cents,
          royaltyBps: 0,
          providerReference: `seed_card_sale_${sale.id}`,
          saleId: sale.id,
          expiresAt: new Date(at.getTime() + 15 * MINUTE),
          createdAt: new Date(at.getTime() - 2 * MINUTE),
          updatedAt: at,
          paidAt: at,
          deliveredAt: minted > at ? minted : at,
          capturedAt: at,
        },
      });
    }
  }

  const intentIds: number[] = [];
  for (let i = 0; i < intents.length; i += BATCH) {
    const ids = await tx
      .insert(s.purchaseIntents)
      .values(intents.slice(i, i + BATCH).map((x) => x.row))
      .returning({ id: s.purchaseIntents.id });
    intentIds.push(...ids.map((r) => r.id));
  }
  const bidIds: number[] = [];
  for (let i = 0; i < bids.length; i += BATCH) {
    const ids = await tx
      .insert(s.bids)
      .values(bids.slice(i, i + BATCH).map((x) => x.row))
      .returning({ id: s.bids.id });
    bidIds.push(...ids.map((r) => r.id));
  }
  // An auction's state as its settlement leaves it: its bids counted, settled at the sale.
  const auctions = new Map<number, { endsAt: Date; bidCount: number }>();
  for (const { row } of bids) {
    const a = auctions.get(row.niftyId) ?? { endsAt: row.closedAt as Date, bidCount: 0 };
    a.bidCount += 1;
    auctions.set(row.niftyId, a);
  }
  if (auctions.size > 0) {
    await tx.insert(s.auctionStates).values(
      [...auctions].map(([niftyId, a]) => ({
        niftyId,
        endsAt: a.endsAt,
        bidCount: a.bidCount,
        settledAt: a.endsAt,
        updatedAt: a.endsAt,
      })),
    );
  }
  // The movements, in sale order.
  const movements: Movement[] = [];
  const publisherOf = (sale: SaleRow) =>
    sale.seller_id === null ? 'unassigned_publisher_proceeds' : userKey(sale.seller_id);
  intents.forEach(({ sale }, i) => {
    const id = intentIds[i] as number;
    const at = date(sale.sold_at);
    if (sale.market === 'secondary') {
      const fees = feeBreakdown({
        priceCents: sale.price_in_cents,
        royaltyBps: sale.royalty_percentage * 100,
        method: CARD.paymentMethod,
        isExternal: false,
        deliveryFeeCents: 0,
      });
      movements.push({
        reference: `purchase_intent:${id}`,
        description: sale.token_name ?? sale.title,
        at,
        postings: [
          { account: 'payments_clearing', amountCents: -fees.buyerPaysCents, memo: 'card_payment' },
          {
            account: userKey(sale.seller_id as number),
            amountCents: fees.sellerReceivesCents,
            memo: 'proceeds',
          },
          {
            account: sale.creator_id === null ? 'unassigned_royalties' : userKey(sale.creator_id),
            amountCents: fees.creatorFeeCents,
            memo: 'creator_fee',
          },
          { account: 'platform_revenue', amountCents: fees.serviceFeeCents, memo: 'service_fee' },
          { account: 'platform_revenue', amountCents: fees.cardFeeCents, memo: 'card_fee' },
        ],
      });
      return;
    }
    const fees = primaryFeeBreakdown({
      unitPriceCents: sale.price_in_cents,
      quantity: 1,
      method: CARD.paymentMethod,
    });
    movements.push({
      reference: `purchase_intent:${id}`,
      description: `${sale.title} × 1`,
      at,
      postings: [
        { account: 'payments_clearing', amountCents: -fees.buyerPaysCents, memo: 'card_payment' },
        { account: publisherOf(sale), amountCents: fees.sellerReceivesCents, memo: 'publisher_proceeds' },
        { account: 'platform_revenue', amountCents: fees.serviceFeeCents, memo: 'primary_platform_fee' },
        { account: 'platform_revenue', amountCents: fees.cardFeeCents, memo: 'card_fee' },
      ],
    });
  });
  const primary = (sale: SaleRow, reference: string, description: string): Movement => {
    // The auction's and drawing's settlements charge no card fee (decision 009: the bid or entry price).
    const fees = primaryFeeBreakdown({ unitPriceCents: sale.price_in_cents, quantity: 1, method: null });
    return {
      reference,
      description,
      at: date(sale.sold_at),
      postings: [
        { account: 'payments_clearing', amountCents: -fees.buyerPaysCents, memo: 'card_payment' },
        { account: publisherOf(sale), amountCents: fees.sellerReceivesCents, memo: 'publisher_proceeds' },
        { account: 'platform_revenue', amountCents: fees.serviceFeeCents, memo: 'primary_platform_fee' },
      ],
    };
  };
  bids.forEach(({ sale }, i) => {
    movements.push(primary(sale, `bid:${bidIds[i]}`, `Won auction: ${sale.title} #${sale.edition_number}`));
  });
  for (const sale of entries) {
    movements.push(primary(sale, `drawing_entry:${sale.entry_id}`, `Drawing won: ${sale.title}`));
  }
  movements.sort((a, b) => a.at.getTime() - b.at.getTime());

  // The accounts: every user named by a posting, and the house accounts.
  const keys = new Set(movements.flatMap((m) => m.postings.map((p) => p.account)));
  keys.add('payments_clearing');
  keys.add('platform_revenue');
  const accountRows = [...keys]
    .sort()
    .map((key) =>
      key.startsWith('user:')
        ? { kind: 'user', userId: Number(key.slice(5)) }
        : { kind: key, userId: null, mayGoNegative: key === 'payments_clearing' },
    );
  const accountIds = new Map<string, number>();
  for (let i = 0; i < accountRows.length; i += BATCH) {
    const rows = await tx
      .insert(s.ledgerAccounts)
      .values(
        accountRows
          .slice(i, i + BATCH)
          .map((r) => ({ ...r, createdAt: new Date(now.getTime() - 400 * DAY) })),
      )
      .returning({ id: s.ledgerAccounts.id, kind: s.ledgerAccounts.kind, userId: s.ledgerAccounts.userId });
    for (const r of rows) accountIds.set(r.kind === 'user' ? userKey(r.userId as number) : r.kind, r.id);
  }

  let entryCount = 0;
  for (let i = 0; i < movements.length; i += BATCH) {
    const batch = movements.slice(i, i + BATCH);
    const ids = await tx
      .insert(s.ledgerTransactions)
      .values(
        batch.map((m) => ({
          kind: 'purchase',
          reference: m.reference,
          description: m.description,
          createdAt: m.at,
        })),
      )
      .returning({ id: s.ledgerTransactions.id });
    const lines = batch.flatMap((m, k) => {
      const transactionId = ids[k]?.id as number;
      const nonZero = m.postings.filter((p) => p.amountCents !== 0);
      if (nonZero.reduce((sum, p) => sum + p.amountCents, 0) !== 0) {
        throw new Error(`seed: ledger movement ${m.reference} does not balance`);
      }
      return nonZero.map((p) => ({
        transactionId,
        accountId: accountIds.get(p.account) as number,
        amountCents: p.amountCents,
        memo: p.memo,
        createdAt: m.at,
      }));
    });
    for (let j = 0; j < lines.length; j += BATCH) {
      await tx.insert(s.ledgerEntries).values(lines.slice(j, j + BATCH));
    }
    entryCount += lines.length;
  }

  // The links a settlement writes (balances are the entries' sums: decision 022).
  await tx.execute(sql`update purchase_intents i set ledger_transaction_id = t.id from ledger_transactions t
    where t.kind = 'purchase' and t.reference = 'purchase_intent:' || i.id and i.ledger_transaction_id is null`);
  await tx.execute(sql`update sales s set purchase_intent_id = i.id from purchase_intents i
    where i.sale_id = s.id and i.sale_kind <> 'listing' and s.purchase_intent_id is null`);
  await tx.execute(sql`update bids b set ledger_transaction_id = t.id from ledger_transactions t
    where t.kind = 'purchase' and t.reference = 'bid:' || b.id and b.ledger_transaction_id is null`);

  return {
    purchaseIntents: intents.length,
    wonBids: bids.length,
    ledgerTransactions: movements.length,
    ledgerEntries: entryCount,
  };
}
