// One Idempotency-Key per user action (decision 007), not per request. When an answer says nothing of what
// happened on the server (no answer at all, a 5xx, the key still in use), pressing again with the same input
// is the same action: it sends the same key (and what was kept with it, a card's token), so the server
// answers from the first try instead of doing the work twice (a deposit charged twice). An answer that
// settles the action (a success, a refusal) ends it; the next press is a new action.
import { isApiError } from './api-error';

/** Whether an error says what happened: a 4xx other than 'key in use' (the first try still running). */
export function outcomeKnown(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.statusCode >= 400 &&
    error.statusCode < 500 &&
    error.errorType !== 'idempotency-key-in-use'
  );
}

export interface ActionKeys<Kept> {
  /** The key for this input: the unsettled action's when the input is the same, else a new one. */
  keyFor(input: string): { key: string; kept: Partial<Kept> };
  /** The action's answer: a success or a known outcome ends it; anything else keeps it for a retry. */
  settle(error?: unknown): void;
  /**
   * Whether an action with this input was sent and its outcome is still unknown (its answer was lost). A form
   * keeps what that action was sent with: a balance bid's amount is already held, so the balance read after it
   * no longer covers the amount, yet the retry must go by balance to be the same action.
   */
  unsettled(input: string): boolean;
}

export function createActionKeys<Kept = Record<string, never>>(): ActionKeys<Kept> {
  let current: { input: string; key: string; kept: Partial<Kept>; sent: boolean } | null = null;
  return {
    keyFor(input) {
      if (current?.input !== input) current = { input, key: crypto.randomUUID(), kept: {}, sent: false };
      return { input: current.input, key: current.key, kept: current.kept };
    },
    settle(error) {
      if (error === undefined || outcomeKnown(error)) current = null;
      else if (current) current.sent = true;
    },
    unsettled(input) {
      return current?.input === input && current.sent;
    },
  };
}
