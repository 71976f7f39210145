// The double-entry ledger (docs/decisions/009-trading-and-ledger.md). A movement of money is `post`:
// one ledger transaction whose entries sum to zero per currency (also checked by the store at commit).
// A balance is the sum of the account's entries (decision 022): a credit only inserts entries and waits
// for no one, so sales crediting one seller, one creator and the platform do not queue on their rows. A
// debit first locks the account (`lock`, id order) and reads its sum: debits of one account take turns,
// and a user's entries never sum below zero (checked again by the store at commit).
import { amongIds, type Db, prepared, preparedSql, schema } from '@vitrine/db';
import { and, asc, desc, eq, gt, gte, inArray, type SQL, sql } from 'drizzle-orm';

const {
  ledgerAccounts: accounts,
  ledgerTransactions: transactions,
  ledgerEntries: entries,
  ledgerHolds: holds,
} = schema;

/** A value of a statement built once (`prepared`). */
const ph = (name: string) => sql.placeholder(name);

/**
 * `post`'s one statement (decision 021): the transaction row and its entries (one JSON parameter), in the
 * order given.
 */
const postStatement = preparedSql<{ id: number }>(
  'ledger_post',
  () => sql`
    with t as (
      insert into ${transactions} (kind, reference, description, created_at)
      values (${ph('kind')}, ${ph('reference')}, ${ph('description')}, ${ph('at')}::timestamptz)
      returning id
    ), e as (
      insert into ${entries} (transaction_id, account_id, amount_cents, memo, created_at)
      select t.id, l.account_id, l.amount_cents, l.memo, ${ph('at')}::timestamptz
      from t, rows from (jsonb_to_recordset(${ph('lines')}::jsonb) as (account_id int, amount_cents bigint, memo text))
        with ordinality as l(account_id, amount_cents, memo, n)
      order by l.n
    )
    select id from t`,
);

export type HouseAccount =
  | 'platform_revenue'
  | 'unassigned_royalties'
  | 'payments_clearing'
  | 'unassigned_publisher_proceeds'
  /** What card disputes took from the platform (decision 009 "Disputes"): below zero by nature. */
  | 'card_disputes';

export interface Posting {
  accountId: number;
  amountCents: number;
  memo: string;
}

export interface LockedAccount {
  id: number;
  balanceCents: number;
  /** Balance less active holds: what may be spent. */
  availableCents: number;
}

/**
 * Money taken back from the accounts a movement credited (a card refund, a forfeited drawing win: decision
 * 009 "Refunds"): each `take` (its `amountCents` what to take back) from a user's account at most what it
 * may spend now (`locked`, as `lock` read it, and less what earlier takes here took), from a house account
 * (neither locked nor read: decision 022) in full, which is never more than the movement credited it. Gives
 * the debits, in the order of `takes`, and the shortfall: what no account could give back, which the
 * caller leaves on the clearing account (`refund_shortfall`) for the operator.
 */
export function takeBack(
  locked: ReadonlyMap<number, LockedAccount>,
  takes: readonly Posting[],
): { postings: Posting[]; shortfall: number } {
  const spendable = new Map([...locked].map(([id, a]) => [id, Math.max(0, a.availableCents)]));
  const mayGive = (id: number) => spendable.get(id) ?? Number.POSITIVE_INFINITY;
  let shortfall = 0;
  const postings = takes.map((take) => {
    const can = Math.min(take.amountCents, mayGive(take.accountId));
    spendable.set(take.accountId, mayGive(take.accountId) - can);
    shortfall += take.amountCents - can;
    return { accountId: take.accountId, amountCents: -can, memo: take.memo };
  });
  return { postings, shortfall };
}

export function createLedgerRepo(db: Db) {
  async function account(kind: string, userId: number | null, currency = 'USD'): Promise<number> {
    const where = and(
      eq(accounts.kind, kind),
      userId === null ? sql`${accounts.userId} is null` : eq(accounts.userId, userId),
      eq(accounts.currency, currency),
    );
    // By the accounts' unique key (kind, coalesce(user_id, 0), currency), so the look-up is an index scan
    // (`user_id = …` read every account).
    const [found] = await prepared(db, 'ledger_account_of', (d) =>
      d
        .select({ id: accounts.id })
        .from(accounts)
        .where(
          and(
            eq(accounts.kind, ph('kind')),
            sql`coalesce(${accounts.userId}, 0) = ${ph('user')}::int`,
            eq(accounts.currency, ph('currency')),
          ),
        ),
    ).execute({ kind, user: userId ?? 0, currency });
    if (found) return found.id;
    await db
      .insert(accounts)
      .values({
        kind,
        userId,
        currency,
        mayGoNegative: kind === 'payments_clearing' || kind === 'card_disputes',
      })
      .onConflictDoNothing();
    const [made] = await db.select({ id: accounts.id }).from(accounts).where(where);
    if (!made) throw new Error(`ledger account ${kind} was not created`);
    return made.id;
  }

  /**
   * Balances (their entries' sums) and what may be spent (the balance less the account's active holds) of
   * the accounts `where` picks, in id order: the one reading of spendable money, for `lock` and the profile.
   */
  async function balances(which: { users: number[] } | { userId: number }): Promise<LockedAccount[]> {
    // Subqueries built by drizzle, whose conditions name both tables (a raw one in the select list would
    // have its columns written unqualified: `account_id = id` compared the hold with itself).
    const query = (d: Db, where: SQL | undefined) => {
      const held = d
        .select({ total: sql`sum(${holds.amountCents})` })
        .from(holds)
        .where(and(eq(holds.accountId, accounts.id), eq(holds.status, 'active')));
      const summed = d
        .select({ total: sql`sum(${entries.amountCents})` })
        .from(entries)
        .where(eq(entries.accountId, accounts.id));
      return d
        .select({
          id: accounts.id,
          balanceCents: sql<string>`coalesce((${summed}), 0)`,
          heldCents: sql<string>`coalesce((${held}), 0)`,
        })
        .from(accounts)
        .where(where)
        .orderBy(asc(accounts.id));
    };
    const rows =
      'users' in which
        ? await prepared(db, 'ledger_balances_of_accounts', (d) =>
            query(d, and(amongIds(accounts.id), eq(accounts.kind, 'user'))),
          ).execute({ ids: JSON.stringify(which.users) })
        : await prepared(db, 'ledger_balance_of_user', (d) =>
            query(
              d,
              and(
                eq(accounts.kind, 'user'),
                sql`coalesce(${accounts.userId}, 0) = ${ph('user')}::int`,
                eq(accounts.currency, 'USD'),
              ),
            ),
          ).execute({ user: which.userId });
    return rows.map((r) => ({
      id: r.id,
      balanceCents: Number(r.balanceCents),
      availableCents: Number(r.balanceCents) - Number(r.heldCents),
    }));
  }

  async function userBalance(userId: number): Promise<{ balanceCents: number; availableCents: number }> {
    const [row] = await balances({ userId });
    return { balanceCents: row?.balanceCents ?? 0, availableCents: row?.availableCents ?? 0 };
  }

  return {
    /** The user's USD account (created on first use). */
    userAccount: (userId: number) => account('user', userId),
    /** The USD accounts of several users in one statement (those missing are created): user id → account id. */
    async userAccounts(userIds: number[]): Promise<Map<number, number>> {
      // In user id order: two purchases making each other's missing accounts at once never deadlock.
      const wanted = [...new Set(userIds)].sort((a, b) => a - b);
      const found = await prepared(db, 'ledger_user_accounts', (d) =>
        d
          .select({ id: accounts.id, userId: accounts.userId })
          .from(accounts)
          .where(
            and(
              eq(accounts.kind, 'user'),
              // The unique key's expression, so each is an index look-up.
              amongIds(sql`coalesce(${accounts.userId}, 0)`),
              eq(accounts.currency, 'USD'),
            ),
          ),
      ).execute({ ids: JSON.stringify(wanted) });
      const ids = new Map(found.map((r) => [r.userId as number, r.id]));
      for (const userId of wanted) if (!ids.has(userId)) ids.set(userId, await account('user', userId));
      return ids;
    },
    /** A house account: platform revenue, unassigned royalties, payments clearing. */
    houseAccount: (kind: HouseAccount) => account(kind, null),

    /**
     * Before a debit: locks the users' accounts among `ids` (id order) and reads their balances and what
     * may be spent. House accounts are neither locked nor read (their sums span every sale). A credit
     * needs no lock: pass only the accounts the movement takes money from.
     */
    async lock(ids: number[]): Promise<Map<number, LockedAccount>> {
      const sorted = [...new Set(ids)].sort((a, b) => a - b);
      if (sorted.length === 0) return new Map();
      // `no key update`: a credit's entry (its foreign key's check) does not wait for a debit's lock.
      await prepared(db, 'ledger_lock_accounts', (d) =>
        d
          .select({ id: accounts.id })
          .from(accounts)
          .where(and(amongIds(accounts.id), eq(accounts.kind, 'user')))
          .orderBy(asc(accounts.id))
          .for('no key update'),
      ).execute({ ids: JSON.stringify(sorted) });
      // Read once the locks are held, in a statement of its own: it sees the entries and holds committed by
      // a movement this one waited for (a subquery of the locking statement would read its older snapshot).
      const rows = await balances({ users: sorted });
      return new Map(rows.map((r) => [r.id, r]));
    },

    /** The user's USD balance and what may be spent now, unlocked (no account yet: zero, none created). */
    userBalance,

    /**
     * Writes one movement: a transaction row (once per kind and reference) and its entries. Lock the
     * accounts it debits first (`lock`), and check what they may spend. Throws when the entries do not sum
     * to zero.
     */
    async post(movement: {
      kind: string;
      reference: string;
      description?: string;
      at: Date;
      postings: Posting[];
    }): Promise<number> {
      const lines = movement.postings.filter((p) => p.amountCents !== 0);
      const sum = lines.reduce((s, p) => s + p.amountCents, 0);
      if (sum !== 0 || lines.some((p) => !Number.isSafeInteger(p.amountCents))) {
        throw new Error(`ledger movement ${movement.reference} does not balance (${sum})`);
      }
      const [tx] = await postStatement.execute(db, {
        kind: movement.kind,
        reference: movement.reference,
        description: movement.description ?? '',
        at: movement.at.toISOString(),
        lines: JSON.stringify(
          lines.map((p) => ({ account_id: p.accountId, amount_cents: p.amountCents, memo: p.memo })),
        ),
      });
      if (!tx) throw new Error('ledger transaction not written');
      return Number(tx.id);
    },

    /**
     * A forfeited win's purchase (the `purchase` movement of `reference`) reversed as `purchase_forfeited`: the payer
     * gets its payment back; each credit is taken back, a user's up to what they may spend now (read under the locks
     * taken here), a house account's in full (`takeBack`), and the rest, the shortfall, is left on the clearing
     * account (`refund_shortfall`). So no account goes below zero and a forfeit never fails for it. Nothing without a
     * purchase (a free win). Answers the shortfall, for the operator, and what each user gave back, for them.
     */
    async reversePurchase(
      reference: string,
      description: string,
      at: Date,
    ): Promise<{ shortfall: number; takenBack: { userId: number; cents: number }[] }> {
      const original = await this.movementEntries('purchase', reference);
      if (original.length === 0) return { shortfall: 0, takenBack: [] };
      const taken = takeBack(
        await this.lock(original.map((p) => p.accountId)),
        original.filter((p) => p.amountCents > 0),
      );
      const postings = [
        ...original
          .filter((p) => p.amountCents < 0)
          .map((p) => ({ accountId: p.accountId, amountCents: -p.amountCents, memo: p.memo })),
        ...taken.postings,
      ];
      if (taken.shortfall > 0) {
        const clearing = await account('payments_clearing', null);
        postings.push({ accountId: clearing, amountCents: -taken.shortfall, memo: 'refund_shortfall' });
      }
      await this.post({ kind: 'purchase_forfeited', reference, description, at, postings });
      // What each user gave back (a payee told of their share at the sale is told of this too).
      const userOf = new Map(original.map((p) => [p.accountId, p.userId]));
      const byUser = new Map<number, number>();
      for (const p of taken.postings) {
        const userId = userOf.get(p.accountId);
        if (userId != null && p.amountCents < 0)
          byUser.set(userId, (byUser.get(userId) ?? 0) - p.amountCents);
      }
      return {
        shortfall: taken.shortfall,
        takenBack: [...byUser].map(([userId, cents]) => ({ userId, cents })),
      };
    },

    /** Sets money aside on an account (an offer); the caller checked what is available under the lock. */
    async hold(accountId: number, amountCents: number, reference: string, at: Date): Promise<void> {
      await db.insert(holds).values({ accountId, amountCents, reference, createdAt: at });
    },

    /** Ends an active hold (released, or captured when the money moved). False when none was active. */
    async closeHold(reference: string, status: 'released' | 'captured', at: Date): Promise<boolean> {
      const closed = await db
        .update(holds)
        .set({ status, closedAt: at })
        .where(and(eq(holds.reference, reference), eq(holds.status, 'active')))
        .returning({ id: holds.id });
      return closed.length > 0;
    },

    /** A user's balance in cents (0 without an account). */
    async balanceOf(userId: number): Promise<number> {
      return (await userBalance(userId)).balanceCents;
    },

    async countMovementsOf(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(entries)
        .innerJoin(accounts, eq(accounts.id, entries.accountId))
        .where(and(eq(accounts.kind, 'user'), eq(accounts.userId, userId)));
      return Number(row?.n ?? 0);
    },

    /** What arrived on `accountId` (its positive entries) with one of `memos` at or after `since` (0: nothing). */
    async creditsSince(accountId: number, memos: readonly string[], since: Date): Promise<number> {
      const [row] = await db
        .select({ amount: sql<string | null>`sum(${entries.amountCents})` })
        .from(entries)
        .where(
          and(
            eq(entries.accountId, accountId),
            inArray(entries.memo, [...memos]),
            gte(entries.createdAt, since),
            gt(entries.amountCents, 0),
          ),
        );
      return row?.amount ? Number(row.amount) : 0;
    },

    /** What the movement of `kind` and `reference` moved on `accountId` (null: no such movement). */
    async movementAmount(kind: string, reference: string, accountId: number): Promise<number | null> {
      const [row] = await db
        .select({ amount: sql<string>`sum(${entries.amountCents})` })
        .from(transactions)
        .innerJoin(entries, eq(entries.transactionId, transactions.id))
        .where(
          and(
            eq(transactions.kind, kind as never),
            eq(transactions.reference, reference),
            eq(entries.accountId, accountId),
          ),
        );
      return row?.amount === null || row?.amount === undefined ? null : Number(row.amount);
    },

    /**
     * The entries of a movement (a winner's purchase), in order, to post its exact reverse; `userId` the account's
     * user (null: a house account).
     */
    async movementEntries(kind: string, reference: string) {
      return db
        .select({
          accountId: entries.accountId,
          amountCents: entries.amountCents,
          memo: entries.memo,
          userId: accounts.userId,
        })
        .from(entries)
        .innerJoin(transactions, eq(transactions.id, entries.transactionId))
        .innerJoin(accounts, eq(accounts.id, entries.accountId))
        .where(and(eq(transactions.kind, kind as never), eq(transactions.reference, reference)))
        .orderBy(asc(entries.id));
    },

    /** Whether a movement of this kind and reference was written (movements are once-only by both). */
    async hasMovement(kind: string, reference: string): Promise<boolean> {
      const [row] = await db
        .select({ id: transactions.id })
        .from(transactions)
        .where(and(eq(transactions.kind, kind as never), eq(transactions.reference, reference)));
      return row !== undefined;
    },

    /** A user's movements, newest first (the Transactions tab). */
    async movementsOf(userId: number, limit: number, offset: number) {
      return db
        .select({
          transactionId: transactions.id,
          kind: transactions.kind,
          reference: transactions.reference,
          description: transactions.description,
          amountCents: entries.amountCents,
          memo: entries.memo,
          createdAt: entries.createdAt,
        })
        .from(entries)
        .innerJoin(accounts, eq(accounts.id, entries.accountId))
        .innerJoin(transactions, eq(transactions.id, entries.transactionId))
        .where(and(eq(accounts.kind, 'user'), eq(accounts.userId, userId)))
        .orderBy(desc(entries.createdAt), desc(entries.id))
        .limit(limit)
        .offset(offset);
    },
  };
}

export type LedgerRepo = ReturnType<typeof createLedgerRepo>;
