// The publisher studio's queries (docs/decisions/017-publisher-studio.md). Rows are mapped before they leave.
import { type Db, schema } from '@vitrine/db';
import { and, asc, count, desc, eq, inArray, isNull, max, ne, or, sql } from 'drizzle-orm';

const { drops, collections, nifties, publishers, publisherMembers, users, niftyCreators, salesSplits } =
  schema;

export type DropRow = typeof drops.$inferSelect;
export type CollectionRow = typeof collections.$inferSelect;
export type NiftyRow = typeof nifties.$inferSelect;
export type SplitKind = 'primary' | 'secondary' | 'on_chain';

export interface PersonRow {
  id: number;
  name: string;
  profileUrl: string;
  profilePicUrl: string | null;
}

export interface SplitRow {
  id: number;
  niftyId: number;
  kind: SplitKind;
  userId: number | null;
  ethAddress: string | null;
  percentage: number;
  position: number;
}

const person = {
  id: users.id,
  name: users.name,
  profileUrl: users.profileUrl,
  profilePicUrl: users.profilePicUrl,
};

export function createStudioRepo(db: Db) {
  return {
    /** The publisher of `slug` when `userId` is one of its members (publisher_members). */
    async memberPublisher(slug: string, userId: number) {
      const [row] = await db
        .select({
          id: publishers.id,
          slug: publishers.slug,
          name: publishers.name,
          verified: publishers.verified,
          curated: publishers.curated,
        })
        .from(publishers)
        .innerJoin(publisherMembers, eq(publisherMembers.publisherId, publishers.id))
        .where(and(sql`lower(${publishers.slug}) = lower(${slug})`, eq(publisherMembers.userId, userId)));
      return row ?? null;
    },

    async listDrops(
      publisherId: number,
      limit: number,
      offset: number,
    ): Promise<{ count: number; rows: DropRow[] }> {
      const [total] = await db.select({ n: count() }).from(drops).where(eq(drops.publisherId, publisherId));
      const rows = await db
        .select()
        .from(drops)
        .where(eq(drops.publisherId, publisherId))
        .orderBy(desc(drops.createdAt), desc(drops.id))
        .limit(limit)
        .offset(offset);
      return { count: total?.n ?? 0, rows };
    },

    async drop(publisherId: number, dropId: number): Promise<DropRow | null> {
      const [row] = await db
        .select()
        .from(drops)
        .where(and(eq(drops.id, dropId), eq(drops.publisherId, publisherId)));
      return row ?? null;
    },

    async lockDrop(publisherId: number, dropId: number): Promise<DropRow | null> {
      const [row] = await db
        .select()
        .from(drops)
        .where(and(eq(drops.id, dropId), eq(drops.publisherId, publisherId)))
        .for('update');
      return row ?? null;
    },

    async insertDrop(values: typeof drops.$inferInsert): Promise<DropRow> {
      const [row] = await db.insert(drops).values(values).returning();
      if (!row) throw new Error('drop insert returned nothing');
      return row;
    },

    async updateDrop(dropId: number, values: Partial<typeof drops.$inferInsert>): Promise<DropRow> {
      const [row] = await db.update(drops).set(values).where(eq(drops.id, dropId)).returning();
      if (!row) throw new Error('drop update matched nothing');
      return row;
    },

    async deleteDrop(dropId: number): Promise<void> {
      // Its collections (drop_id set null on delete) go with it: they are the drop's drafts.
      await db.delete(collections).where(eq(collections.dropId, dropId));
      await db.delete(drops).where(eq(drops.id, dropId));
    },

    async slugTaken(slug: string, exceptDropId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: drops.id })
        .from(drops)
        .where(
          and(
            sql`lower(${drops.slug}) = lower(${slug})`,
            exceptDropId === undefined ? undefined : ne(drops.id, exceptDropId),
          ),
        );
      return row !== undefined;
    },

    async collectionsOfDrops(dropIds: number[]): Promise<CollectionRow[]> {
      if (dropIds.length === 0) return [];
      return db
        .select()
        .from(collections)
        .where(inArray(collections.dropId, dropIds))
        .orderBy(asc(collections.id));
    },

    async collection(publisherId: number, collectionId: number): Promise<CollectionRow | null> {
      const [row] = await db
        .select()
        .from(collections)
        .where(and(eq(collections.id, collectionId), eq(collections.publisherId, publisherId)));
      return row ?? null;
    },

    /**
     * Serialises writers of one collection name (any case) until this transaction ends, so two at once
     * cannot both find it free (a transaction-level advisory lock on the name's hash).
     */
    async lockCollectionName(name: string): Promise<void> {
      await db.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`collection-name:${name.trim().toLowerCase()}`}))`,
      );
    },

    /** The other collections' names equal to `name` (any case): 001 §5 "must be unique". */
    async collectionNamesLike(name: string, exceptId?: number): Promise<string[]> {
      const rows = await db
        .select({ name: collections.name })
        .from(collections)
        .where(
          and(
            sql`lower(${collections.name}) = lower(${name.trim()})`,
            exceptId === undefined ? undefined : ne(collections.id, exceptId),
          ),
        );
      return rows.map((r) => r.name);
    },

    async insertCollection(values: typeof collections.$inferInsert): Promise<CollectionRow> {
      const [row] = await db.insert(collections).values(values).returning();
      if (!row) throw new Error('collection insert returned nothing');
      return row;
    },

    async updateCollection(
      id: number,
      values: Partial<typeof collections.$inferInsert>,
    ): Promise<CollectionRow> {
      const [row] = await db.update(collections).set(values).where(eq(collections.id, id)).returning();
      if (!row) throw new Error('collection update matched nothing');
      return row;
    },

    /** Which of these nifties have artworks to give (a pack's pool, a blind edition's art). */
    async withPool(niftyIds: number[]): Promise<Set<number>> {
      if (niftyIds.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ niftyId: schema.editionPools.niftyId })
        .from(schema.editionPools)
        .where(inArray(schema.editionPools.niftyId, niftyIds));
      return new Set(rows.map((r) => r.niftyId));
    },

    async niftiesOf(collectionIds: number[]): Promise<NiftyRow[]> {
      if (collectionIds.length === 0) return [];
      return db
        .select()
        .from(nifties)
        .where(inArray(nifties.collectionId, collectionIds))
        .orderBy(asc(nifties.sortOrder), asc(nifties.id));
    },

    async nifty(collectionId: number, niftyId: number): Promise<NiftyRow | null> {
      const [row] = await db
        .select()
        .from(nifties)
        .where(and(eq(nifties.id, niftyId), eq(nifties.collectionId, collectionId)));
      return row ?? null;
    },

    async nextTypeNumber(collectionId: number): Promise<number> {
      const [row] = await db
        .select({ n: max(nifties.typeNumber) })
        .from(nifties)
        .where(eq(nifties.collectionId, collectionId));
      return (row?.n ?? 0) + 1;
    },

    async insertNifty(values: typeof nifties.$inferInsert): Promise<NiftyRow> {
      const [row] = await db.insert(nifties).values(values).returning();
      if (!row) throw new Error('nifty insert returned nothing');
      return row;
    },

    async updateNifty(id: number, values: Partial<typeof nifties.$inferInsert>): Promise<NiftyRow> {
      const [row] = await db.update(nifties).set(values).where(eq(nifties.id, id)).returning();
      if (!row) throw new Error('nifty update matched nothing');
      return row;
    },

    async deleteNifty(id: number): Promise<void> {
      await db.delete(nifties).where(eq(nifties.id, id));
    },

    async setTotalItems(collectionId: number): Promise<void> {
      await db
        .update(collections)
        .set({
          totalItems: sql`(select coalesce(sum(${nifties.editionSize}), 0) from ${nifties} where ${nifties.collectionId} = ${collectionId})`,
        })
        .where(eq(collections.id, collectionId));
    },

    async creatorsOf(niftyIds: number[]): Promise<(PersonRow & { niftyId: number })[]> {
      if (niftyIds.length === 0) return [];
      return db
        .select({ niftyId: niftyCreators.niftyId, ...person })
        .from(niftyCreators)
        .innerJoin(users, eq(users.id, niftyCreators.userId))
        .where(inArray(niftyCreators.niftyId, niftyIds))
        .orderBy(asc(niftyCreators.position));
    },

    async setCreators(niftyId: number, userIds: number[]): Promise<void> {
      await db.delete(niftyCreators).where(eq(niftyCreators.niftyId, niftyId));
      if (userIds.length > 0)
        await db
          .insert(niftyCreators)
          .values(userIds.map((userId, position) => ({ niftyId, userId, position })));
    },

    /** A collection's creators, in order (what its public pages, cards and creator criteria read). */
    async setCollectionCreators(collectionId: number, userIds: number[]): Promise<void> {
      await db
        .delete(schema.collectionCreators)
        .where(eq(schema.collectionCreators.collectionId, collectionId));
      if (userIds.length > 0)
        await db
          .insert(schema.collectionCreators)
          .values(userIds.map((userId, position) => ({ collectionId, userId, position })));
    },

    /** Users by id or by profile URL (any case); the ones found. */
    async usersByRef(refs: (number | string)[]): Promise<PersonRow[]> {
      const ids = refs.filter((r): r is number => typeof r === 'number');
      const urls = refs.filter((r): r is string => typeof r === 'string').map((r) => r.toLowerCase());
      if (ids.length === 0 && urls.length === 0) return [];
      return db
        .select(person)
        .from(users)
        .where(
          or(
            ids.length > 0 ? inArray(users.id, ids) : undefined,
            urls.length > 0 ? inArray(sql`lower(${users.profileUrl})`, urls) : undefined,
          ),
        );
    },

    async usersByEmail(emails: string[]): Promise<string[]> {
      if (emails.length === 0) return [];
      const rows = await db
        .select({ email: users.email })
        .from(users)
        .where(
          inArray(
            sql`lower(${users.email})`,
            emails.map((e) => e.toLowerCase()),
          ),
        );
      return rows.map((r) => (r.email ?? '').toLowerCase());
    },

    /** A payee is authorised when their profile is validated or they are a member of a publisher. */
    async authorizedUserIds(userIds: number[]): Promise<Set<number>> {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            inArray(users.id, userIds),
            or(
              eq(users.verified, true),
              sql`exists (select 1 from ${publisherMembers} where ${publisherMembers.userId} = ${users.id})`,
            ),
          ),
        );
      return new Set(rows.map((r) => r.id));
    },

    async splitsOf(niftyIds: number[]): Promise<SplitRow[]> {
      if (niftyIds.length === 0) return [];
      const rows = await db
        .select()
        .from(salesSplits)
        .where(inArray(salesSplits.niftyId, niftyIds))
        .orderBy(asc(salesSplits.position), asc(salesSplits.id));
      return rows.map((r) => ({
        id: r.id,
        niftyId: r.niftyId,
        kind: r.kind as SplitKind,
        userId: r.userId,
        ethAddress: r.ethAddress,
        percentage: Number(r.percentage),
        position: r.position,
      }));
    },

    async insertSplit(values: {
      niftyId: number;
      kind: SplitKind;
      userId?: number | null;
      ethAddress?: string | null;
      percentage: number;
    }): Promise<void> {
      const [last] = await db
        .select({ n: max(salesSplits.position) })
        .from(salesSplits)
        .where(and(eq(salesSplits.niftyId, values.niftyId), eq(salesSplits.kind, values.kind)));
      await db.insert(salesSplits).values({
        niftyId: values.niftyId,
        kind: values.kind,
        userId: values.userId ?? null,
        ethAddress: values.ethAddress ?? null,
        percentage: values.percentage.toFixed(2),
        position: (last?.n ?? -1) + 1,
      });
    },

    async updateSplit(
      niftyId: number,
      kind: SplitKind,
      splitId: number,
      values: { userId?: number | null; ethAddress?: string | null; percentage?: number },
    ): Promise<boolean> {
      const set: Partial<typeof salesSplits.$inferInsert> = {};
      if (values.userId !== undefined) set.userId = values.userId;
      if (values.ethAddress !== undefined) set.ethAddress = values.ethAddress;
      if (values.percentage !== undefined) set.percentage = values.percentage.toFixed(2);
      if (Object.keys(set).length === 0) return true;
      const rows = await db
        .update(salesSplits)
        .set(set)
        .where(and(eq(salesSplits.id, splitId), eq(salesSplits.niftyId, niftyId), eq(salesSplits.kind, kind)))
        .returning({ id: salesSplits.id });
      return rows.length > 0;
    },

    async deleteSplit(niftyId: number, kind: SplitKind, splitId: number): Promise<boolean> {
      const rows = await db
        .delete(salesSplits)
        .where(and(eq(salesSplits.id, splitId), eq(salesSplits.niftyId, niftyId), eq(salesSplits.kind, kind)))
        .returning({ id: salesSplits.id });
      return rows.length > 0;
    },

    /** Whether the drop's publisher fee is paid (decision 017 "Publisher fee"). */
    async publisherFeePaid(dropId: number) {
      const [row] = await db
        .select({ state: schema.publisherFees.paymentState })
        .from(schema.publisherFees)
        .where(eq(schema.publisherFees.dropId, dropId));
      return row?.state === 'paid';
    },

    /**
     * The primary sales of these drops' editions: per drop and payment (one purchase intent, or one sale
     * without an intent: a won auction or drawing), the editions sold and the price paid.
     */
    async primarySalesOfDrops(dropIds: number[]) {
      if (dropIds.length === 0) return [];
      const { sales, tokens } = schema;
      const minted = await db
        .select({
          dropId: collections.dropId,
          editions: sql<number>`count(*)::int`,
          priceCents: sql<number>`sum(${sales.priceInCents})::bigint`.mapWith(Number),
        })
        .from(sales)
        .innerJoin(tokens, eq(tokens.id, sales.tokenRowId))
        .innerJoin(nifties, eq(nifties.id, tokens.niftyId))
        .innerJoin(collections, eq(collections.id, nifties.collectionId))
        .where(and(eq(sales.market, 'primary'), inArray(collections.dropId, dropIds)))
        .groupBy(collections.dropId, sql`coalesce(${sales.purchaseIntentId}, -${sales.id})`);
      // An open edition's paid purchases are minted (and their sales written) once it closes: until then they are
      // its paid intents (QA 2026-12-07: a live open edition read '0 sold · $0.00').
      const { purchaseIntents: intents } = schema;
      const unminted = await db
        .select({
          dropId: collections.dropId,
          editions: intents.requestedQuantity,
          priceCents: sql<number>`(${intents.priceCents} * ${intents.requestedQuantity})::bigint`.mapWith(
            Number,
          ),
        })
        .from(intents)
        .innerJoin(nifties, eq(nifties.id, intents.niftyId))
        .innerJoin(collections, eq(collections.id, nifties.collectionId))
        .where(
          and(
            eq(intents.saleKind, 'open_edition'),
            eq(intents.paymentState, 'paid'),
            isNull(intents.deliveredAt),
            inArray(collections.dropId, dropIds),
          ),
        );
      return [...minted, ...unminted];
    },

    async tosApproval(publisherId: number, userId: number) {
      const [row] = await db
        .select()
        .from(schema.publisherTosApprovals)
        .where(
          and(
            eq(schema.publisherTosApprovals.publisherId, publisherId),
            eq(schema.publisherTosApprovals.userId, userId),
          ),
        );
      return row ?? null;
    },

    async approveTos(publisherId: number, userId: number, version: string, at: Date): Promise<void> {
      await db
        .insert(schema.publisherTosApprovals)
        .values({ publisherId, userId, version, agreedAt: at })
        .onConflictDoUpdate({
          target: [schema.publisherTosApprovals.publisherId, schema.publisherTosApprovals.userId],
          set: { version, agreedAt: at },
        });
    },

    /** The NFTs whose own criteria need ALL their rules (001 §3 enforceAllSpecialCriteria). */
    async criteriaModesOf(niftyIds: number[]): Promise<Map<number, boolean>> {
      if (niftyIds.length === 0) return new Map();
      const rows = await db
        .select({ niftyId: schema.participationCriteria.niftyId, mode: schema.participationCriteria.mode })
        .from(schema.participationCriteria)
        .where(inArray(schema.participationCriteria.niftyId, niftyIds));
      return new Map(rows.map((r) => [r.niftyId ?? 0, r.mode === 'all']));
    },

    async criteriaOf(niftyId: number) {
      const [criteria] = await db
        .select()
        .from(schema.participationCriteria)
        .where(eq(schema.participationCriteria.niftyId, niftyId));
      if (!criteria) return null;
      const rules = await db
        .select()
        .from(schema.criteriaRules)
        .where(eq(schema.criteriaRules.criteriaId, criteria.id))
        .orderBy(asc(schema.criteriaRules.position));
      const [allowlist] = await db
        .select()
        .from(schema.allowlists)
        .where(eq(schema.allowlists.criteriaId, criteria.id));
      return { mode: criteria.mode as 'all' | 'any', rules, allowlist: allowlist ?? null };
    },

    async replaceCriteria(
      niftyId: number,
      value: {
        mode: 'all' | 'any';
        rules: {
          kind: string;
          count: number;
          usernames: string[];
          artistIds: number[];
          contractAddresses: string[];
          niftyIds: number[];
        }[];
        allowlist: { emailAddresses: string[]; usernames: string[] };
      },
    ): Promise<void> {
      await db.delete(schema.participationCriteria).where(eq(schema.participationCriteria.niftyId, niftyId));
      const [criteria] = await db
        .insert(schema.participationCriteria)
        .values({ niftyId, mode: value.mode })
        .returning({ id: schema.participationCriteria.id });
      if (!criteria) throw new Error('criteria insert returned nothing');
      if (value.rules.length > 0)
        await db
          .insert(schema.criteriaRules)
          .values(value.rules.map((rule, position) => ({ criteriaId: criteria.id, position, ...rule })));
      await db.insert(schema.allowlists).values({ criteriaId: criteria.id, ...value.allowlist });
    },

    async userByProfileUrl(url: string): Promise<PersonRow | null> {
      const [row] = await db
        .select(person)
        .from(users)
        .where(sql`lower(${users.profileUrl}) = lower(${url})`);
      return row ?? null;
    },
  };
}

export type StudioRepo = ReturnType<typeof createStudioRepo>;
