// The one Drizzle schema for both stores (PGlite and PostgreSQL).
// Money: USD in integer cents (bigint), ETH in integer wei (numeric(78,0)). Never a float.
// Changing this file? Run `npm run db:generate -- --name <change>` and commit the new migration:
// a test fails when the schema and the committed migrations disagree.
import { AUCTION_SALE_TYPES } from '@vitrine/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const cents = (name: string) => bigint(name, { mode: 'number' });
const wei = (name: string) => numeric(name, { precision: 78, scale: 0 });

/** A social link; publishers' links carry an id (the storefront editor, decision 018). */
export type SocialLink = { id?: string; kind: string; url: string };

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email'),
    emailVerifiedAt: ts('email_verified_at'),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    name: text('name').notNull().default(''),
    bio: text('bio').notNull().default(''),
    profileUrl: text('profile_url').notNull(),
    profilePicUrl: text('profile_pic_url'),
    walletAddress: text('wallet_address'),
    verified: boolean('verified').notNull().default(false),
    creator: boolean('creator').notNull().default(false),
    twoFaEnabled: boolean('two_fa_enabled').notNull().default(false),
    verifiedPhone: boolean('verified_phone').notNull().default(false),
    countryCode: text('country_code'),
    phoneNumber: text('phone_number'),
    socialLinks: jsonb('social_links').$type<SocialLink[]>().notNull().default([]),
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
    subscribe: boolean('subscribe').notNull().default(true),
    referral: text('referral'),
    needsTermsAndConditionsApproval: boolean('needs_terms_and_conditions_approval').notNull().default(false),
    /**
     * When the user last agreed to the terms of service (docs/decisions/009 "Terms of service"): signing up
     * agrees (the form says so), hence the default; terms published later than this need a new agreement.
     */
    termsAgreedAt: ts('terms_agreed_at').notNull().defaultNow(),
    /** The version agreed in the terms dialog; null when the agreement was the signup's. */
    termsAgreedVersion: text('terms_agreed_version'),
    /** 000 §6: a bidder exempt from the bid safety net (no allowance check). */
    isBidSafetyNetExempt: boolean('is_bid_safety_net_exempt').notNull().default(false),
    /** 000 §6: this bidder's allowance (sum of active bids) instead of the default, in cents. */
    maxBidAllowanceOverrideInCents: cents('max_bid_allowance_override_in_cents'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_profile_url_key').on(sql`lower(${t.profileUrl})`),
    uniqueIndex('users_wallet_address_key').on(sql`lower(${t.walletAddress})`),
  ],
);

/**
 * Profile URLs (usernames) their users gave up: kept for them, so nobody else takes a name that an allowlist,
 * a link or another collector still means them by (security review, 2026-12-06). Its user may take it back.
 */
export const formerProfileUrls = pgTable(
  'former_profile_urls',
  {
    profileUrl: text('profile_url').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    releasedAt: ts('released_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('former_profile_urls_key').on(sql`lower(${t.profileUrl})`),
    index('former_profile_urls_user_idx').on(t.userId),
  ],
);

export const publishers = pgTable(
  'publishers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    profilePicUrl: text('profile_pic_url'),
    coverPhotoUrl: text('cover_photo_url'),
    socialLinks: jsonb('social_links').$type<SocialLink[]>().notNull().default([]),
    verified: boolean('verified').notNull().default(false),
    curated: boolean('curated').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('publishers_slug_key').on(sql`lower(${t.slug})`)],
);

/** Who may act for a publisher (the spec's "publisher permissions"). */
export const publisherMembers = pgTable(
  'publisher_members',
  {
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('owner'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.publisherId, t.userId] }),
    index('publisher_members_user_idx').on(t.userId),
  ],
);

/** A drop template (001 §3): a publisher's timed release of one or more collections. */
export const drops = pgTable(
  'drops',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    introText: text('intro_text').notNull().default(''),
    dropType: text('drop_type').notNull(),
    /** draft | published | error. Live and closed are derived from the times. */
    dropStatus: text('drop_status').notNull().default('draft'),
    chain: text('chain').notNull().default('ethereum'),
    coverAsset: text('cover_asset'),
    previewAsset: text('preview_asset'),
    customBanner: text('custom_banner'),
    customBannerAltText: text('custom_banner_alt_text'),
    introVideo: text('intro_video'),
    startAt: ts('start_at').notNull(),
    endAt: ts('end_at').notNull(),
    visibleStartAt: ts('visible_start_at'),
    visibleEndAt: ts('visible_end_at'),
    /** The studio's signer and external owner (001 §3 signerAddress, externalOwnerAddress, signerUserProfile). */
    signerAddress: text('signer_address'),
    externalOwnerAddress: text('external_owner_address'),
    signerUserId: integer('signer_user_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('drops_slug_key').on(sql`lower(${t.slug})`),
    index('drops_publisher_idx').on(t.publisherId),
    index('drops_window_idx').on(t.startAt, t.endAt),
  ],
);

/** A collection: one contract, possibly released by a drop. */
export const collections = pgTable(
  'collections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    dropId: integer('drop_id').references(() => drops.id, { onDelete: 'set null' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    contractAddress: text('contract_address').notNull(),
    chain: text('chain').notNull().default('ethereum'),
    category: text('category').notNull().default('art'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    imageUrl: text('image_url'),
    startAt: ts('start_at'),
    endAt: ts('end_at'),
    totalItems: integer('total_items').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('collections_slug_key').on(sql`lower(${t.slug})`),
    uniqueIndex('collections_contract_key').on(sql`lower(${t.contractAddress})`),
    index('collections_drop_idx').on(t.dropId),
    index('collections_publisher_idx').on(t.publisherId),
  ],
);

export const collectionCreators = pgTable(
  'collection_creators',
  {
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.userId] }),
    index('collection_creators_user_idx').on(t.userId),
  ],
);

/**
 * A nifty: one artwork in a collection, minted as editions (`edition`), an open edition (`oe`)
 * or a pack (`pack`). `typeNumber` is its number inside the contract (the URL's {type}).
 */
/**
 * `sale_type in ('auction', …)` from the domain's AUCTION_SALE_TYPES (catalog/sale-types.ts): the only place
 * the SQL gets the list. The generated `is_auction` columns (nifties, catalog_tokens) carry it; queries and
 * the partial index read the column. sale-types.int.test.ts checks the database's list against the domain's.
 */
export const IS_AUCTION_SQL = sql.raw(`sale_type in (${AUCTION_SALE_TYPES.map((t) => `'${t}'`).join(', ')})`);

export const nifties = pgTable(
  'nifties',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    typeNumber: integer('type_number').notNull(),
    niftyType: text('nifty_type').notNull(),
    title: text('title').notNull().default('Untitled NFT'),
    description: text('description').notNull().default(''),
    assetUrl: text('asset_url').notNull(),
    assetType: text('asset_type').notNull().default('Image'),
    saleType: text('sale_type').notNull(),
    isAuction: boolean('is_auction').generatedAlwaysAs(IS_AUCTION_SQL),
    editionSize: integer('edition_size').notNull().default(1),
    priceCurrency: text('price_currency').notNull().default('USD'),
    /** Fixed price in the minor unit of priceCurrency (cents or wei). */
    priceAmount: wei('price_amount').notNull().default('0'),
    minimumBidInCents: cents('minimum_bid_in_cents'),
    bidIncrementInCents: cents('bid_increment_in_cents'),
    royaltyPercentage: integer('royalty_percentage').notNull().default(10),
    limitPerUser: integer('limit_per_user').notNull().default(1),
    /** The most editions one primary purchase may take (001 §3 maxPurchaseQuantity, default 1). */
    maxPurchaseQuantity: integer('max_purchase_quantity').notNull().default(1),
    startAt: ts('start_at'),
    endAt: ts('end_at'),
    totalSold: integer('total_sold').notNull().default(0),
    totalReserved: integer('total_reserved').notNull().default(0),
    totalBurnt: integer('total_burnt').notNull().default(0),
    burnRequired: boolean('burn_required').notNull().default(false),
    isFreeRedemption: boolean('is_free_redemption').notNull().default(false),
    requiresValidation: boolean('requires_validation').notNull().default(false),
    /** burnRequired: the nifty a redeemer must own one token of and burn (decision 016). */
    burnNiftyId: integer('burn_nifty_id'),
    /** A pack: how many items one sealed pack token gives when opened (decision 016). */
    packSize: integer('pack_size').notNull().default(1),
    /** A blind edition: when its editions' artworks were assigned and shown (null: still hidden). */
    revealedAt: ts('revealed_at'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    sortOrder: integer('sort_order').notNull().default(1),
    /** 001 §3 NFT in a drop: studio fields (migration 0036). */
    isSafeForWork: boolean('is_safe_for_work').notNull().default(true),
    ipfsCid: text('ipfs_cid'),
    staticThumbnail: text('static_thumbnail'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('nifties_collection_type_key').on(t.collectionId, t.typeNumber)],
);

/** A minted token: one edition of a nifty, owned by a user (or an external wallet). */
export const tokens = pgTable(
  'tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    niftyId: integer('nifty_id')
      .notNull()
      .references(() => nifties.id, { onDelete: 'cascade' }),
    contractAddress: text('contract_address').notNull(),
    tokenId: numeric('token_id', { precision: 78, scale: 0 }).notNull(),
    name: text('name').notNull(),
    editionNumber: integer('edition_number').notNull(),
    rarity: numeric('rarity', { precision: 9, scale: 6 }),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    externalOwner: text('external_owner'),
    isAcceptingOffers: boolean('is_accepting_offers').notNull().default(true),
    likesCount: integer('likes_count').notNull().default(0),
    lastSaleInCents: cents('last_sale_in_cents'),
    lastSaleAt: ts('last_sale_at'),
    mintedAt: ts('minted_at').notNull().defaultNow(),
    /** A sealed pack token: when its owner opened it (once; decision 016). */
    openedAt: ts('opened_at'),
    /** When the token was burnt for a redemption (its owner is then null). */
    burntAt: ts('burnt_at'),
    /** A blind edition's artwork once revealed (null: the nifty's own asset). */
    revealedAssetUrl: text('revealed_asset_url'),
    revealedName: text('revealed_name'),
  },
  (t) => [
    uniqueIndex('tokens_contract_token_key').on(sql`lower(${t.contractAddress})`, t.tokenId),
    index('tokens_nifty_idx').on(t.niftyId),
    index('tokens_owner_idx').on(t.ownerId),
  ],
);

/** A secondary listing of one token. At most one active listing per token. */
export const listings = pgTable(
  'listings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenRowId: integer('token_row_id')
      .notNull()
      .references(() => tokens.id, { onDelete: 'cascade' }),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull().default('USD'),
    /** Price in the currency's minor unit (cents or wei). */
    amount: wei('amount').notNull(),
    /** USD equivalent in cents at listing time, for sorting and price filters across currencies. */
    priceInCents: cents('price_in_cents').notNull(),
    /**
     * The seller's discount in the listing's minor unit (000 §3 listingDiscount), or null. `amount` is what a
     * buyer pays, the discount already taken off: the list price (baseListingPrice) is `amount + discount`.
     */
    discountAmount: wei('discount_amount'),
    /** Delivery (gas) fee the buyer pays, in cents (000 §3 listingDeliveryFee; 0 until the chain issue). */
    deliveryFeeInCents: cents('delivery_fee_in_cents').notNull().default(0),
    /** Set when the listing lives on another marketplace (000 §3 externalListingId). */
    externalListingId: text('external_listing_id'),
    /** active | sold | cancelled */
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    closedAt: ts('closed_at'),
  },
  (t) => [
    uniqueIndex('listings_one_active_per_token').on(t.tokenRowId).where(sql`${t.status} = 'active'`),
    index('listings_seller_idx').on(t.sellerId),
    index('listings_active_price_idx').on(t.priceInCents).where(sql`${t.status} = 'active'`),
    check('listings_discount_positive', sql`${t.discountAmount} is null or ${t.discountAmount} > 0`),
  ],
);

/** Sale history, primary and secondary. */
export const sales = pgTable(
  'sales',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenRowId: integer('token_row_id')
      .notNull()
      .references(() => tokens.id, { onDelete: 'cascade' }),
    sellerId: integer('seller_id').references(() => users.id, { onDelete: 'set null' }),
    buyerId: integer('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    /** primary | secondary */
    market: text('market').notNull(),
    currency: text('currency').notNull().default('USD'),
    amount: wei('amount').notNull(),
    priceInCents: cents('price_in_cents').notNull(),
    soldAt: ts('sold_at').notNull().defaultNow(),
    /** The purchase intent that paid it (a primary purchase of N editions writes N sales). */
    purchaseIntentId: integer('purchase_intent_id'),
  },
  (t) => [
    index('sales_token_idx').on(t.tokenRowId, t.soldAt),
    index('sales_seller_idx').on(t.sellerId),
    index('sales_purchase_intent_idx').on(t.purchaseIntentId).where(sql`${t.purchaseIntentId} is not null`),
  ],
);

/** Exchange rates: one row per observation; the newest row of a pair is the rate in force. */
export const fxRates = pgTable(
  'fx_rates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sourceCurrency: text('source_currency').notNull(),
    baseCurrency: text('base_currency').notNull(),
    /** Price of one unit of source_currency in base_currency, as an exact decimal. */
    price: numeric('price', { precision: 38, scale: 18 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('fx_rates_pair_idx').on(t.sourceCurrency, t.baseCurrency, t.createdAt)],
);

/** Feature flags read by the web app (000 §7 "Other"). */
export const featureFlags = pgTable('feature_flags', {
  key: text('key').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  description: text('description').notNull().default(''),
  updatedAt: updatedAt(),
});

/**
 * Terms of service, one row a version (000 §7 "Terms of service: fetch ... and agree"). The current terms
 * are the newest published ones; a user who agreed before they were published must agree again before a
 * purchase, listing or offer (`tos_approval_required`, docs/decisions/009 "Terms of service").
 */
export const termsOfService = pgTable(
  'terms_of_service',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    version: text('version').notNull(),
    markdown: text('markdown').notNull(),
    publishedAt: ts('published_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('terms_of_service_version_key').on(t.version),
    index('terms_of_service_published_idx').on(t.publishedAt),
  ],
);

/**
 * What a pack or a blind edition draws from (decision 016): a pack's items (each a nifty minted when a pack
 * is opened) or a blind edition's artworks, with how many remain to be drawn.
 */
export const editionPools = pgTable(
  'edition_pools',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    niftyId: integer('nifty_id')
      .notNull()
      .references(() => nifties.id, { onDelete: 'cascade' }),
    /** A pack item: the nifty an opened pack mints one edition of. */
    contentNiftyId: integer('content_nifty_id').references(() => nifties.id, { onDelete: 'cascade' }),
    /** A blind edition's artwork. */
    assetUrl: text('asset_url'),
    name: text('name').notNull(),
    total: integer('total').notNull(),
    remaining: integer('remaining').notNull(),
  },
  (t) => [
    index('edition_pools_nifty_idx').on(t.niftyId),
    check('edition_pools_remaining', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.total}`),
  ],
);

/** The items an opened pack token gave (decision 016): one row per minted item. */
export const packOpenings = pgTable(
  'pack_openings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    packTokenId: integer('pack_token_id')
      .notNull()
      .references(() => tokens.id, { onDelete: 'cascade' }),
    itemTokenId: integer('item_token_id')
      .notNull()
      .references(() => tokens.id, { onDelete: 'cascade' }),
    openedAt: ts('opened_at').notNull(),
  },
  (t) => [
    index('pack_openings_pack_idx').on(t.packTokenId),
    uniqueIndex('pack_openings_item_key').on(t.itemTokenId),
  ],
);
