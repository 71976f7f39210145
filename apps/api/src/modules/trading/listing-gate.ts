// One payment of a listing at a time in this process (decision 021). When many buyers pay for one listing
// at once (a hot listing, a drop's 1/1), each used to open a transaction whose claim of the listing waited
// for the first payer's commit, only to find the listing sold: three statements and a pooled connection
// held per loser. A payment now registers here for its listing while it runs; a second payment of the same
// listing waits for the first one's outcome in memory, reads the listing again (the reads of all who waited
// go as one statement, lib/batch.ts) and is refused at once when it sold.
//
// Only a shortcut: the listing's claim in the purchase's transaction still decides, between processes and
// after a wait cut short. A wait lasts WAIT_LIMIT_MS at most, so a payment that hangs (a card processor
// that does not answer) holds the others back no longer than that.

export const WAIT_LIMIT_MS = 2_000;

export interface ListingGate {
  /**
   * Resolves when the payment of `listingId` running now ends, or after `limitMs` (WAIT_LIMIT_MS); undefined
   * when none runs.
   */
  ahead(listingId: number, limitMs?: number): Promise<void> | undefined;
  /** Runs `pay` as the listing's payment running now (call it right after `ahead` answered undefined). */
  run<T>(listingId: number, pay: () => Promise<T>): Promise<T>;
}

export function createListingGate(): ListingGate {
  const running = new Map<number, Promise<unknown>>();
  return {
    ahead(listingId, limitMs = WAIT_LIMIT_MS) {
      const current = running.get(listingId);
      if (!current) return undefined;
      let timer: NodeJS.Timeout | undefined;
      const limit = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, limitMs);
      });
      const ended = current.then(
        () => undefined,
        () => undefined,
      );
      return Promise.race([ended, limit]).finally(() => clearTimeout(timer));
    },
    async run(listingId, pay) {
      const mine = pay();
      // A payment after a wait cut short runs beside the one still registered (the claim decides).
      if (!running.has(listingId)) running.set(listingId, mine);
      try {
        return await mine;
      } finally {
        if (running.get(listingId) === mine) running.delete(listingId);
      }
    },
  };
}
