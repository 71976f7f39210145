// 50 buyers for the last 3 editions of an fcfs nifty at once (issue #14, decision 009 "Primary sales"):
// exactly 3 checkouts hold an edition, every other buyer is told 'Sold Out', and paying the 3 mints exactly
// the 3 editions left: never oversold, the ledger balanced. On PostgreSQL (TEST_DATABASE_URL) over a pool of
// 24 connections the buyers run truly side by side.
import { schema, withTransaction } from '@vitrine/db';
import type { PurchaseIntent } from '@vitrine/domain/trading-responses';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import { TEST_CARDS } from './payment-providers';
import { createTradingRepo } from './trading.repo';
import { EDITIONS_HELD_MESSAGE } from './trading.service';
import { answeredWithin, buyer, dropNifty, fund, ledgerInvariants, sentLater } from './trading-helpers';

const BUYERS = 50;
const onPostgres = process.env.TEST_STORE === 'postgres';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ seed: false, poolSize: 24 });
});
afterAll(async () => {
  await t.close();
});

type Buyer = Awaited<ReturnType<typeof buyer>>;
/** A checkout holding one edition of `nifty` (`POST /api/payments/purchase-intents/`). */
const holdOne = (b: Buyer, nifty: { contractAddress: string; typeNumber: number }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/purchase-intents/',
    headers: b.headers,
    payload: { contract_address: nifty.contractAddress, nifty_type: nifty.typeNumber, requested_quantity: 1 },
  });

describe(`${BUYERS} buyers for the last 3 editions`, () => {
  it('hold and buy exactly 3 editions, never more', { timeout: 180_000 }, async () => {
    const db = t.app.config.database.db;
    const { nifty } = await dropNifty(t.app, { editionSize: 20, totalSold: 17, priceInCents: 1_500 });
    const buyers = [];
    for (let i = 0; i < BUYERS; i++) {
      const b = await buyer(t.app);
      if (i % 2 === 1) await fund(db, b.userId, 2_000, t.clock.now());
      buyers.push(b);
    }

    const holds = await Promise.all(buyers.map((b) => holdOne(b, nifty)));
    const statuses = holds.map((h) => h.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(BUYERS - 3);
    // The last three are held, not yet paid for: the others are told they may come back.
    for (const h of holds.filter((x) => x.statusCode === 409)) {
      expect(h.json()).toEqual({
        statusCode: 409,
        errorType: 'editions-held',
        message: EDITIONS_HELD_MESSAGE,
      });
    }

    const winners = buyers.flatMap((b, i) => {
      const h = holds[i];
      return h && h.statusCode === 200 ? [{ b, index: i, intent: h.json() as PurchaseIntent }] : [];
    });
    const paid = await Promise.all(
      winners.map(async ({ b, index, intent }) => {
        let payload: Record<string, unknown> = { payment_method: 'balance' };
        if (index % 2 === 0) {
          const pm = await t.app.inject({
            method: 'POST',
            url: '/api/sim-card-processor/payment_methods',
            headers: b.headers,
            payload: { number: TEST_CARDS.succeeds, exp_month: 1, exp_year: 2031, cvc: '999' },
          });
          payload = { payment_token: (pm.json() as { id: string }).id };
        }
        return t.app.inject({
          method: 'POST',
          url: `/api/v2/purchase-intent/${intent.purchaseIntentId}/pay`,
          headers: b.headers,
          payload,
        });
      }),
    );
    expect(paid.map((p) => p.statusCode)).toEqual([200, 200, 200]);

    const [row] = await db.select().from(schema.nifties).where(eq(schema.nifties.id, nifty.id));
    expect(row?.totalSold).toBe(20);
    const tokens = await db.select().from(schema.tokens).where(eq(schema.tokens.niftyId, nifty.id));
    expect(tokens.map((x) => x.editionNumber).sort((a, b) => a - b)).toEqual([18, 19, 20]);
    expect(new Set(tokens.map((x) => x.ownerId))).toEqual(new Set(winners.map((w) => w.b.userId)));
    expect(await ledgerInvariants(db)).toEqual({
      unbalancedTransactions: 0,
      holdsBeyondBalance: 0,
      negativeBalances: 0,
      sumOfAllEntries: 0,
    });

    // Nothing is left to hold.
    const late = await buyer(t.app);
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/payments/purchase-intents/',
      headers: late.headers,
      payload: { contract_address: nifty.contractAddress, nifty_type: nifty.typeNumber },
    });
    expect(after.statusCode).toBe(409);
  });

  it('tells a buyer of a nifty whose last edition is in a checkout so at once, not after the checkouts holding its lock; a buyer whose own checkout holds the last edition may ask again', async () => {
    const { nifty } = await dropNifty(t.app, { editionSize: 5, totalSold: 4, priceInCents: 1_500 });
    const hold = (b: Buyer) => holdOne(b, nifty);
    const first = await buyer(t.app);
    expect((await hold(first)).statusCode).toBe(200);
    // Asking again (another tab) replaces the first checkout: the edition it holds is the buyer's to take.
    const again = await hold(first);
    expect(again.statusCode, again.body).toBe(200);

    // Another checkout of the nifty holds its row lock (a buyer ahead in the queue on drop day): a buyer
    // arriving now, with every edition held, is answered without waiting for it (on PGlite, one transaction
    // at a time, after it).
    const late = await buyer(t.app);
    const refused = sentLater(() => hold(late));
    let answeredWhileLocked: number | null = null;
    await withTransaction(t.app.config.database.db, async (tx) => {
      await createTradingRepo(tx).lockNifty(nifty.id);
      refused.send();
      if (onPostgres) {
        answeredWhileLocked = (await answeredWithin(refused.answer, 5_000))?.statusCode ?? null;
      }
    });
    const answer = await refused.answer;
    expect(answer.json()).toEqual({
      statusCode: 409,
      errorType: 'editions-held',
      message: EDITIONS_HELD_MESSAGE,
    });
    if (onPostgres) expect(answeredWhileLocked).toBe(409);
  });
});
