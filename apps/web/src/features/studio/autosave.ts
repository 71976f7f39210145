// Autosave of the drop editor (issue 16: "autosave with a clear saved / saving / failed state, so no work is
// lost"). The queue keeps the newest local edits; a save sends them, and edits made while it runs wait for
// it and go next. A failed save keeps the edits and says so; the next attempt sends them again. Nothing here
// knows about timers: the hook (useAutosave) decides when to call `flush`.

export type AutosaveState = 'saved' | 'unsaved' | 'saving' | 'failed';

export class AutosaveQueue<T> {
  private pending: T | null = null;
  private running: Promise<void> | null = null;
  private listeners = new Set<(state: AutosaveState) => void>();
  state: AutosaveState = 'saved';
  /** The last error of a failed save (cleared by a save that succeeds). */
  error: unknown = null;

  constructor(private readonly save: (value: T) => Promise<void>) {}

  subscribe(listener: (state: AutosaveState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(state: AutosaveState) {
    this.state = state;
    for (const listener of this.listeners) listener(state);
  }

  /** Local edits: the newest value replaces any not yet sent. */
  change(value: T) {
    this.pending = value;
    if (this.state !== 'saving') this.set(this.state === 'failed' ? 'failed' : 'unsaved');
  }

  hasPending(): boolean {
    return this.pending !== null;
  }

  /** Sends the newest edits, after a save in flight; answers when no edit is left or a save failed. */
  async flush(): Promise<void> {
    if (this.running) {
      await this.running;
      if (this.state === 'failed') return;
    }
    while (this.pending !== null) {
      const value = this.pending;
      this.pending = null;
      this.set('saving');
      let failed = false;
      this.running = this.save(value).then(
        () => {
          this.error = null;
        },
        (error: unknown) => {
          failed = true;
          this.error = error;
          // Keep the edits: a newer edit made meanwhile wins, else the value that failed is sent again.
          if (this.pending === null) this.pending = value;
        },
      );
      await this.running;
      this.running = null;
      if (failed) {
        this.set('failed');
        return;
      }
    }
    this.set('saved');
  }
}

/** The label of each state, shown beside the editor's title. */
export const AUTOSAVE_LABELS: Record<AutosaveState, string> = {
  saved: 'Saved',
  unsaved: 'Unsaved changes',
  saving: 'Saving…',
  failed: 'Not saved. Retrying…',
};
