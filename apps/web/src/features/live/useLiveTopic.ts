// Live updates on a page (issue 15): calls `onEvent` for every event of a topic (server-sent events,
// with a polling fallback: live-connection.ts). Topic names: `topics` in @vitrine/domain; USER_TOPIC
// for the signed-in user's own alerts. A null topic listens to nothing.
import type { LiveEvent } from '@vitrine/domain';
import { useEffect, useRef } from 'react';
import { subscribeLive } from './live-connection';

export function useLiveTopic(topic: string | null, onEvent: (event: LiveEvent) => void): void {
  const latest = useRef(onEvent);
  latest.current = onEvent;
  useEffect(() => {
    if (!topic) return;
    return subscribeLive(topic, (event) => latest.current(event));
  }, [topic]);
}
