// Live updates on a page (issue 15): calls `onEvent` for every event of a topic (server-sent events,
// with a polling fallback owned by the live feature). Topic names: `topics` in @vitrine/domain.
import type { LiveEvent } from '@vitrine/domain';

export function useLiveTopic(_topic: string | null, _onEvent: (event: LiveEvent) => void): void {
  // Not connected yet: the live feature replaces this body.
}
