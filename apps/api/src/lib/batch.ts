// One statement for many requests (decision 021). Under a burst the API's time goes to the statements
// it sends, about a tenth of a millisecond each of the two cores, whatever they do
// (bench/results/purchases-2026-11-29.md). The statements every authenticated request or trading write
// sends (the session, the idempotency key's claim and answer) are therefore gathered: the calls made
// while the event loop handles one round of input become one statement over all their keys, sent when
// that round is done (`setImmediate`). While `maxInFlight` of a batcher's statements are running, further
// calls wait and go with the next one, so the busier the server, the larger the batches. A lone request
// waits for nothing but the end of its own round.
//
// Each call still gets its own answer, read or written at the moment its statement runs: a batch changes
// how many statements carry the calls, not what any call reads or guarantees.

export interface Batcher<K, V> {
  load(key: K): Promise<V>;
}

interface Waiting<K, V> {
  key: K;
  resolve(value: V): void;
  reject(error: unknown): void;
}

export interface BatchOptions {
  /** Keys in one statement at most. */
  maxBatch?: number;
  /** Statements of this batcher running at once at most (the pool has more connections for the rest). */
  maxInFlight?: number;
}

/**
 * `run` answers one value per key, in the keys' order. When it throws, every call of its batch gets the
 * error.
 */
export function createBatcher<K, V>(
  run: (keys: K[]) => Promise<V[]>,
  { maxBatch = 500, maxInFlight = 2 }: BatchOptions = {},
): Batcher<K, V> {
  let waiting: Waiting<K, V>[] = [];
  let scheduled = false;
  let inFlight = 0;

  const schedule = () => {
    if (scheduled || waiting.length === 0 || inFlight >= maxInFlight) return;
    scheduled = true;
    setImmediate(flush);
  };

  function flush() {
    scheduled = false;
    while (waiting.length > 0 && inFlight < maxInFlight) {
      const batch = waiting.length <= maxBatch ? waiting : waiting.slice(0, maxBatch);
      waiting = waiting.length <= maxBatch ? [] : waiting.slice(maxBatch);
      inFlight += 1;
      void send(batch);
    }
  }

  async function send(batch: Waiting<K, V>[]) {
    try {
      const values = await run(batch.map((w) => w.key));
      if (values.length !== batch.length) {
        throw new Error(`batch: ${values.length} answers for ${batch.length} keys`);
      }
      for (const [i, w] of batch.entries()) w.resolve(values[i] as V);
    } catch (error) {
      for (const w of batch) w.reject(error);
    } finally {
      inFlight -= 1;
      schedule();
    }
  }

  return {
    load(key) {
      return new Promise<V>((resolve, reject) => {
        waiting.push({ key, resolve, reject });
        schedule();
      });
    },
  };
}
