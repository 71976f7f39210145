// What browsing's shared answers are kept under (docs/decisions/004-catalog-api.md §7); services.ts builds the services.
import type { Clock } from '../../lib/clock';
import type { ExploreRepo } from './explore.repo';

/** Explore counts and facets may lag writes by this much (decision 004 §2). */
export const COUNT_CACHE_TTL_MS = 30_000;

/** After this long a cached answer is recomputed (in the background when the version still matches). */
export const RESPONSE_CACHE_TTL_MS = 30_000;

/**
 * A change the API's write paths did not name (another process, the seed, a trigger) shows on shared
 * answers within this long; so does a write on the cross-catalog lists (explore without a collection,
 * storefront, artist or owner filter, drop lists, search). Decision 004 §7.
 */
export const SHARED_ANSWER_LAG_MS = 5_000;

/**
 * What a shared answer depends on besides its request and scopes: the catalog version (moved by every
 * write) and the status epoch, the next start or end time ahead. Answers hold statuses by the clock (a drop goes
 * live at its start time with no write), so an answer is reused only until that moment. The epoch is
 * looked up again only when the version moves or the moment passes.
 */
export function catalogState(explore: Pick<ExploreRepo, 'version' | 'nextStatusChange'>, clock: Clock) {
  type Epoch = { version: string; since: number; next: number | null };
  let epoch: Epoch | null = null;
  /** The lookup under way, shared by the requests that find the same new version meanwhile. */
  let lookup: { version: string; since: number; epoch: Promise<Epoch> } | null = null;
  /** True when `e` says what holds at `now` for this version. */
  const holds = (e: Epoch | null, version: string, now: number): e is Epoch =>
    e !== null &&
    e.version === version &&
    now >= e.since && // else the clock was set back
    (e.next === null || now < e.next);

  function lookUp(version: string, now: number): Promise<Epoch> {
    const epoch = explore
      .nextStatusChange(new Date(now))
      .then((next) => ({ version, since: now, next: next?.getTime() ?? null }));
    const entry = { version, since: now, epoch };
    lookup = entry;
    const done = () => {
      if (lookup === entry) lookup = null;
    };
    epoch.then(done, done);
    return epoch;
  }

  return {
    version: () => explore.version(),
    /** What a shared answer is kept under: the sequence and the next start or end time (ms) after now. */
    async read(): Promise<{ version: string; next: number | null }> {
      const version = await explore.version();
      const now = clock.now().getTime();
      let current = epoch;
      if (!holds(current, version, now)) {
        // After a write every request in flight finds the new version: one lookup serves them all.
        // Its answer (the first start or end time after it began) holds here too unless that moment
        // has passed since.
        const shared = lookup && lookup.version === version && lookup.since <= now ? lookup.epoch : null;
        current = shared ? await shared : null;
        if (!holds(current, version, now)) current = await lookUp(version, now);
        epoch = current;
      }
      return { version, next: current.next };
    },
    /**
     * The status epoch holding at `now` as last read (no query), or null when `now` is outside it:
     * counts of a status filter are kept under it, so they change with the list at a start or end time.
     */
    epochAt(now: Date): string | null {
      const t = now.getTime();
      if (!epoch || t < epoch.since || (epoch.next !== null && t >= epoch.next)) return null;
      return `@${epoch.next ?? 'none'}`;
    },
  };
}
