// The SQL baseline of the uncached explore figure: the same statements the API runs for a page (its
// ids, then its cards), with the repos' own code and the server's pool size, asked for the same pages
// by the same number of concurrent callers, without HTTP, validation or JSON. What the API adds is the
// difference between the two figures.
import { createDatabase, type EmbeddedSettings } from '@vitrine/db';
import type { SortOption, TimeFilter } from '@vitrine/domain';
import { createCardsRepo } from '../../apps/api/src/modules/catalog/cards.repo';
import { createExploreRepo, type TokenFilter } from '../../apps/api/src/modules/catalog/explore.repo';

/** One explore page as the bench's URLs ask it. */
export interface ExplorePageAsk {
  page: number;
  sort: SortOption;
  status: TimeFilter | null;
  categories: string[];
}

export interface SqlFigure {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

const PAGE_SIZE = 20;

export async function measureExploreSql(options: {
  /** The embedded store with the server's settings, or PostgreSQL. */
  store: { databaseUrl: string } | { dataDir: string; settings?: EmbeddedSettings };
  connections: number;
  seconds: number;
  warmUpSeconds: number;
  pageFor: (n: number) => ExplorePageAsk;
  warmPageFor: (n: number) => ExplorePageAsk;
}): Promise<SqlFigure> {
  const database = await createDatabase(
    'databaseUrl' in options.store ? { databaseUrl: options.store.databaseUrl } : options.store,
  );
  try {
    const explore = createExploreRepo(database.db);
    const cards = createCardsRepo(database.db);
    const onePage = async (ask: ExplorePageAsk) => {
      const filter: TokenFilter = {
        text: null,
        status: ask.status,
        now: new Date(),
        categories: ask.categories,
        tags: [],
        publisherId: null,
        creatorId: null,
        quickFilter: 'all',
        minPrice: null,
        maxPrice: null,
        editionSize: null,
        trendingSince: null,
        tokenId: null,
        hotDeals: false,
        minMass: null,
        maxMass: null,
        contractAddress: null,
        ownerId: null,
      };
      const ids = await explore.tokenPage(filter, ask.sort, PAGE_SIZE, (ask.page - 1) * PAGE_SIZE);
      await cards.tokenCards(ids, null);
    };
    const run = async (seconds: number, pageFor: (n: number) => ExplorePageAsk) => {
      const latencies: number[] = [];
      const until = performance.now() + seconds * 1000;
      let n = 0;
      const caller = async () => {
        while (performance.now() < until) {
          n += 1;
          const started = performance.now();
          await onePage(pageFor(n));
          latencies.push(performance.now() - started);
        }
      };
      await Promise.all(Array.from({ length: options.connections }, caller));
      return latencies;
    };
    await run(options.warmUpSeconds, options.warmPageFor);
    const latencies = (await run(options.seconds, options.pageFor)).sort((a, b) => a - b);
    const at = (q: number) =>
      Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
    return {
      requests: latencies.length,
      rps: Math.round(latencies.length / options.seconds),
      p50: at(0.5),
      p95: at(0.95),
      p99: at(0.99),
    };
  } finally {
    await database.close();
  }
}
