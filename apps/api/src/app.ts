// buildApp(config): the whole HTTP surface (API host, search host, web app) without listening.
// Tests call this and drive it with `inject`; server.ts adds env, the store and the socket.
import { randomBytes, randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Database } from '@vitrine/db';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerCompression } from './http/compression';
import { notFoundBody, registerErrorHandling, send } from './http/errors';
import { registerAuthGuard } from './http/guard';
import { createIdempotencyStore, registerIdempotency } from './http/idempotency';
import { registerNulByteGuard } from './http/nul-byte';
import { registerOperationIds } from './http/operation-ids';
import { registerPromptClose } from './http/prompt-close';
import { registerRequestContext } from './http/request-context';
import { docsCsp, registerSecurityHeaders } from './http/security-headers';
import { type Clock, systemClock } from './lib/clock';
import type { LiveEvents } from './lib/live-events';
import { listeningOrigin } from './lib/origins';
import type { RateLimitStore } from './lib/rate-limit';
import type { AccountsConfigInput } from './modules/auth/auth.config';
import { accountsRoutes, devOutboxRoutes } from './modules/auth/auth.routes';
import { bidsRoute, devBidsRoutes } from './modules/bids/bids.route';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { devDrawingsRoutes, drawingsRoutes } from './modules/drawings/drawings.route';
import { dropsRoutes } from './modules/drops/drops.routes';
import { eligibilityRoutes } from './modules/eligibility/eligibility.routes';
import { liveRoutes } from './modules/live/live.routes';
import type { StreamsOptions } from './modules/live/streams';
import { mediaRoutes } from './modules/media/media.routes';
import { localMediaStore, type MediaStore } from './modules/media/media-store';
import type { PinataSettings } from './modules/media/pinning';
import { platformRoutes } from './modules/platform/platform.routes';
import { searchRoutes } from './modules/search/search.routes';
import { siteRoutes } from './modules/site/site.routes';
import { socialRoutes } from './modules/social/social.routes';
import { storefrontEditorRoute } from './modules/storefront-editor/storefront-editor.route';
import { publisherFeeRoutes } from './modules/studio/publisher-fee.route';
import { studioRoutes } from './modules/studio/studio.routes';
import { termsRoutes } from './modules/terms/terms.routes';
import { devEditionsRoutes } from './modules/trading/dev-editions.route';
import type { StripeSettings } from './modules/trading/stripe-provider';
import { tradingRoutes } from './modules/trading/trading.routes';
import { createServices, type Services } from './services';
import { registerWebHost } from './web-host';

export interface AppConfig {
  database: Database;
  clock?: Clock;
  media?: MediaStore;
  /** Folder for local files (media). Defaults to the OS temp dir in tests. */
  dataDir?: string;
  /** Built web app to serve at `/`; null serves none (API-only deployment, most tests). */
  webDist?: string | null;
  /** Origins the web app calls when the hosts are split (ARCHITECTURE §1). */
  apiUrl?: string;
  searchUrl?: string;
  /** Web origins allowed to call from another origin (split hosts). */
  corsOrigins?: string[];
  /** The proxies in front of this server (TRUST_PROXY): addresses or CIDR ranges, or a hop count. */
  trustProxy?: string | number;
  adminToken?: string;
  /** Key of the dev outbox when `adminToken` is unset (server.ts: kept in DATA_DIR); else random. */
  outboxKey?: string;
  /** Accounts: token lifetimes, captcha, rate limits, mail (docs/decisions/003-accounts-api.md). */
  accounts?: AccountsConfigInput;
  /** Where rate-limit counters live: in this process by default, Redis when REDIS_URL is set. */
  rateLimitStore?: RateLimitStore;
  nodeEnv?: 'development' | 'production' | 'test';
  logLevel?: string;
  /** The most the shared answers may hold, in bytes (RESPONSE_CACHE_MAX_BYTES; 16 MB by default). */
  responseCacheMaxBytes?: number;
  /** Days after which funds added by card and sale proceeds may be cashed out (CARD_FUNDS_CASHOUT_DAYS, default 7). */
  cardFundsCashoutDays?: number;
  /** Stripe for cards (STRIPE_SECRET_KEY…); the simulated card processor when absent (decision 009). */
  stripe?: StripeSettings;
  /** Pinning uploads to IPFS through Pinata (PINATA_JWT); none when absent (decision 018). */
  pinata?: PinataSettings;
  /** Live events: through Redis when REDIS_URL is set (lib/live-events.ts); this process only by default. */
  liveEvents?: LiveEvents;
  /** Event streams: the cap per process and the heartbeat (decision 014). */
  eventStreams?: Partial<StreamsOptions>;
  /** How often a running idempotent request renews its key's claim (http/idempotency.ts; tests shorten it). */
  idempotencyHeartbeatMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    config: ResolvedConfig;
  }
}

export type ResolvedConfig = Required<Pick<AppConfig, 'nodeEnv'>> &
  AppConfig & {
    clock: Clock;
    media: MediaStore;
    /** The server's own origin: its listening address, http://localhost:3000 before it listens. */
    localOrigin: () => string;
    /** The dev outbox answers only with this key: ADMIN_TOKEN when set (decision 003 "Outbox"). */
    outboxKey: string;
  };

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** The minute sweep of purchase intents and offers past their time, as a recurring job (decision 013). */
export const SWEEP_JOB = 'trading.sweep';
const SWEEP_INTERVAL_MS = 60_000;
const sendSweep = (app: FastifyInstance, afterMs: number) =>
  app.services.jobs.send(
    SWEEP_JOB,
    {},
    { startAfter: new Date(app.config.clock.now().getTime() + afterMs), singletonKey: 'sweep' },
  );

export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const resolved: ResolvedConfig = {
    ...config,
    nodeEnv: config.nodeEnv ?? 'development',
    clock: config.clock ?? systemClock,
    media: config.media ?? localMediaStore(config.dataDir ?? `${process.cwd()}/data`),
    localOrigin: () => listeningOrigin(app.server.address()),
    outboxKey: config.adminToken ?? config.outboxKey ?? randomBytes(32).toString('base64url'),
  };

  const app = Fastify({
    logger: { level: config.logLevel ?? 'info' },
    // One log line per request comes from http/request-context.ts instead.
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 500 },
    // Malformed URLs and content types never reach the error hook: answer them in the envelope too.
    frameworkErrors: (error, _request, reply) => {
      void send(reply, {
        statusCode: error.statusCode ?? 400,
        errorType: 'bad-request',
        message: error.message || 'Bad request',
      });
    },
    // Only a named proxy's X-Forwarded-For is believed (`request.ip`, the per-IP limits); never `true`.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : (config.trustProxy ?? false),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  // Node's idle sweep misses connections that never sent a request and answers in flight (http/prompt-close.ts).
  registerPromptClose(app);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', resolved);
  app.decorate('services', createServices(resolved, app.log));
  // Deliveries a request did not wait for (password reset emails): logged when they fail, finished
  // before the app closes.
  app.services.accounts.background.onError((err) => app.log.error({ err }, 'background task failed'));
  app.addHook('onClose', () => app.services.accounts.background.idle());
  app.addHook('onClose', async () => {
    await app.services.jobs.stop();
    await app.services.events.close();
  });
  // Purchase intents and offers past their time are expired (and their card authorisations voided) every minute,
  // and paid ones whose card capture did not happen are captured; reads expire intents too. Tests drive expiry with their clock instead (decision 009).
  // The sweep is a durable job (decision 013) that sends itself again a minute on; one waits at a time.
  app.services.jobs.register(SWEEP_JOB, async () => {
    try {
      await app.services.trading
        .expireDue()
        .catch((err: unknown) => app.log.error({ err }, 'intent expiry failed'));
      await app.services.offers
        .expireDue()
        .catch((err: unknown) => app.log.error({ err }, 'offer expiry failed'));
      // Uploads left unfinished for a day: their staged parts are removed (decision 018).
      await app.services.uploads
        .sweepStale()
        .catch((err: unknown) => app.log.error({ err }, 'upload sweep failed'));
      // Auctions past their end that their settle job did not settle (a safety net, decision 012).
      await app.services.bids
        .settleDue()
        .catch((err: unknown) => app.log.error({ err }, 'bid settlement failed'));
      // Card money owed by paid intents, accepted offers, won bids and paid publisher fees whose capture after the commit
      // failed (or whose process stopped before it).
      await app.services.trading
        .captureDue()
        .catch((err: unknown) => app.log.error({ err }, 'intent capture failed'));
      // Card authorisations let go of whose void failed (expired or cancelled intents, purchases that lost, offers
      // withdrawn, bids outbid): released again.
      await app.services.trading
        .releaseDue()
        .catch((err: unknown) => app.log.error({ err }, 'intent release failed'));
      // Funds added by card whose request failed after the authorisation: credited if charged, else voided.
      await app.services.balance
        .creditDue()
        .catch((err: unknown) => app.log.error({ err }, 'deposit credit failed'));
      // Card verifications (3-D Secure) of bids and drawing entries left undone for half an hour: voided.
      await app.services.cardVerifications
        .voidAbandoned()
        .catch((err: unknown) => app.log.error({ err }, 'card verification sweep failed'));
      await app.services.offers
        .captureDue()
        .catch((err: unknown) => app.log.error({ err }, 'offer capture failed'));
      await app.services.bids
        .captureDue()
        .catch((err: unknown) => app.log.error({ err }, 'bid capture failed'));
      await app.services.publisherFees
        .captureDue()
        .catch((err: unknown) => app.log.error({ err }, 'publisher fee capture failed'));
    } finally {
      await sendSweep(app, SWEEP_INTERVAL_MS);
    }
  });
  if (resolved.nodeEnv !== 'test') {
    await app.services.jobs.start();
    await sendSweep(app, SWEEP_INTERVAL_MS);
    // Decision 016: open-edition minting and blind reveals still owed are sent again (handlers idempotent,
    // one pending job per key: a job that survived the restart is not doubled).
    await app.services.editions
      .resumeJobs()
      .catch((err: unknown) => app.log.error({ err }, 'resuming edition jobs failed'));
    // The drop-live alerts of drops still to start (once-only per user).
    await app.services.alerts
      .scheduleUpcomingDrops()
      .catch((err: unknown) => app.log.error({ err }, 'drop-live alerts not scheduled'));
  }

  registerErrorHandling(app);
  registerAuthGuard(app);
  registerOperationIds(app);
  registerRequestContext(app);
  await registerSecurityHeaders(app, { publicOrigin: config.accounts?.publicOrigin });
  registerNulByteGuard(app);
  registerIdempotency(app, {
    store: createIdempotencyStore(config.database.db, resolved.clock),
    callerOf: (request) => app.services.viewers.idOf(request),
    ...(config.idempotencyHeartbeatMs ? { heartbeatMs: config.idempotencyHeartbeatMs } : {}),
  });
  // After idempotency: an idempotent route's kept answer is the plain one (route onSend hooks run in this order).
  await registerCompression(app);
  await app.register(formbody);
  if (config.corsOrigins?.length) {
    await app.register(cors, {
      origin: config.corsOrigins,
      allowedHeaders: ['authorization', 'content-type', 'x-sid', 'x-time', 'idempotency-key'],
      // `date`: the web app's server clock (decision 014 §10); not a CORS-safelisted response header.
      exposedHeaders: ['x-request-id', 'date'],
      maxAge: 600,
    });
  }

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Vitrine API',
        description: 'Marketplace and drop-publishing platform for digital collectibles.',
        version: '0.1.0',
      },
      // Relative: the host that serves this document (the search host's paths start /search/).
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'A signed-in user: the access token' },
          adminToken: { type: 'http', scheme: 'bearer', description: 'Operators: ADMIN_TOKEN' },
        },
      },
    },
    // Each route's zod schemas are what it validates and what the document shows.
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, transformStaticCSP: docsCsp });

  await app.register(
    async (api) => {
      await api.register(platformRoutes);
      await api.register(dropsRoutes);
      await api.register(mediaRoutes);
      await api.register(accountsRoutes);
      await api.register(catalogRoutes);
      await api.register(socialRoutes);
      await api.register(tradingRoutes);
      await api.register(termsRoutes);
      await api.register(studioRoutes);
      await api.register(publisherFeeRoutes);
      await api.register(eligibilityRoutes);
      await api.register(bidsRoute);
      await api.register(liveRoutes);
      await api.register(drawingsRoutes);
      await api.register(storefrontEditorRoute);
    },
    { prefix: '/api' },
  );
  if (resolved.nodeEnv !== 'production') await app.register(devOutboxRoutes);
  if (resolved.nodeEnv !== 'production') await app.register(devEditionsRoutes);
  if (resolved.nodeEnv !== 'production') await app.register(devDrawingsRoutes);
  if (resolved.nodeEnv !== 'production') await app.register(devBidsRoutes);
  await app.register(searchRoutes, { prefix: '/search' });

  const webDist = config.webDist ?? null;
  if (webDist) {
    await app.register(siteRoutes);
    await registerWebHost(app, {
      webDist,
      apiUrl: config.apiUrl,
      searchUrl: config.searchUrl,
      stripePublishableKey: config.stripe?.publishableKey,
    });
  } else {
    app.setNotFoundHandler((request, reply) => send(reply, notFoundBody(request.method, request.url)));
  }

  return app;
}
