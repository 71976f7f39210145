// Live updates (issue 15): what a write publishes for open pages (server-sent events) and for the
// in-app alerts. Publishers call `events.publish(topic, event)` after their transaction commits.
// This file holds the interface, the topic names and an in-process implementation; the fan-out
// through Redis (REDIS_URL) and the SSE route build on it.
import { EventEmitter } from 'node:events';

/** Topic names: one per sold thing, drop and user. Contract addresses are lower-cased. */
export const topics = {
  nifty: (contractAddress: string, niftyType: number) =>
    `nifty:${contractAddress.toLowerCase()}:${niftyType}`,
  drop: (dropId: number) => `drop:${dropId}`,
  user: (userId: number) => `user:${userId}`,
};

export type AlertKind = 'outbid' | 'ending-soon' | 'won' | 'lost' | 'drawing-result' | 'drop-live';

export type LiveEvent =
  /** A new bid (amount in cents; bidder null when anonymous). */
  | {
      type: 'bid';
      data: {
        contractAddress: string;
        niftyType: number;
        amountInCents: number;
        bidderUsername: string | null;
        placedAt: string;
      };
    }
  /** The sale's state after a bid or a settlement: highest bid, end time (moved by a late bid), bid count. */
  | {
      type: 'auction';
      data: {
        contractAddress: string;
        niftyType: number;
        highestBidInCents: number | null;
        endsAt: string;
        bidCount: number;
      };
    }
  /** Editions sold of a nifty after a sale or mint. */
  | { type: 'sold'; data: { contractAddress: string; niftyType: number; sold: number; editionSize: number } }
  /** An alert for one user (topic user:{id}). */
  | { type: 'alert'; data: { kind: AlertKind; message: string; link: string | null } };

export interface LiveEvents {
  publish(topic: string, event: LiveEvent): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(topic: string, listener: (event: LiveEvent) => void): () => void;
  close(): Promise<void>;
}

export function createLocalLiveEvents(): LiveEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(topic, event) {
      emitter.emit(topic, event);
    },
    subscribe(topic, listener) {
      emitter.on(topic, listener);
      return () => emitter.off(topic, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
