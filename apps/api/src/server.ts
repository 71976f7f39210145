// The process: read env, open and migrate the store, seed an empty one, serve, shut down cleanly.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { readEnv } from './env';
import { systemClock } from './lib/clock';
import { createRedisLiveEvents } from './lib/live-events';
import { redisRateLimitStore } from './lib/redis-rate-limit';
import { accountsConfigFromEnv } from './modules/auth/auth.config';
import { outboxKeyFor } from './modules/auth/outbox-key';
import { localMediaStore } from './modules/media/media-store';
import { openStoreForServing } from './store';

const env = (() => {
  try {
    return readEnv();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
})();
const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
const webDist = env.WEB_DIST ?? defaultWebDist;
const media = localMediaStore(env.DATA_DIR);

const { database, seeded } = await openStoreForServing(
  env,
  env.SEED === 'auto' ? { media, clock: systemClock } : null,
);
if (seeded) {
  process.stdout.write('\nSeeded the demo marketplace. Demo accounts:\n');
  for (const a of seeded.demoAccounts) {
    process.stdout.write(`  ${a.role.padEnd(10)} ${a.email}  password: ${a.password}\n`);
  }
  process.stdout.write('\n');
}

const rateLimitStore = env.REDIS_URL ? redisRateLimitStore(env.REDIS_URL) : undefined;
// Live events reach the streams of every process through Redis (decision 014).
const liveEvents = env.REDIS_URL
  ? createRedisLiveEvents(env.REDIS_URL, {
      onError: (err) => process.stderr.write(`live events: ${String(err)}\n`),
    })
  : undefined;

const app = await buildApp({
  database,
  rateLimitStore,
  liveEvents,
  eventStreams: { maxStreams: env.MAX_EVENT_STREAMS },
  media,
  clock: systemClock,
  dataDir: env.DATA_DIR,
  webDist: existsSync(webDist) ? webDist : null,
  apiUrl: env.API_URL,
  searchUrl: env.SEARCH_URL,
  corsOrigins: env.CORS_ORIGINS,
  trustProxy: env.TRUST_PROXY,
  adminToken: env.ADMIN_TOKEN,
  // The dev outbox's key: ADMIN_TOKEN when set, else one kept in DATA_DIR (no outbox in production).
  outboxKey: env.ADMIN_TOKEN || env.NODE_ENV === 'production' ? undefined : outboxKeyFor(env.DATA_DIR),
  accounts: accountsConfigFromEnv(env),
  nodeEnv: env.NODE_ENV,
  logLevel: env.LOG_LEVEL,
  responseCacheMaxBytes: env.RESPONSE_CACHE_MAX_BYTES,
  cardFundsCashoutDays: env.CARD_FUNDS_CASHOUT_DAYS,
  ...(env.STRIPE_SECRET_KEY
    ? {
        stripe: {
          secretKey: env.STRIPE_SECRET_KEY,
          publishableKey: env.STRIPE_PUBLISHABLE_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          apiBase: env.STRIPE_API_BASE,
        },
      }
    : {}),
  ...(env.PINATA_JWT ? { pinata: { jwt: env.PINATA_JWT, apiBase: env.PINATA_API_URL } } : {}),
});
// The embedded store's thread restarts itself after a crash (decision 006); say so in the log.
database.onEvent((event) => {
  if (event.kind === 'restarted') app.log.warn({ store: event.kind }, event.message);
  else app.log.error({ store: event.kind }, event.message);
});
if (!existsSync(webDist))
  app.log.warn(`No web build at ${webDist}: serving the API only (run \`npm run build\`).`);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  const timer = setTimeout(() => {
    app.log.error('shutdown timed out; exiting');
    process.exit(1);
  }, env.SHUTDOWN_TIMEOUT_MS);
  timer.unref();
  try {
    await app.close();
    await database.close();
    await rateLimitStore?.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: env.PORT, host: env.HOST });
const shown = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
process.stdout.write(
  `Vitrine is up on http://${shown}:${(app.server.address() as { port: number }).port} (store: ${database.kind})\n`,
);
if (env.NODE_ENV !== 'production') {
  // Printed at every start: the outbox is where a person on one laptop reads their codes.
  const outbox = `${app.services.accounts.origins.api()}/dev/outbox`;
  process.stdout.write(
    env.ADMIN_TOKEN
      ? `Outbox (emails and codes): ${outbox}?key=<your ADMIN_TOKEN>\n`
      : `Outbox (emails and codes): ${outbox}?key=${encodeURIComponent(app.config.outboxKey)}\n`,
  );
}
