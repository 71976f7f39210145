// Work a request starts but does not wait for (e.g. a password reset's email, so the answer takes
// the same time whether or not the account exists). The app's close waits for it; failures are
// logged. Tests can hold tasks to see what a request did not wait for.
export function createBackground() {
  const pending = new Set<Promise<void>>();
  let held: (() => void)[] | null = null;
  let onError: (error: unknown) => void = (error) => console.error(error);
  return {
    run(task: () => Promise<void>): void {
      const start = held ? new Promise<void>((resolve) => held?.push(resolve)) : Promise.resolve();
      const p = start
        .then(task)
        .catch((error: unknown) => onError(error))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    /** Resolves when every task started so far has finished. */
    async idle(): Promise<void> {
      while (pending.size) await Promise.allSettled([...pending]);
    },
    onError(handler: (error: unknown) => void): void {
      onError = handler;
    },
    /** Tests: tasks wait until the returned function is called. */
    hold(): () => void {
      const waiting: (() => void)[] = [];
      held = waiting;
      return () => {
        held = null;
        for (const resolve of waiting) resolve();
      };
    },
  };
}

export type Background = ReturnType<typeof createBackground>;
