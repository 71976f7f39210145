// One transaction across repos (docs/ARCHITECTURE.md "Writes that move money"), on both stores: a step
// that fails half way leaves nothing behind, nested steps join the outer one, and concurrent writers
// guarded by a row lock or a conditional update cannot both take the last item.
import {
  createUnitOfWork,
  type Db,
  expectChanged,
  isTransaction,
  lockRows,
  schema,
  withTransaction,
} from '@vitrine/db';
import { type FreshDatabase, fixtures, freshDatabase } from '@vitrine/db/testing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthRepo } from '../modules/auth/auth.repo';
import { createUsersRepo } from '../modules/users/users.repo';

const { users, sessions, listings, tokens, sales, nifties } = schema;

let database: FreshDatabase;
let db: Db;
let f: ReturnType<typeof fixtures>;
const at = new Date('2026-06-15T12:00:00.000Z');

beforeAll(async () => {
  database = await freshDatabase();
  db = database.db;
  f = fixtures(db, { now: at });
});
afterAll(async () => {
  await database.drop();
});

const repos = (tx: Db) => ({ auth: createAuthRepo(tx), users: createUsersRepo(tx) });

async function userRow(id: number) {
  const [u] = await db.select().from(users).where(eq(users.id, id));
  return u;
}

describe('a unit of work', () => {
  it('commits the writes of every repo when the step returns', async () => {
    const u = await f.user();
    const unit = createUnitOfWork(db, repos);
    await unit.run(async (r) => {
      await r.auth.setPassword(u.id, 'hash-1', at);
      await r.users.update(u.id, { bio: 'committed' }, at);
    });
    const row = await userRow(u.id);
    expect(row?.passwordHash).toBe('hash-1');
    expect(row?.bio).toBe('committed');
  });

  it('leaves nothing changed when it fails half way, after two repos wrote', async () => {
    const u = await f.user({ bio: 'before' });
    await createAuthRepo(db).createSession({
      id: `s-${u.id}`,
      userId: u.id,
      method: 'password',
      ip: null,
      userAgent: null,
      at,
      access: { hash: `a-${u.id}`, expiresAt: new Date(at.getTime() + 60_000) },
      refresh: { hash: `r-${u.id}`, expiresAt: new Date(at.getTime() + 60_000) },
    });
    const before = await userRow(u.id);
    const unit = createUnitOfWork(db, repos);
    await expect(
      unit.run(async (r) => {
        await r.auth.setPassword(u.id, 'hash-2', at);
        expect(await r.auth.revokeUserSessions(u.id, 'password_reset', at)).toBe(1);
        await r.users.update(u.id, { bio: 'after' }, at);
        throw new Error('the third step failed');
      }),
    ).rejects.toThrow('the third step failed');
    expect(await userRow(u.id)).toEqual(before);
    const [session] = await db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(session?.revokedAt).toBeNull();
  });

  it('rolls back when a statement fails (a unique key taken), with the earlier writes', async () => {
    const taken = await f.user();
    const u = await f.user({ bio: 'kept' });
    await expect(
      withTransaction(db, async (tx) => {
        await createUsersRepo(tx).update(u.id, { bio: 'lost' }, at);
        await createUsersRepo(tx).update(u.id, { profileUrl: taken.profileUrl }, at);
      }),
    ).rejects.toThrow();
    expect((await userRow(u.id))?.bio).toBe('kept');
  });

  it('joins the outer transaction from a nested call, by the transaction or from code inside it', async () => {
    const u = await f.user({ bio: 'outer' });
    const unit = createUnitOfWork(db, repos);
    const seen: Db[] = [];
    await expect(
      unit.run(async (r, tx) => {
        seen.push(tx);
        await r.users.update(u.id, { bio: 'inner-1' }, at);
        // A service called inside the step, holding only the database: it joins.
        await unit.run(async (inner, innerTx) => {
          seen.push(innerTx);
          await inner.users.update(u.id, { firstName: 'Nested' }, at);
        });
        // A helper handed the transaction: it joins too.
        await withTransaction(tx, async (same) => {
          seen.push(same);
        });
        // The nested writes are visible inside, and undone with the outer step.
        expect((await r.users.profile(u.id))?.user.firstName).toBe('Nested');
        throw new Error('outer fails');
      }),
    ).rejects.toThrow('outer fails');
    expect(new Set(seen).size).toBe(1);
    expect(isTransaction(seen[0] as Db)).toBe(true);
    const row = await userRow(u.id);
    expect(row?.bio).toBe('outer');
    expect(row?.firstName).toBe('User');
  });

  it('does not join a transaction that has ended: work left running opens its own', async () => {
    const u = await f.user({ bio: 'before' });
    const unit = createUnitOfWork(db, repos);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let later: Promise<void> = Promise.resolve();
    await unit.run(async () => {
      later = gate.then(() => unit.run((r) => r.users.update(u.id, { bio: 'later' }, at)));
    });
    release();
    await later;
    expect((await userRow(u.id))?.bio).toBe('later');
  });

  it('refuses a row lock outside a transaction', async () => {
    await expect(lockRows(db, users, undefined)).rejects.toThrow('lockRows needs a transaction');
  });
});

describe('concurrent writers under the pattern', () => {
  const BUYERS = 20;

  it('a listing bought by 20 buyers at once is sold exactly once (conditional update)', async () => {
    const [token] = await f.tokens();
    if (!token) throw new Error('no token');
    const listing = await f.listing({ tokenRowId: token.id, priceInCents: 5_000 });
    const buyers = await Promise.all(Array.from({ length: BUYERS }, () => f.user()));
    const soldOut = () => new Error('sold out');

    const results = await Promise.allSettled(
      buyers.map((buyer) =>
        withTransaction(db, async (tx) => {
          const [closed] = await expectChanged(
            tx
              .update(listings)
              .set({ status: 'sold', closedAt: at })
              .where(and(eq(listings.id, listing.id), eq(listings.status, 'active')))
              .returning({ sellerId: listings.sellerId, amount: listings.amount }),
            soldOut,
          );
          await tx.update(tokens).set({ ownerId: buyer.id }).where(eq(tokens.id, token.id));
          await tx.insert(sales).values({
            tokenRowId: token.id,
            sellerId: closed?.sellerId,
            buyerId: buyer.id,
            market: 'secondary',
            amount: closed?.amount ?? '0',
            priceInCents: 5_000,
            soldAt: at,
          });
          return buyer.id;
        }),
      ),
    );

    const won = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(won).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as Error).message).toBe('sold out');
    }
    const [owner] = await db.select({ ownerId: tokens.ownerId }).from(tokens).where(eq(tokens.id, token.id));
    expect(owner?.ownerId).toBe(won[0]);
    expect(await db.$count(sales, eq(sales.tokenRowId, token.id))).toBe(1);
  });

  it('the last edition of a nifty goes to exactly one of 20 buyers (row lock)', async () => {
    const nifty = await f.nifty({ editionSize: 3 });
    await f.tokens({ niftyId: nifty.id, count: 2 });
    await db.update(nifties).set({ totalSold: 2 }).where(eq(nifties.id, nifty.id));
    const buyers = await Promise.all(Array.from({ length: BUYERS }, () => f.user()));

    const results = await Promise.allSettled(
      buyers.map((buyer) =>
        withTransaction(db, async (tx) => {
          const [n] = await lockRows(tx, nifties, eq(nifties.id, nifty.id));
          if (!n || n.totalSold >= n.editionSize) throw new Error('sold out');
          // Read, decide, write: no other buyer reads totalSold until this commits.
          await tx
            .update(nifties)
            .set({ totalSold: sql`${nifties.totalSold} + 1` })
            .where(eq(nifties.id, n.id));
          const edition = n.totalSold + 1;
          await tx.insert(tokens).values({
            niftyId: n.id,
            contractAddress: nifty.contractAddress,
            tokenId: String(n.typeNumber * 100_000 + edition),
            name: `Last #${edition}`,
            editionNumber: edition,
            ownerId: buyer.id,
            mintedAt: at,
          });
          return buyer.id;
        }),
      ),
    );

    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as Error).message).toBe('sold out');
    }
    const [n] = await db.select().from(nifties).where(eq(nifties.id, nifty.id));
    expect(n?.totalSold).toBe(3);
    expect(await db.$count(tokens, eq(tokens.niftyId, nifty.id))).toBe(3);
  });
});
