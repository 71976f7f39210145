// Browsing, search and social (docs/decisions/004-catalog-api.md).
//  - Social: follows of publishers and contracts, favourite boards (a like is a favourite-save of a token).
//  - Read models kept in step by triggers (migration `catalog_triggers`): `catalog_tokens` (one row per
//    visible minted token with every explore filter and sort key), `catalog_collection_stats` and
//    `search_documents`. Never write them from application code: write the source tables.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  json,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { collections, IS_AUCTION_SQL, nifties, publishers, tokens, users } from './core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const cents = (name: string) => bigint(name, { mode: 'number' });

const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

// ---- social ----

export const publisherFollows = pgTable(
  'publisher_follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.publisherId] }),
    index('publisher_follows_publisher_idx').on(t.publisherId),
  ],
);

/** Following a contract = following its collection (one collection per contract). */
export const contractFollows = pgTable(
  'contract_follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.collectionId] }),
    index('contract_follows_collection_idx').on(t.collectionId),
  ],
);

/**
 * Saved nifties (001 §3 "Saved nifty"): a token (contractAddress + tokenId; this is a like) or an
 * edition (niftyContractAddress + niftyType). Exactly one of the two references is set.
 */
export const favoriteNifties = pgTable(
  'favorite_nifties',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenRowId: integer('token_row_id').references(() => tokens.id, { onDelete: 'cascade' }),
    niftyId: integer('nifty_id').references(() => nifties.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('favorite_nifties_one_target', sql`(${t.tokenRowId} is null) <> (${t.niftyId} is null)`),
    uniqueIndex('favorite_nifties_user_token_key')
      .on(t.userId, t.tokenRowId)
      .where(sql`${t.tokenRowId} is not null`),
    uniqueIndex('favorite_nifties_user_nifty_key')
      .on(t.userId, t.niftyId)
      .where(sql`${t.niftyId} is not null`),
    index('favorite_nifties_user_idx').on(t.userId, t.createdAt),
    index('favorite_nifties_token_idx').on(t.tokenRowId),
    index('favorite_nifties_nifty_idx').on(t.niftyId),
  ],
);

export const favoriteCollections = pgTable(
  'favorite_collections',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.collectionId] }),
    index('favorite_collections_collection_idx').on(t.collectionId),
    index('favorite_collections_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Per-token traits used by filters (001 §2 "mass range"). */
export const tokenTraits = pgTable('token_traits', {
  tokenRowId: integer('token_row_id')
    .primaryKey()
    .references(() => tokens.id, { onDelete: 'cascade' }),
  mass: integer('mass'),
});

// ---- read models (trigger-maintained) ----

/** One row per minted token of a visible collection: every explore filter and sort key in one table. */
export const catalogTokens = pgTable(
  'catalog_tokens',
  {
    tokenRowId: integer('token_row_id')
      .primaryKey()
      .references(() => tokens.id, { onDelete: 'cascade' }),
    niftyId: integer('nifty_id').notNull(),
    collectionId: integer('collection_id').notNull(),
    publisherId: integer('publisher_id').notNull(),
    /** Lowercase. */
    contractAddress: text('contract_address').notNull(),
    tokenId: numeric('token_id', { precision: 78, scale: 0 }).notNull(),
    editionNumber: integer('edition_number').notNull(),
    ownerId: integer('owner_id'),
    category: text('category').notNull(),
    tags: text('tags').array().notNull(),
    editionSize: integer('edition_size').notNull(),
    saleType: text('sale_type').notNull(),
    /** Primary sale window; '-infinity' / 'infinity' when open, so sorts and status filters need no null case. */
    startAt: ts('start_at').notNull(),
    endAt: ts('end_at').notNull(),
    listingId: integer('listing_id'),
    listPriceCents: cents('list_price_cents'),
    listedAt: ts('listed_at'),
    lastSaleCents: cents('last_sale_cents'),
    lastSaleAt: ts('last_sale_at'),
    likes: integer('likes').notNull().default(0),
    rarity: numeric('rarity', { precision: 9, scale: 6 }),
    mass: integer('mass'),
    hotDeal: boolean('hot_deal').generatedAlwaysAs(sql`coalesce(list_price_cents < last_sale_cents, false)`),
    isAuction: boolean('is_auction').generatedAlwaysAs(IS_AUCTION_SQL),
  },
  (t) => [
    uniqueIndex('catalog_tokens_contract_token_key').on(t.contractAddress, t.tokenId),
    index('catalog_tokens_token_id_idx').on(t.tokenId),
    // One index per explore sort, in exactly the ORDER BY of explore.repo.ts (NULLS placement included),
    // then the common filter columns (category, sale window, list price) after the unique token_row_id:
    // they do not change the order, but let a filtered deep page be read from the index alone
    // (index-only scan, no heap visit per skipped row; decision 005).
    index('catalog_tokens_last_sale_idx').on(
      t.lastSaleAt.desc().nullsLast(),
      t.tokenRowId.desc().nullsLast(),
      t.category,
      t.startAt,
      t.endAt,
      t.listPriceCents,
    ),
    index('catalog_tokens_likes_idx').on(
      t.likes.desc().nullsLast(),
      t.tokenRowId.desc().nullsLast(),
      t.category,
      t.startAt,
      t.endAt,
      t.listPriceCents,
    ),
    index('catalog_tokens_start_idx').on(
      t.startAt.asc().nullsLast(),
      t.tokenRowId.asc().nullsLast(),
      t.category,
      t.endAt,
      t.listPriceCents,
    ),
    index('catalog_tokens_end_idx').on(
      t.endAt.asc().nullsLast(),
      t.tokenRowId.asc().nullsLast(),
      t.category,
      t.startAt,
      t.listPriceCents,
    ),
    index('catalog_tokens_price_asc_idx').on(
      t.listPriceCents.asc().nullsLast(),
      t.tokenRowId.asc().nullsLast(),
      t.category,
      t.startAt,
      t.endAt,
    ),
    index('catalog_tokens_price_desc_idx').on(
      t.listPriceCents.desc().nullsLast(),
      t.tokenRowId.desc().nullsLast(),
      t.category,
      t.startAt,
      t.endAt,
    ),
    index('catalog_tokens_listed_at_idx').on(
      t.listedAt.desc().nullsLast(),
      t.tokenRowId.desc().nullsLast(),
      t.category,
      t.startAt,
      t.endAt,
      t.listPriceCents,
    ),
    index('catalog_tokens_nifty_idx').on(t.niftyId, t.listPriceCents),
    index('catalog_tokens_collection_idx').on(t.collectionId, t.editionNumber),
    // A collection's floor after its lowest price moved up (decision 004 §7, stats by deltas).
    index('catalog_tokens_collection_price_idx').on(t.collectionId, t.listPriceCents),
    index('catalog_tokens_owner_idx').on(t.ownerId),
    index('catalog_tokens_publisher_idx').on(t.publisherId),
    // GIN indexes write straight into the index (no pending list): PGlite has no autovacuum to flush one, and
    // a long pending list makes the planner skip the index.
    index('catalog_tokens_tags_idx').using('gin', t.tags).with({ fastupdate: false }),
    // Rare matches that no sort index would find quickly.
    index('catalog_tokens_hot_deal_idx').on(t.tokenRowId).where(sql`${t.hotDeal}`),
    // Auctions are ~1.5 % of tokens: a deep page of them walked a sort index through every other token
    // (PGlite 25 ms, PostgreSQL 22 to 33 ms for page 46); read here and sorted, 2 ms. The query writes
    // the bare column so the planner matches the predicate (explore.repo.ts).
    index('catalog_tokens_auction_idx').on(t.tokenRowId).where(sql`${t.isAuction}`),
    index('catalog_tokens_edition_size_idx').on(t.editionSize),
    index('catalog_tokens_mass_idx').on(t.mass).where(sql`${t.mass} is not null`),
  ],
);

/** Per visible collection: what explore sorts and filters collections by. */
export const catalogCollectionStats = pgTable(
  'catalog_collection_stats',
  {
    collectionId: integer('collection_id')
      .primaryKey()
      .references(() => collections.id, { onDelete: 'cascade' }),
    floorPriceCents: cents('floor_price_cents'),
    listedCount: integer('listed_count').notNull().default(0),
    mintedCount: integer('minted_count').notNull().default(0),
    lastSaleAt: ts('last_sale_at'),
    lastListedAt: ts('last_listed_at'),
    maxEditionSize: integer('max_edition_size').notNull().default(0),
    hasAuction: boolean('has_auction').notNull().default(false),
    /** Lowest fixed price of its nifties in USD cents (drop explore "floor" of an unsold drop). */
    minNiftyPriceCents: cents('min_nifty_price_cents'),
  },
  (t) => [
    index('catalog_collection_stats_floor_idx').on(t.floorPriceCents),
    index('catalog_collection_stats_last_sale_idx').on(t.lastSaleAt),
  ],
);

/** Per nifty of a visible collection: minted tokens, listed tokens and floor (cards read it by key). */
export const catalogNiftyStats = pgTable('catalog_nifty_stats', {
  niftyId: integer('nifty_id')
    .primaryKey()
    .references(() => nifties.id, { onDelete: 'cascade' }),
  mintedCount: integer('minted_count').notNull().default(0),
  listedCount: integer('listed_count').notNull().default(0),
  floorPriceCents: cents('floor_price_cents'),
  /** When the nifty's latest edition was minted (the Fast Sell Out badge). */
  lastMintedAt: ts('last_minted_at'),
});

/**
 * The creators of a collection as its cards show them: `[{ id, name, profileUrl, profilePicUrl }]` in
 * position order (migration `collection_creator_cards`; decision 006).
 */
export const catalogCollectionCreators = pgTable('catalog_collection_creators', {
  collectionId: integer('collection_id')
    .primaryKey()
    .references(() => collections.id, { onDelete: 'cascade' }),
  creators: json('creators').notNull(),
});

/**
 * The part of an NFT card every token of a nifty shares (the nifty, its collection, publisher, stats and
 * creators), as one JSON value kept by triggers (migration `nifty_cards`; decision 006): the cards
 * statement reads one row per card instead of joining five tables and building their fields' JSON.
 */
export const catalogNiftyCards = pgTable('catalog_nifty_cards', {
  niftyId: integer('nifty_id')
    .primaryKey()
    .references(() => nifties.id, { onDelete: 'cascade' }),
  card: json('card').notNull(),
  /**
   * A new number (catalog_nifty_card_version_seq) at every refresh of the card: the API keeps what it
   * derives from a card by (nifty_id, version), so one equal number means the same card (migration 0011).
   */
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Search documents of the four indexes (users, publishers, collections, products). `name` and `body`
 * are folded (lowercase, no accents, punctuation as spaces): `name` is the display name, `body` every
 * searchable word. Filter columns are set where they apply to the index.
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    indexName: text('index_name').notNull(),
    refId: integer('ref_id').notNull(),
    name: text('name').notNull(),
    body: text('body').notNull(),
    tsv: tsvector('tsv').notNull().generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, body)`),
    boost: real('boost').notNull().default(0),
    publisherId: integer('publisher_id'),
    collectionId: integer('collection_id'),
    category: text('category'),
    creator: boolean('creator'),
    verified: boolean('verified'),
    curated: boolean('curated'),
    startAt: ts('start_at'),
    endAt: ts('end_at'),
  },
  (t) => [
    primaryKey({ columns: [t.indexName, t.refId] }),
    ...(['users', 'publishers', 'collections', 'products'] as const).flatMap((name) => [
      index(`search_documents_${name}_trgm_idx`)
        .using('gin', t.body.op('gin_trgm_ops'))
        .with({ fastupdate: false })
        .where(sql`${t.indexName} = ${sql.raw(`'${name}'`)}`),
      index(`search_documents_${name}_tsv_idx`)
        .using('gin', t.tsv)
        .with({ fastupdate: false })
        .where(sql`${t.indexName} = ${sql.raw(`'${name}'`)}`),
    ]),
    index('search_documents_collection_idx').on(t.collectionId),
  ],
);
