// Business constants and enumerations quoted from the spec (000 §3, §9 and 001 §3, §9).
// Enumerations are `as const` arrays with a union type derived from each.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// ---- Page sizes (000 §9, 001 §9) ----

/** Default page size of an index search on the search host (000 §7, 001 §9). */
export const SEARCH_PAGE_SIZE = 20;
/** Page size of the index search in the "other flow" (001 §7 "50 in some flows"). */
export const SEARCH_PAGE_SIZE_LARGE = 50;
/** Universal search: four parallel queries (001 §7). */
export const UNIVERSAL_SEARCH_PAGE_SIZES = { products: 8, publishers: 8, users: 4, moreProducts: 4 } as const;
/** Universal search results are merged, sorted by score and cut to 8 (001 §7). */
export const UNIVERSAL_SEARCH_RESULT_LIMIT = 8;
/** Publisher drop list page size (001 §2). */
export const DROP_LIST_PAGE_SIZE = 20;
/** Recent searches kept (001 §9). */
export const RECENT_SEARCHES_LIMIT = 5;
/** Table default rows and skeleton rows while loading (000 §9, 001 §9). */
export const TABLE_DEFAULT_ROWS = 10;
/** Carousel skeletons default (001 §9). */
export const CAROUSEL_SKELETONS = 12;

// ---- Timings in milliseconds (000 §9, 001 §9) ----

export const SEARCH_DEBOUNCE_MS = 500;
export const FILTER_DEBOUNCE_MS = 500;
export const BANNER_ROTATION_MS = 5000;
/** Banner rotation resumes 5 s after a manual dot click (001 §4). */
export const BANNER_ROTATION_RESUME_MS = 5000;
export const LOGIN_TOAST_MS = 1300;
export const TRANSITION_MS = 900;
export const CAROUSEL_RESIZE_DEBOUNCE_MS = 200;
export const BANNER_RESIZE_DEBOUNCE_MS = 100;
export const TIMER_TICK_MS = 1000;
export const STATUS_POLL_MS = 5000;
export const CREATOR_ROTATION_MS = 3000;
export const NAV_HEIGHT_THROTTLE_MS = 50;
export const GAS_PRICE_POLL_MS = 12_000;
export const FEATURE_FLAGS_CACHE_MS = 60_000;
export const DEFAULT_QUERY_STALE_MS = 60_000;
export const FAVOURITES_REFETCH_MS = 60_000;
export const PURCHASE_INTENT_CACHE_MS = 300_000;
export const PUBLISHER_FEE_CACHE_MS = 300_000;
/** Event-themed toasts stay 2000 ms (errors stay until closed) (000 §8). */
export const EVENT_TOAST_MS = 2000;
/** Like tooltip touch leave delay (001 §9). */
export const LIKE_TOOLTIP_LEAVE_DELAY_MS = 5000;
/** Pop-up checkout window 700x700 with a 2-second close check (000 §9, 001 §9). */
export const CHECKOUT_POPUP = { width: 700, height: 700, closeCheckMs: 2000 } as const;

// ---- Sessions and cookies (000 §9) ----

export const SESSION_ID_COOKIE_MS = 30 * MINUTE;
export const AB_TEST_COOKIE_MS = 45 * MINUTE;
export const PARTNER_COOKIE_MS = DAY;
export const ANALYTICS_SESSION_SAMPLE_RATE = 0.5;

// ---- Accounts (000 §5, §9) ----

export const PASSWORD_MIN_LENGTH = 8;
export const TWO_FACTOR_CODE_MIN_LENGTH = 5;
/** 000 §5: a two-factor code too short, or wrong. In this zod-free module so a page can show it without zod. */
export const INVALID_VERIFICATION_CODE = 'Invalid verification code';
export const EMAIL_VERIFICATION_TTL_MS = HOUR;
export const ONE_TOUCH_ACTIVE_MS = 30 * SECOND;

// ---- Auctions and countdowns (000 §4, §9, 001 §4, §9) ----

/** A bid under 5 minutes before the end extends the end to 5 minutes after the bid (000 §9, 001 §9). */
export const AUCTION_EXTENSION_MS = 300_000;
/** Silent auction help text: 10 minutes to bid (000 §4, 001 §9). */
export const SILENT_AUCTION_BID_WINDOW_MS = 10 * MINUTE;
/** Open editions may take up to 4 hours to appear after purchasing closes (000 §4). */
export const OPEN_EDITION_MINT_DELAY_MS = 4 * HOUR;
/** Countdown ticks every second when under 1 hour remains (000 §4). */
export const COUNTDOWN_SECOND_TICK_THRESHOLD_MS = HOUR;
/** 'Dropping This Week' when start is within 7 days (000 §4). */
export const DROPPING_THIS_WEEK_MS = 7 * DAY;
/** Upcoming alert button hidden within 2100 seconds of start (000 §4). */
export const UPCOMING_ALERT_HIDE_MS = 2100 * SECOND;
/** An item within 3 days of a date range gets a countdown (000 §9, 001 §9). */
export const COUNTDOWN_RANGE_MS = 3 * DAY;

// ---- Drops and NFTs (001 §3, §5, §9) ----

/** Max drop or NFT duration, Open Edition included (001 §9). */
export const MAX_DROP_DURATION_MS = 5 * DAY;
export const ROYALTY_PERCENT = { min: 0, max: 10, default: 10 } as const;
/** Minimum NFT price per source currency (001 §5). */
export const MIN_PRICE = { USD: 1, ETH: 0.001 } as const;
export const MIN_BID_MINIMUM = 0;
export const MIN_BID_INCREMENT = 1;
export const LIMIT_PER_USER_VALUES = [0, 1] as const;
export const SALES_SPLIT_TOTAL_PERCENT = 100;
export const PUBLISHER_SHARE_PERCENT = 90;
export const PLATFORM_SHARE_PERCENT = 10;
export const SECONDARY_ROYALTY_RECOMMENDED_PERCENT = 10;
export const SECONDARY_PLATFORM_MAX_PERCENT = 5;
export const DISPUTE_WINDOW_BUSINESS_DAYS = 5;
export const DEFAULT_NFT_TITLE = 'Untitled NFT';
export const DEFAULT_COLLECTION_TITLE = 'Untitled Collection';
export const DEFAULT_CHAIN = 'ethereum';
/** Edition sizes shown as unlimited (000 §9). */
export const UNLIMITED_EDITION_SIZES = [99999, 99999999] as const;

// ---- Storefront and upload limits (001 §5, §9) ----

/** Storefront name must be under 65 characters. */
export const STOREFRONT_NAME_MAX_LENGTH = 64;
export const BIO_MAX_LENGTH = 1000;
/** Storefront slug must be under 36 characters. */
export const STOREFRONT_SLUG_MAX_LENGTH = 35;
export const BIO_PREVIEW_LENGTH = 104;
export const FILENAME_MAX_LENGTH = 255;
/** 300MB, read as mebibytes. */
export const MAX_UPLOAD_BYTES = 300 * 1024 * 1024;
export const COLLECTION_NAME_MAX_LENGTH = 30;

// ---- Media and layout (000 §9, 001 §9) ----

export const IMAGE_WIDTHS = { thumb: 500, medium: 800, medium2: 1200, hires: 1600 } as const;
export type ImageWidthName = keyof typeof IMAGE_WIDTHS;
export const BLUR_PLACEHOLDER_WIDTH = 20;
export const BREAKPOINTS = [600, 960, 1280, 1680] as const;
export const EXTRA_BREAKPOINTS = [667, 768] as const;
export const AUTH_MODAL_WIDTH_PX = 496;
export const DEPOSIT_DIALOG_WIDTH_PX = 792;
export const BID_TABLE_ROW_HEIGHT_PX = 80;
export const TABLE_ROW_HEIGHT_PX = 56;
export const CARD_MAX_HEIGHT_PX = 480;
export const CREATOR_AVATARS_MAX = 4;
export const PROFILE_LIST_PREVIEW_COUNT = 4;

// ---- Chains (000 §9) ----

export const SUPPORTED_CHAIN_IDS = [1, 11155111, 31337] as const;
export type SupportedChainId = (typeof SUPPORTED_CHAIN_IDS)[number];
export const MAINNET_CHAIN_ID = 1;
export const SEPOLIA_CHAIN_ID = 11155111;
export const LOCAL_CHAIN_ID = 31337;

// ---- Enumerations (000 §3, 001 §3) ----

export const PAYMENT_METHODS = [
  'stripe_card',
  'stripe_klarna',
  'gemini_balance',
  'eth',
  'prepaid_eth',
  'balance',
  'no_payment_required',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_CURRENCIES = ['USD', 'ETH', 'GUSD', 'DAI'] as const;
export type PaymentCurrency = (typeof PAYMENT_CURRENCIES)[number];

export const CHAINS = ['ethereum', 'immutablex', 'polygon', 'rinkeby', 'mumbai'] as const;
export type Chain = (typeof CHAINS)[number];

export const CARD_BRANDS = ['Visa', 'Mastercard', 'American Express'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

// Drop, sale and nifty types: catalog/sale-types.ts.

export const SORT_OPTIONS = [
  'floor_price_in_cents',
  '-floor_price_in_cents',
  '-last_sale_at',
  '-floor_price_changed_at',
  '-likes',
  '-schedule_start_at',
  'schedule_start_at',
  'schedule_end_at',
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

export const CATEGORIES = ['curated', 'art', 'collectibles', 'one_of_one'] as const;
export type Category = (typeof CATEGORIES)[number];

export const TIME_FILTERS = ['live', 'upcoming', 'past'] as const;
export type TimeFilter = (typeof TIME_FILTERS)[number];

export const PRICE_FILTERS = [
  'any',
  'under_10',
  '10_to_100',
  '100_to_1000',
  '1000_to_10000',
  'over_10000',
  'custom',
] as const;
export type PriceFilter = (typeof PRICE_FILTERS)[number];

export const SEARCH_INDEX_KINDS = ['users', 'publishers', 'collections', 'products'] as const;
export type SearchIndexKind = (typeof SEARCH_INDEX_KINDS)[number];

/** Search result types (001 §3). */
export const SEARCH_RESULT_TYPES = ['publisher', 'collection', 'user', 'product'] as const;
export type SearchResultType = (typeof SEARCH_RESULT_TYPES)[number];

export const ACCEPTED_UPLOAD_TYPES = [
  'jpeg',
  'png',
  'svg',
  'avif',
  'gif',
  'mp4',
  'webm',
  'ogg',
  'webp',
  'glb',
  'html',
] as const;
export type AcceptedUploadType = (typeof ACCEPTED_UPLOAD_TYPES)[number];

/** Publisher drop statuses (000 §4, 001 §4). */
export const DROP_STATUSES = [
  'draft',
  'published_scheduled',
  'published_live',
  'published_closed',
  'error',
] as const;
export type DropStatus = (typeof DROP_STATUSES)[number];

export const ALLOWLIST_RESTRICTION_KINDS = [
  'account_list',
  'own_at_least_minimum_amount_from_one_of_the_artists',
  'own_nifties_from_contracts',
  'own_specific_nifties',
  'own_at_least_one_specific_nifty',
  'burn_event_contract_restriction',
  'burn_event_nifty_restriction',
] as const;
export type AllowlistRestrictionKind = (typeof ALLOWLIST_RESTRICTION_KINDS)[number];

export const OFFER_TYPES = ['offer', 'global_offer'] as const;
/** A card offer ends within this many days of when it was made: its card authorisation lapses after about 7. */
export const CARD_OFFER_MAX_DAYS = 7;
export type OfferType = (typeof OFFER_TYPES)[number];

export const BUY_ORDER_PURCHASE_TYPES = ['attribute', 'other'] as const;
export type BuyOrderPurchaseType = (typeof BUY_ORDER_PURCHASE_TYPES)[number];

export const ASSET_TYPES = [
  'Image',
  'Video',
  'AnimatedImage',
  'Audio',
  'External',
  'ThreeDimensional',
  'RawSVG',
  'Iframe',
] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

/** Social link kinds in the publisher editor (001 §3). */
export const SOCIAL_LINK_KINDS = [
  'Website',
  'X',
  'Facebook',
  'Instagram',
  'YouTube',
  'Twitch',
  'Reddit',
  'Discord',
] as const;
export type SocialLinkKind = (typeof SOCIAL_LINK_KINDS)[number];

export const STOREFRONT_TAB_PREFERENCES = ['NFTS', 'Collections'] as const;
export type StorefrontTabPreference = (typeof STOREFRONT_TAB_PREFERENCES)[number];

/** Event timeline stages in order (000 §4). */
export const EVENT_STAGES = [
  'waitlist',
  'register',
  'intermission_invitee',
  'invitee',
  'patron',
  'intermission_drawing',
  'drawing',
  'drawing_ended',
  'observation',
  'intermission_observation_phase2',
  'discourse',
  'intermission_discourse_phase2',
  'revision',
  'intermission_revision_phase2',
  'pre_vote',
  'intermission_pre_vote',
  'post_vote',
  'game_ended',
] as const;
export type EventStage = (typeof EVENT_STAGES)[number];

/** Deposit compatibility check results (000 §4). */
export const DEPOSIT_COMPATIBILITY = ['compatible', 'incompatible', 'unsubmitted'] as const;
export type DepositCompatibility = (typeof DEPOSIT_COMPATIBILITY)[number];

/** True when `value` is one of the entries of an `as const` enumeration (narrows the type). */
export function isOneOf<T extends string | number>(values: readonly T[], value: unknown): value is T {
  return (values as readonly unknown[]).includes(value);
}
