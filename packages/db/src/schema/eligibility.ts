// Participation criteria of drops (docs/decisions/015-drop-pages-and-eligibility.md; 001 §3 "Criteria rules
// and allowlist"; 000 §3 allowlist kinds): a collection's criteria apply to each of its nifties unless the
// nifty has criteria of its own. Rules combine by `mode` (all | any); account_list rules read the allowlist.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { collections, nifties, tokens, users } from './core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const participationCriteria = pgTable(
  'participation_criteria',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    collectionId: integer('collection_id').references(() => collections.id, { onDelete: 'cascade' }),
    niftyId: integer('nifty_id').references(() => nifties.id, { onDelete: 'cascade' }),
    /** all | any (001 §5 eligibility prompts). */
    mode: text('mode').notNull().default('all'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('participation_criteria_collection_key').on(t.collectionId),
    uniqueIndex('participation_criteria_nifty_key').on(t.niftyId),
    check('participation_criteria_one_target', sql`(${t.collectionId} is null) <> (${t.niftyId} is null)`),
    check('participation_criteria_mode', sql`${t.mode} in ('all', 'any')`),
  ],
);

/** One rule: a restriction kind (packages/domain drops/eligibility.ts RESTRICTION_KINDS), a count and its lists. */
export const criteriaRules = pgTable(
  'criteria_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    criteriaId: integer('criteria_id')
      .notNull()
      .references(() => participationCriteria.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    kind: text('kind').notNull(),
    count: integer('count').notNull().default(1),
    usernames: text('usernames').array().notNull().default(sql`'{}'::text[]`),
    artistIds: integer('artist_ids').array().notNull().default(sql`'{}'::integer[]`),
    contractAddresses: text('contract_addresses').array().notNull().default(sql`'{}'::text[]`),
    niftyIds: integer('nifty_ids').array().notNull().default(sql`'{}'::integer[]`),
  },
  (t) => [
    index('criteria_rules_criteria_idx').on(t.criteriaId, t.position),
    check('criteria_rules_count', sql`${t.count} >= 1`),
  ],
);

/** The criteria's allowlist (001 §3): email addresses and usernames. */
export const allowlists = pgTable(
  'allowlists',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    criteriaId: integer('criteria_id')
      .notNull()
      .references(() => participationCriteria.id, { onDelete: 'cascade' }),
    emailAddresses: text('email_addresses').array().notNull().default(sql`'{}'::text[]`),
    usernames: text('usernames').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('allowlists_criteria_key').on(t.criteriaId)],
);

/** A token a user burnt (burn_event_* rules read it; a burn-to-redeem writes it). One row per token. */
export const tokenBurns = pgTable(
  'token_burns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenRowId: integer('token_row_id')
      .notNull()
      .references(() => tokens.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    niftyId: integer('nifty_id')
      .notNull()
      .references(() => nifties.id, { onDelete: 'cascade' }),
    contractAddress: text('contract_address').notNull(),
    burntAt: ts('burnt_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('token_burns_token_key').on(t.tokenRowId), index('token_burns_user_idx').on(t.userId)],
);
