// The accounts services (auth, users, wallets) with their captcha, notifier and rate limiter,
// built once per app from the resolved config.
import { createUnitOfWork } from '@vitrine/db';
import type { ResolvedConfig } from '../../app';
import { createBackground } from '../../lib/background';
import { createNotifier, createOutbox } from '../../lib/notifier';
import { createOrigins } from '../../lib/origins';
import { createRateLimiter, memoryRateLimitStore } from '../../lib/rate-limit';
import { createUsersRepo } from '../users/users.repo';
import { createUsersService } from '../users/users.service';
import { createWalletsRepo } from '../wallets/wallets.repo';
import { createWalletsService } from '../wallets/wallets.service';
import { resolveAccountsConfig } from './auth.config';
import { createAuthRepo } from './auth.repo';
import { createAuthService } from './auth.service';
import { createCaptcha } from './captcha';

export function createAccountsServices(config: ResolvedConfig) {
  const { db } = config.database;
  const { clock } = config;
  const accounts = resolveAccountsConfig(config.accounts);
  const origins = createOrigins({
    publicOrigin: accounts.publicOrigin,
    apiUrl: config.apiUrl,
    devWebOrigin: accounts.devWebOrigin,
    localOrigin: config.localOrigin,
  });
  const background = createBackground();
  const outbox = createOutbox(db, clock);
  const notifier = createNotifier({ outbox, smtpUrl: accounts.smtpUrl, mailFrom: accounts.mailFrom });
  const limiter = createRateLimiter(config.rateLimitStore ?? memoryRateLimitStore(), clock);
  const captcha = createCaptcha({ db, clock, options: accounts.captcha });
  const wallets = createWalletsService({ repo: createWalletsRepo(db), clock, nodeEnv: config.nodeEnv });
  const auth = createAuthService({
    repo: createAuthRepo(db),
    unit: createUnitOfWork(db, createAuthRepo),
    clock,
    config: accounts,
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
    config: accounts,
    notifier,
    limiter,
    media: config.media,
    requireVerifiedEmail: auth.requireVerifiedEmail,
  });
  return { config: accounts, origins, auth, users, wallets, outbox, notifier, limiter, background };
}

export type AccountsServices = ReturnType<typeof createAccountsServices>;
