// The services of browsing, search, social and images (docs/decisions/004-catalog-api.md), built once per app.
import { join } from 'node:path';
import type { ResolvedConfig } from '../../app';
import { createImageResizer } from '../media/image-resizer';
import { createSearchRepo } from '../search/search.repo';
import { createSearchService } from '../search/search.service';
import { createSocialRepo } from '../social/social.repo';
import { createSocialService } from '../social/social.service';
import { createViewers } from '../social/viewer';
import { createCardsRepo } from './cards.repo';
import { createCatalogService } from './catalog.service';
import { createCountCache } from './count-cache';
import { createExploreRepo } from './explore.repo';
import { createPagesRepo } from './pages.repo';
import { createResponseCache } from './response-cache';

/** Explore counts and facets may lag writes by this much (decision 004 §2). */
export const COUNT_CACHE_TTL_MS = 30_000;

/** After this long a cached answer is recomputed (in the background when the version still matches). */
export const RESPONSE_CACHE_TTL_MS = 30_000;

export function createBrowsingServices(config: ResolvedConfig) {
  const { db } = config.database;
  const cards = createCardsRepo(db);
  const pages = createPagesRepo(db);
  const explore = createExploreRepo(db);
  const answers = createResponseCache({
    clock: config.clock,
    ttlMs: RESPONSE_CACHE_TTL_MS,
    maxEntries: 500,
    version: () => explore.version(),
  });
  const catalog = createCatalogService({
    explore,
    cards,
    pages,
    clock: config.clock,
    // A failed background refresh keeps the stale entry; the next request past the TTL retries.
    counts: createCountCache({ clock: config.clock, ttlMs: COUNT_CACHE_TTL_MS, maxEntries: 1000 }),
  });
  return {
    catalog,
    search: createSearchService({ repo: createSearchRepo(db), clock: config.clock }),
    /** Whole answers shared by every caller, reused while the catalog version holds. */
    answers,
    social: createSocialService({ repo: createSocialRepo(db), pages, cards, catalog, clock: config.clock }),
    viewers: createViewers(),
    images: createImageResizer({
      media: config.media,
      cacheDir: config.dataDir ? join(config.dataDir, 'media', '.cache') : null,
    }),
  };
}
