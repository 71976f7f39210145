// The service container: every service of the app is built here, once per app, from the resolved config.
import { join } from 'node:path';
import { createUnitOfWork } from '@vitrine/db';
import { topics } from '@vitrine/domain';
import type { ResolvedConfig } from './app';
import { sharedAnswerBytes } from './http/shared-answer';
import { createBackground } from './lib/background';
import { createChangeScopes, EVERY_SCOPE } from './lib/change-scopes';
import { createCountCache } from './lib/count-cache';
import { createLocalLiveEvents } from './lib/live-events';
import { createNotifier, createOutbox } from './lib/notifier';
import { createOrigins } from './lib/origins';
import { createPgBossJobs } from './lib/pg-boss-jobs';
import { createRateLimiter, memoryRateLimitStore } from './lib/rate-limit';
import { createResponseCache } from './lib/response-cache';
import type { ServiceLog } from './lib/service-log';
import { resolveAccountsConfig } from './modules/auth/auth.config';
import { createAuthRepo } from './modules/auth/auth.repo';
import { createAuthService } from './modules/auth/auth.service';
import { createCaptcha } from './modules/auth/captcha';
import { createBidsRepo } from './modules/bids/bids.repo';
import { createBidsService } from './modules/bids/bids.service';
import { scope } from './modules/catalog/answer-scopes';
import {
  COUNT_CACHE_TTL_MS,
  catalogState,
  RESPONSE_CACHE_TTL_MS,
  SHARED_ANSWER_LAG_MS,
} from './modules/catalog/browsing.services';
import { createCardsRepo } from './modules/catalog/cards.repo';
import { createCatalogService } from './modules/catalog/catalog.service';
import { createExploreRepo } from './modules/catalog/explore.repo';
import { createPagesRepo } from './modules/catalog/pages.repo';
import { createDrawingsRepo } from './modules/drawings/drawings.repo';
import {
  createDrawingsService,
  DRAWING_RUN_JOB,
  DRAWING_SETTLE_JOB,
} from './modules/drawings/drawings.service';
import { createDropsRepo } from './modules/drops/drops.repo';
import { createDropsService } from './modules/drops/drops.service';
import { createEligibilityRepo } from './modules/eligibility/eligibility.repo';
import { createEligibilityService } from './modules/eligibility/eligibility.service';
import { createAlertsService } from './modules/live/alerts.service';
import { createLiveRepo } from './modules/live/live.repo';
import { createLiveService } from './modules/live/live.service';
import { createImageResizer } from './modules/media/image-resizer';
import { createPinataPinner } from './modules/media/pinning';
import { createUploadsRepo } from './modules/media/uploads.repo';
import { createUploadsService } from './modules/media/uploads.service';
import { createPlatformRepo } from './modules/platform/platform.repo';
import { createPlatformService } from './modules/platform/platform.service';
import { createSearchRepo } from './modules/search/search.repo';
import { createSearchService } from './modules/search/search.service';
import { createSiteRepo } from './modules/site/site.repo';
import { createSiteService } from './modules/site/site.service';
import { createSocialRepo } from './modules/social/social.repo';
import { createSocialService } from './modules/social/social.service';
import { createViewers } from './modules/social/viewer';
import { createStorefrontEditorRepo } from './modules/storefront-editor/storefront-editor.repo';
import { createStorefrontEditorService } from './modules/storefront-editor/storefront-editor.service';
import { createPublisherFeeRepo, createPublisherFeeService } from './modules/studio/publisher-fee.service';
import { createStudioRepo } from './modules/studio/studio.repo';
import { createStudioService } from './modules/studio/studio.service';
import { createTermsRepo } from './modules/terms/terms.repo';
import { createTermsService } from './modules/terms/terms.service';
import { createBalanceService, DEFAULT_CARD_FUNDS_CASHOUT_DAYS } from './modules/trading/balance.service';
import { createCardVerifications } from './modules/trading/card-verifications';
import { createEditionsService } from './modules/trading/editions.service';
import { createGeminiAccounts } from './modules/trading/gemini-accounts';
import { createLedgerRepo } from './modules/trading/ledger.repo';
import { createOffersRepo } from './modules/trading/offers.repo';
import { createOffersService } from './modules/trading/offers.service';
import { createOwedVoids } from './modules/trading/owed-voids';
import {
  createSimulatedCardProcessor,
  createSimulatedGemini,
  createSimulatedKlarna,
} from './modules/trading/payment-providers';
import { createProcessorCustomers } from './modules/trading/processor-customers';
import { createStripeClient, createStripeProvider } from './modules/trading/stripe-provider';
import { createStripeWebhooks } from './modules/trading/stripe-webhooks';
import { createTradingRepo } from './modules/trading/trading.repo';
import { createTradingService } from './modules/trading/trading.service';
import { createUsersRepo } from './modules/users/users.repo';
import { createUsersService } from './modules/users/users.service';
import { createWalletsRepo } from './modules/wallets/wallets.repo';
import { createWalletsService } from './modules/wallets/wallets.service';

/** The shared answers' byte budget when the config names none (RESPONSE_CACHE_MAX_BYTES). */
export const DEFAULT_RESPONSE_CACHE_MAX_BYTES = 16 * 1024 * 1024;

export function createServices(config: ResolvedConfig, log: ServiceLog) {
  const { db } = config.database;
  const { clock, media, nodeEnv } = config;

  // Accounts: auth, users, wallets, with their captcha, notifier and rate limiter (decision 003).
  const accountsConfig = resolveAccountsConfig(config.accounts);
  const origins = createOrigins({
    publicOrigin: accountsConfig.publicOrigin,
    apiUrl: config.apiUrl,
    devWebOrigin: accountsConfig.devWebOrigin,
    localOrigin: config.localOrigin,
  });
  const background = createBackground();
  // Durable jobs and live events (issue 15): lib/jobs.ts, lib/live-events.ts.
  // pg-boss on the app's store, due times on the app clock; production drains every second (decision 013).
  const jobs = createPgBossJobs({
    db,
    clock,
    poll: nodeEnv !== 'test',
    onError: (error, job) => {
      log.error({ err: error, job: job.name, jobId: job.id }, 'job failed');
    },
  });
  // Fanned out through Redis when REDIS_URL is set (server.ts passes it in), else this process only.
  const events = config.liveEvents ?? createLocalLiveEvents();
  const outbox = createOutbox(db, clock);
  const notifier = createNotifier({
    outbox,
    smtpUrl: accountsConfig.smtpUrl,
    mailFrom: accountsConfig.mailFrom,
  });
  // Live updates and alerts (decision 014): streams of topics, and services.alerts.send for every module.
  const liveRepo = createLiveRepo(db);
  const live = createLiveService({ repo: liveRepo, clock, events, streams: config.eventStreams });
  const alerts = createAlertsService({
    repo: liveRepo,
    clock,
    events,
    jobs,
    notifier,
    background,
    webOrigin: origins.web,
  });
  const limiter = createRateLimiter(config.rateLimitStore ?? memoryRateLimitStore(), clock);
  const captcha = createCaptcha({ db, clock, options: accountsConfig.captcha });
  const wallets = createWalletsService({ repo: createWalletsRepo(db), clock, nodeEnv });
  const auth = createAuthService({
    repo: createAuthRepo(db),
    unit: createUnitOfWork(db, createAuthRepo),
    clock,
    config: accountsConfig,
    notifier,
    captcha,
    limiter,
    wallets,
    background,
  });
  const users = createUsersService({
    repo: createUsersRepo(db),
    unit: createUnitOfWork(db, createUsersRepo),
    clock,
    config: accountsConfig,
    notifier,
    limiter,
    media,
    requireVerifiedEmail: auth.requireVerifiedEmail,
    stepUp: auth.stepUp,
    twoFactorMethod: auth.twoFactorMethod,
  });

  // Browsing, search, social (decision 004): shared answers kept under the scopes writes touch (§7).
  const cards = createCardsRepo(db);
  const pages = createPagesRepo(db);
  const explore = createExploreRepo(db);
  const state = catalogState(explore, clock);
  // Touches reach the other processes through Redis with the live events (REDIS_URL), else this one only.
  const changes = createChangeScopes(events);
  // A sale or any move touches the new owner's pages through the token and the former owner's by id, and tells
  // the token's open item pages to read it again (decision 014: 'token' on its nifty's topic).
  const onTokenChange = async (tokenRowId: number, formerOwnerId?: number) => {
    const { scopes, token } = await pages.changeOfToken(tokenRowId, formerOwnerId);
    await changes.touch(scopes);
    if (token)
      await events
        .publish(topics.nifty(token.contractAddress, token.niftyType), { type: 'token', data: token })
        .catch((err) => log.warn({ err, tokenRowId }, 'live token event failed'));
  };
  // A token about to be removed (a forfeited win's edition): the scopes it shows on, touched once it is gone.
  const onTokenRemoval = async (tokenRowId: number) => {
    const scopes = await pages.scopesOfToken(tokenRowId);
    return () => changes.touch(scopes);
  };
  const dropsRepo = createDropsRepo(db);
  const drops = createDropsService({ repo: dropsRepo, clock });
  const catalog = createCatalogService({
    explore,
    cards,
    pages,
    clock,
    statusEpoch: (now) => state.epochAt(now),
    // A failed background refresh keeps the stale entry; the next request past the TTL retries.
    counts: createCountCache({ clock, ttlMs: COUNT_CACHE_TTL_MS, maxEntries: 1000 }),
    saleCards: (dropIds) => drops.saleCards(dropIds),
  });

  // Trading (decision 009): cards through Stripe when STRIPE_SECRET_KEY is set, else the simulated
  // card processor (npm start needs no outside service); Klarna and Gemini balance simulated.
  const cardProcessor = createSimulatedCardProcessor(clock);
  const stripe = config.stripe ? createStripeClient(config.stripe) : null;
  const cardProvider = stripe
    ? createStripeProvider(stripe, log, createProcessorCustomers(db, clock))
    : cardProcessor.provider;
  const klarna = createSimulatedKlarna();
  const gemini = createSimulatedGemini();
  // A void that fails is owed, and the minute sweep voids it (decision 009 "Voids owed"): every service sees the
  // providers through this guard.
  const owedVoids = createOwedVoids(db, clock, [cardProvider, klarna.provider, gemini.provider], log);
  const card = owedVoids.guard(cardProvider);
  // Bids and drawing entries by a card whose bank asks for a verification (3-D Secure): taken, then sent again.
  const cardVerifications = createCardVerifications(card, db, clock, owedVoids);
  // Participation criteria of drops (decision 015): checkout, bids and drawings ask it.
  const eligibility = createEligibilityService({ repo: createEligibilityRepo(db), clock });
  // Buyers' connected Gemini accounts, which a Gemini balance payment charges (000 §7 connect-gemini-account).
  const geminiAccounts = createGeminiAccounts(db, clock);
  const trading = createTradingService({
    db,
    eligibility,
    unit: createUnitOfWork(db, (tx) => ({ trading: createTradingRepo(tx), ledger: createLedgerRepo(tx) })),
    clock,
    card,
    external: {
      stripe_klarna: owedVoids.guard(klarna.provider),
      gemini_balance: owedVoids.guard(gemini.provider),
    },
    // Klarna and Gemini balance are simulated: taken only beside the simulated card processor. With Stripe's real
    // key a simulated method would deliver NFTs and credit sellers for money nobody took (review, 2026-12-05).
    // What they authorised before Stripe was set up is still voided by them.
    externalTaken: stripe ? [] : ['stripe_klarna', 'gemini_balance'],
    owedVoids,
    notifier,
    background,
    alerts,
    jobs,
    events,
    onTokenChange,
    geminiAccessToken: geminiAccounts.accessTokenOf,
    log,
    webOrigin: origins.web,
  });

  // Editions beyond fcfs (decision 016): open-edition minting and blind reveals as jobs, pack opening.
  const editions = createEditionsService({
    unit: createUnitOfWork(db, (tx) => ({ trading: createTradingRepo(tx), ledger: createLedgerRepo(tx) })),
    repo: createTradingRepo(db),
    clock,
    jobs,
    onTokenChange,
    // A reveal changes every card of its nifty, whoever owns it, in every list (decision 016).
    onRevealed: async () => changes.touch([EVERY_SCOPE]),
  });
  editions.registerJobs();

  // Offers (decision 009 "Offers"): holds on the ledger or card authorisations, accepted in one unit.
  const offers = createOffersService({
    db,
    unit: createUnitOfWork(db, (tx) => ({
      offers: createOffersRepo(tx),
      trading: createTradingRepo(tx),
      ledger: createLedgerRepo(tx),
    })),
    clock,
    card,
    notifier,
    background,
    alerts,
    owedVoids,
    onTokenChange,
    webOrigin: origins.web,
    limiter,
  });

  // Bids on auctions (decision 012): holds or card authorisations, settled by the 'bids.settle' job.
  const bids = createBidsService({
    db,
    unit: createUnitOfWork(db, (tx) => ({
      bids: createBidsRepo(tx),
      trading: createTradingRepo(tx),
      ledger: createLedgerRepo(tx),
    })),
    clock,
    card,
    verifications: cardVerifications,
    jobs,
    events,
    notifier,
    background,
    alerts,
    eligibility,
    onTokenChange,
    onTokenRemoval,
    log: (message, detail) => log.warn({ detail }, message),
    // The drop page and the drop lists show the highest bid on its sale card.
    onAuctionChange: async (niftyId) => {
      const slug = await dropsRepo.dropSlugOfNifty(niftyId);
      changes.touch([scope.dropCards, ...(slug === null ? [] : [scope.drop(slug)])]);
    },
    webOrigin: origins.web,
  });

  // Drawings (decision 013): entries backed by ledger holds or card authorisations, drawn once by the drawings.run job.
  const drawings = createDrawingsService({
    webOrigin: origins.web,
    db,
    unit: createUnitOfWork(db, (tx) => ({
      drawings: createDrawingsRepo(tx),
      trading: createTradingRepo(tx),
      ledger: createLedgerRepo(tx),
    })),
    clock,
    jobs,
    events,
    card,
    verifications: cardVerifications,
    notifier,
    background,
    alerts,
    eligibility,
    onTokenChange,
    onTokenRemoval,
    log: (message, detail) => log.warn({ detail }, message),
    owedVoids,
  });
  jobs.register<{ drawingId: number }>(DRAWING_RUN_JOB, async ({ drawingId }) => {
    await drawings.run(drawingId);
  });
  // Decision 013 "Refused captures": a winner's refused capture tried again later, then forfeited.
  jobs.register<{ drawingId: number }>(DRAWING_SETTLE_JOB, async ({ drawingId }) => {
    await drawings.settleCards(drawingId);
  });

  return {
    /** Settlement and expiry work that survives restarts (lib/jobs.ts). */
    jobs,
    /** What writes publish for open pages and alerts (lib/live-events.ts). */
    events,
    /** Open editions, blind reveals, packs (decision 016); openPack is the drawings' entry to packs. */
    editions,
    /** Event streams, stream tokens, the polling fallback (decision 014). */
    live,
    /** A user's alerts: `alerts.send(userId, { kind, message, link, key })` stores, publishes and emails. */
    alerts,
    platform: createPlatformService({ repo: createPlatformRepo(db), clock, adminToken: config.adminToken }),
    drops,
    accounts: {
      config: accountsConfig,
      origins,
      auth,
      users,
      wallets,
      outbox,
      notifier,
      limiter,
      background,
    },
    catalog,
    search: createSearchService({ repo: createSearchRepo(db), clock }),
    /** Whole answers shared by every caller (decision 004 §7). */
    answers: createResponseCache({
      clock,
      ttlMs: RESPONSE_CACHE_TTL_MS,
      lagMs: SHARED_ANSWER_LAG_MS,
      maxEntries: 500,
      maxBytes: config.responseCacheMaxBytes ?? DEFAULT_RESPONSE_CACHE_MAX_BYTES,
      // Every answer kept is made by http/shared-answer.ts, as a kept text or a page of them.
      sizeOf: (value) => sharedAnswerBytes(value as Parameters<typeof sharedAnswerBytes>[0]),
      catalog: state,
      scopes: changes,
    }),
    /** What the API's writes changed, for the shared answers. */
    changes,
    social: createSocialService({ repo: createSocialRepo(db), pages, cards, catalog, clock, changes }),
    viewers: createViewers(),
    /** robots.txt and the sitemap, at the web origin. */
    site: createSiteService({ repo: createSiteRepo(db), clock, webOrigin: origins.web }),
    trading,
    offers,
    /** Eligibility for a drop's nifty: `check(userId, niftyId)`, `assertEligible(userId, niftyId)` (decision 015). */
    eligibility,
    bids,
    drawings,
    cardVerifications,
    /** Terms of service and the tos_approval_required gate (decision 009 "Terms of service"). */
    terms: createTermsService({ repo: createTermsRepo(db), clock }),
    /** The publisher studio: drafts, splits, criteria, publisher terms, publishing (decision 017). */
    studio: createStudioService({
      repo: createStudioRepo(db),
      unit: createUnitOfWork(db, (tx) => ({
        studio: createStudioRepo(tx),
        ledger: createLedgerRepo(tx),
        fees: createPublisherFeeRepo(tx),
      })),
      db,
      clock,
      voidCard: (ref) => card.void(ref),
    }),
    /** The publisher fee of a drop, paid once before publishing (decision 017 "Publisher fee"). */
    publisherFees: createPublisherFeeService({
      db,
      unit: createUnitOfWork(db, (tx) => ({
        ledger: createLedgerRepo(tx),
        fees: createPublisherFeeRepo(tx),
      })),
      clock,
      card,
    }),
    balance: createBalanceService({
      db,
      unit: createUnitOfWork(db, (tx) => ({ ledger: createLedgerRepo(tx) })),
      clock,
      card,
      notifier,
      background,
      webOrigin: origins.web,
      contactOf: createTradingRepo(db).contactOf,
      cardFundsCashoutDays: config.cardFundsCashoutDays ?? DEFAULT_CARD_FUNDS_CASHOUT_DAYS,
    }),
    cardProcessor,
    /** Voids written down as owed, and voided by the minute sweep (decision 009 "Voids owed"). */
    owedVoids,
    /** The outside payment providers: which card provider is in use, the simulated Klarna and Gemini. */
    payments: {
      card,
      stripe,
      klarna,
      gemini,
      geminiAccounts,
      stripeWebhooks: createStripeWebhooks({
        db,
        clock,
        stripe,
        webhookSecret: config.stripe?.webhookSecret,
        log: (message, detail) => log.warn({ detail }, message),
      }),
    },
    /** Publishers' resumable uploads, pinned through Pinata when configured (decision 018). */
    uploads: createUploadsService({
      db,
      repo: createUploadsRepo(db),
      media,
      clock,
      pinner: config.pinata ? createPinataPinner(config.pinata) : null,
    }),
    /** The storefront editor: name, bio, slug, pictures, social links (decision 018). */
    storefrontEditor: createStorefrontEditorService({
      db,
      repo: createStorefrontEditorRepo(db),
      clock,
      changes,
    }),
    images: createImageResizer({
      media,
      cacheDir: config.dataDir ? join(config.dataDir, 'media', '.cache') : null,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
