// Live updates (issue 15): what a write publishes for open pages (server-sent events) and for the
// in-app alerts. Publishers call `events.publish(topic, event)` after their transaction commits.
// This file holds the interface, the topic names and an in-process implementation; the fan-out
// through Redis (REDIS_URL) and the SSE route build on it.
import { EventEmitter } from 'node:events';

import type { LiveEvent } from '@vitrine/domain';

export { type AlertKind, type LiveEvent, topics } from '@vitrine/domain';

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
