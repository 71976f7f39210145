// The service container: one instance per app, built from the resolved config.
import type { ResolvedConfig } from './app';
import { createAccountsServices } from './modules/auth/accounts';
import { createBrowsingServices } from './modules/catalog/browsing.services';
import { createDropsRepo } from './modules/drops/drops.repo';
import { createDropsService } from './modules/drops/drops.service';
import { createPlatformRepo } from './modules/platform/platform.repo';
import { createPlatformService } from './modules/platform/platform.service';

export function createServices(config: ResolvedConfig) {
  const { db } = config.database;
  return {
    platform: createPlatformService({
      repo: createPlatformRepo(db),
      clock: config.clock,
      adminToken: config.adminToken,
    }),
    drops: createDropsService({ repo: createDropsRepo(db), clock: config.clock }),
    accounts: createAccountsServices(config),
    ...createBrowsingServices(config),
  };
}

export type Services = ReturnType<typeof createServices>;
