// What a write changed, as the API's write paths name it, for the shared answers kept under it
// (docs/decisions/004-catalog-api.md §7). A scope is a string such as `collection:0xabc`; an answer is
// kept with the stamp of its scopes and computed again once one of them is touched. The scope `*` is
// part of every stamp: touching it drops every answer (for rare writes that change what any page shows).
//
// Versions live in a fixed table of counters indexed by a hash of the scope: memory stays bounded
// whatever the number of collections and users, and two scopes sharing a counter only cost an extra
// recomputation.
//
// Versions are kept per process: with several processes (REDIS_URL), a touch is also sent to the others
// through a `ScopeBroadcast` (lib/live-events.ts, Redis pub/sub), which touch the same scopes on receipt.

export const EVERY_SCOPE = '*';

export interface ChangeScopes {
  /** The current versions of these scopes (and of `*`): the stamp changes when one of them is touched. */
  stamp(scopes: readonly string[]): string;
  /** After a write committed: answers kept under one of these scopes are computed again when next asked. */
  touch(scopes: readonly string[]): void;
}

/** How touched scopes reach the app's other processes (nothing to do in one process). */
export interface ScopeBroadcast {
  /** Sends scopes this process touched to the other processes. */
  shareScopes(scopes: readonly string[]): void;
  /** `apply` gets the scopes other processes touched, and `*` when some may have been missed. */
  onScopes(apply: (scopes: readonly string[]) => void): void;
}

const SLOTS = 4096;

function slotOf(scope: string): number {
  // FNV-1a, 32 bits.
  let h = 0x811c9dc5;
  for (let i = 0; i < scope.length; i += 1) {
    h ^= scope.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % SLOTS;
}

export function createChangeScopes(broadcast?: ScopeBroadcast): ChangeScopes {
  const versions = new Uint32Array(SLOTS);
  const every = slotOf(EVERY_SCOPE);
  const bump = (scopes: readonly string[]) => {
    for (const s of scopes) versions[slotOf(s)] = (versions[slotOf(s)] ?? 0) + 1;
  };
  broadcast?.onScopes(bump);
  return {
    stamp(scopes) {
      let out = String(versions[every]);
      for (const s of scopes) out += `,${versions[slotOf(s)]}`;
      return out;
    },
    touch(scopes) {
      bump(scopes);
      broadcast?.shareScopes(scopes);
    },
  };
}
