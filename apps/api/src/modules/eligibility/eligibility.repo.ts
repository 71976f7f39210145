// Reads of participation criteria and of the facts they are checked against (docs/decisions/015).
import { type Db, schema } from '@vitrine/db';
import type { Criteria, CriteriaRule, EligibilityFacts, RestrictionKind } from '@vitrine/domain';
import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';

const {
  participationCriteria,
  criteriaRules,
  allowlists,
  tokenBurns,
  tokens,
  nifties,
  collections,
  collectionCreators,
  users,
  formerProfileUrls,
  drops,
  purchaseIntents,
} = schema;

export interface EligibilityNifty {
  id: number;
  collectionId: number;
  contractAddress: string;
  typeNumber: number;
  saleType: string;
  isFreeRedemption: boolean;
  requiresValidation: boolean;
  /** 1: one purchase per collector (001 §5 limitPerUser). */
  limitPerUser: number;
}

const niftyColumns = {
  id: nifties.id,
  collectionId: nifties.collectionId,
  contractAddress: collections.contractAddress,
  typeNumber: nifties.typeNumber,
  saleType: nifties.saleType,
  isFreeRedemption: nifties.isFreeRedemption,
  requiresValidation: nifties.requiresValidation,
  limitPerUser: nifties.limitPerUser,
};

export function createEligibilityRepo(db: Db) {
  return {
    /**
     * Of these nifties, those the user has bought (an intent paid): the purchases checkout counts against a
     * one-per-collector limit. An open checkout is not one: asking again replaces it (trading.service
     * `createPrimaryIntent`).
     */
    async purchasedOf(userId: number, niftyIds: number[]): Promise<Set<number>> {
      if (niftyIds.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ niftyId: purchaseIntents.niftyId })
        .from(purchaseIntents)
        .where(
          and(
            inArray(purchaseIntents.niftyId, niftyIds),
            eq(purchaseIntents.buyerId, userId),
            eq(purchaseIntents.paymentState, 'paid'),
          ),
        );
      return new Set(rows.flatMap((r) => (r.niftyId === null ? [] : [r.niftyId])));
    },

    async niftyById(id: number): Promise<EligibilityNifty | null> {
      const [row] = await db
        .select(niftyColumns)
        .from(nifties)
        .innerJoin(collections, eq(collections.id, nifties.collectionId))
        .where(eq(nifties.id, id));
      return row ?? null;
    },

    async niftyByType(contractAddress: string, typeNumber: number): Promise<EligibilityNifty | null> {
      const [row] = await db
        .select(niftyColumns)
        .from(nifties)
        .innerJoin(collections, eq(collections.id, nifties.collectionId))
        .where(
          and(
            sql`lower(${collections.contractAddress}) = lower(${contractAddress})`,
            eq(nifties.typeNumber, typeNumber),
          ),
        );
      return row ?? null;
    },

    /** Every nifty of every collection of a published drop, first collection first. */
    async niftiesOfDrop(slug: string): Promise<EligibilityNifty[] | null> {
      const [drop] = await db
        .select({ id: drops.id })
        .from(drops)
        .where(and(eq(drops.dropStatus, 'published'), sql`lower(${drops.slug}) = lower(${slug})`));
      if (!drop) return null;
      return db
        .select(niftyColumns)
        .from(nifties)
        .innerJoin(collections, eq(collections.id, nifties.collectionId))
        .where(eq(collections.dropId, drop.id))
        .orderBy(asc(collections.id), asc(nifties.sortOrder), asc(nifties.typeNumber));
    },

    /** Criteria by nifty id: the nifty's own, else its collection's; none when neither has any. */
    async criteriaOf(list: readonly EligibilityNifty[]): Promise<Map<number, Criteria>> {
      const out = new Map<number, Criteria>();
      if (list.length === 0) return out;
      const rows = await db
        .select()
        .from(participationCriteria)
        .where(
          or(
            inArray(
              participationCriteria.niftyId,
              list.map((n) => n.id),
            ),
            inArray(
              participationCriteria.collectionId,
              list.map((n) => n.collectionId),
            ),
          ),
        );
      if (rows.length === 0) return out;
      const ids = rows.map((r) => r.id);
      const [rules, lists] = await Promise.all([
        db
          .select()
          .from(criteriaRules)
          .where(inArray(criteriaRules.criteriaId, ids))
          .orderBy(asc(criteriaRules.criteriaId), asc(criteriaRules.position), asc(criteriaRules.id)),
        db.select().from(allowlists).where(inArray(allowlists.criteriaId, ids)),
      ]);
      const artistIds = [...new Set(rules.flatMap((r) => r.artistIds))];
      const contractAddresses = [
        ...new Set(rules.flatMap((r) => r.contractAddresses.map((a) => a.toLowerCase()))),
      ];
      const niftyIds = [...new Set(rules.flatMap((r) => r.niftyIds))];
      const [artists, contracts, named] = await Promise.all([
        artistIds.length === 0
          ? []
          : db
              .select({ id: users.id, name: users.name, profileUrl: users.profileUrl })
              .from(users)
              .where(inArray(users.id, artistIds)),
        contractAddresses.length === 0
          ? []
          : db
              .select({
                contractAddress: collections.contractAddress,
                name: collections.name,
                slug: collections.slug,
              })
              .from(collections)
              .where(inArray(sql`lower(${collections.contractAddress})`, contractAddresses)),
        niftyIds.length === 0
          ? []
          : db
              .select({
                id: nifties.id,
                contractAddress: collections.contractAddress,
                typeNumber: nifties.typeNumber,
                title: nifties.title,
              })
              .from(nifties)
              .innerJoin(collections, eq(collections.id, nifties.collectionId))
              .where(inArray(nifties.id, niftyIds)),
      ]);
      const byCriteria = new Map<number, Criteria>();
      for (const row of rows) {
        const own = rules.filter((r) => r.criteriaId === row.id);
        const allowlist = lists.find((l) => l.criteriaId === row.id);
        byCriteria.set(row.id, {
          mode: row.mode === 'any' ? 'any' : 'all',
          allowlist: allowlist
            ? { id: allowlist.id, emailAddresses: allowlist.emailAddresses, usernames: allowlist.usernames }
            : null,
          rules: own.map(
            (r): CriteriaRule => ({
              id: r.id,
              kind: r.kind as RestrictionKind,
              count: r.count,
              usernames: r.usernames,
              artists: r.artistIds.flatMap((id) => artists.filter((a) => a.id === id)),
              contracts: r.contractAddresses.map(
                (address) =>
                  contracts.find((c) => c.contractAddress.toLowerCase() === address.toLowerCase()) ?? {
                    contractAddress: address,
                    name: address,
                  },
              ),
              nifties: r.niftyIds.flatMap((id) => named.filter((n) => n.id === id)),
            }),
          ),
        });
      }
      for (const n of list) {
        const own =
          rows.find((r) => r.niftyId === n.id) ?? rows.find((r) => r.collectionId === n.collectionId);
        const criteria = own ? byCriteria.get(own.id) : undefined;
        if (criteria) out.set(n.id, criteria);
      }
      return out;
    },

    /** What the rules read of a user: name, email, validated profile, tokens owned, tokens burnt. */
    async factsOf(userId: number): Promise<(EligibilityFacts & { validated: boolean }) | null> {
      const [user] = await db
        .select({
          profileUrl: users.profileUrl,
          email: users.email,
          emailVerifiedAt: users.emailVerifiedAt,
          verified: users.verified,
        })
        .from(users)
        .where(eq(users.id, userId));
      if (!user) return null;
      const [former, owned, creators, burnt] = await Promise.all([
        db
          .select({ profileUrl: formerProfileUrls.profileUrl })
          .from(formerProfileUrls)
          .where(eq(formerProfileUrls.userId, userId)),
        db
          .select({
            contractAddress: tokens.contractAddress,
            niftyId: tokens.niftyId,
            collectionId: nifties.collectionId,
          })
          .from(tokens)
          .innerJoin(nifties, eq(nifties.id, tokens.niftyId))
          .where(eq(tokens.ownerId, userId)),
        db
          .select({ collectionId: collectionCreators.collectionId, userId: collectionCreators.userId })
          .from(collectionCreators)
          .innerJoin(nifties, eq(nifties.collectionId, collectionCreators.collectionId))
          .innerJoin(tokens, and(eq(tokens.niftyId, nifties.id), eq(tokens.ownerId, userId)))
          .groupBy(collectionCreators.collectionId, collectionCreators.userId),
        db
          .select({ contractAddress: tokenBurns.contractAddress, niftyId: tokenBurns.niftyId })
          .from(tokenBurns)
          .where(and(eq(tokenBurns.userId, userId), isNotNull(tokenBurns.niftyId))),
      ]);
      return {
        username: user.profileUrl,
        formerUsernames: former.map((f) => f.profileUrl),
        // An address counts once confirmed: anyone may sign up with an address an allowlist names.
        email: user.emailVerifiedAt ? user.email : null,
        validated: user.verified,
        owned: owned.map((t) => ({
          contractAddress: t.contractAddress,
          niftyId: t.niftyId,
          artistIds: creators.filter((c) => c.collectionId === t.collectionId).map((c) => c.userId),
        })),
        burnt,
      };
    },
  };
}

export type EligibilityRepo = ReturnType<typeof createEligibilityRepo>;
