import { useEffect, useMemo, useState } from 'react';
import { AutosaveQueue, type AutosaveState } from './autosave';

/** Quiet time after the last keystroke before a save starts. */
const SAVE_DELAY_MS = 800;
/** Retries of a failed save: 2 s, doubling, at most 30 s apart (and at once when the browser is online again). */
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 30_000;

const RANK: Record<AutosaveState, number> = { saved: 0, unsaved: 1, saving: 2, failed: 3 };

type Saver = (value: unknown) => Promise<void>;

/** The timers and queues of one editor (no React inside: the hook below holds one per editor). */
export function createAutosaveGroup(onState: (key: string, state: AutosaveState | null) => void) {
  const queues = new Map<string, AutosaveQueue<unknown>>();
  const savers = new Map<string, Saver>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const retries = new Map<string, number>();

  const clearTimer = (key: string) => {
    const timer = timers.get(key);
    if (timer !== undefined) globalThis.clearTimeout(timer);
    timers.delete(key);
  };
  const schedule = (key: string, delay: number) => {
    clearTimer(key);
    timers.set(
      key,
      globalThis.setTimeout(() => {
        timers.delete(key);
        void run(key);
      }, delay),
    );
  };
  const run = async (key: string) => {
    const queue = queues.get(key);
    if (!queue) return;
    await queue.flush();
    if (!queues.has(key)) return;
    if (queue.state === 'failed') {
      const next = Math.min((retries.get(key) ?? RETRY_FIRST_MS / 2) * 2, RETRY_MAX_MS);
      retries.set(key, next);
      schedule(key, next);
    } else retries.delete(key);
  };
  const queueOf = (key: string) => {
    let queue = queues.get(key);
    if (!queue) {
      queue = new AutosaveQueue<unknown>((value) => savers.get(key)?.(value) ?? Promise.resolve());
      const own = queue;
      // A dropped key (a deleted NFT) says nothing more, even when its save in flight ends afterwards.
      queue.subscribe((state) => {
        if (queues.get(key) === own) onState(key, state);
      });
      queues.set(key, queue);
    }
    return queue;
  };

  return {
    /** Local edits of `key`, saved by `save` shortly (the newest `save` given is used). */
    change<T>(key: string, value: T, save: (value: T) => Promise<void>) {
      savers.set(key, save as Saver);
      queueOf(key).change(value);
      if (!retries.has(key)) schedule(key, SAVE_DELAY_MS);
    },
    /** Sends every edit now; answers whether everything is saved. */
    async flushAll(): Promise<boolean> {
      for (const key of [...timers.keys()]) clearTimer(key);
      retries.clear();
      await Promise.all([...queues.keys()].map((key) => run(key)));
      return [...queues.values()].every((queue) => queue.state === 'saved');
    },
    /** Forgets a key (a deleted NFT). */
    drop(key: string) {
      clearTimer(key);
      retries.delete(key);
      queues.delete(key);
      savers.delete(key);
      onState(key, null);
    },
    /** Forgets every key (the drop became view-only: nothing more can be saved). */
    dropAll() {
      for (const key of [...queues.keys()]) this.drop(key);
    },
    /** Edits not yet sent, or a save under way. */
    busy(): boolean {
      return [...queues.values()].some((q) => q.hasPending() || q.state === 'saving');
    },
    stop() {
      for (const key of [...timers.keys()]) clearTimer(key);
    },
  };
}

/**
 * The editor's autosave: one queue per thing saved (the drop, each NFT), keyed, each sending its newest edits
 * SAVE_DELAY_MS after the last one. The group's state is the worst of its queues (failed, saving, unsaved,
 * saved). A failed save keeps the edits and is retried; `flushAll` sends everything now (before publishing).
 */
export function useAutosaveGroup() {
  const [states, setStates] = useState<Record<string, AutosaveState>>({});
  const [group] = useState(() =>
    createAutosaveGroup((key, state) =>
      setStates((current) => {
        if (state === null) {
          const { [key]: _gone, ...rest } = current;
          return rest;
        }
        return { ...current, [key]: state };
      }),
    ),
  );

  // Back online: retry at once. Leaving with edits not saved: the browser asks first.
  useEffect(() => {
    const online = () => void group.flushAll();
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (group.busy()) event.preventDefault();
    };
    window.addEventListener('online', online);
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('beforeunload', beforeUnload);
      group.stop();
    };
  }, [group]);

  const state = useMemo<AutosaveState>(
    () =>
      Object.values(states).reduce<AutosaveState>((worst, s) => (RANK[s] > RANK[worst] ? s : worst), 'saved'),
    [states],
  );

  return {
    state,
    change: group.change,
    flushAll: group.flushAll,
    drop: group.drop,
    dropAll: () => group.dropAll(),
  };
}
