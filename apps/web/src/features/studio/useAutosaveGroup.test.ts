import { describe, expect, it, vi } from 'vitest';
import type { AutosaveState } from './autosave';
import { createAutosaveGroup } from './useAutosaveGroup';

describe('the drop editor autosave group', () => {
  it('forgets a deleted NFT for good: its save still in flight, failing, does not leave the editor "Not saved"', async () => {
    vi.useFakeTimers();
    try {
      const states = new Map<string, AutosaveState>();
      const group = createAutosaveGroup((key, state) => {
        if (state === null) states.delete(key);
        else states.set(key, state);
      });
      let fail!: (error: unknown) => void;
      const inFlight = new Promise<void>((_resolve, reject) => {
        fail = reject;
      });
      group.change('nft:7', { title: 'COPY OF Crane' }, () => inFlight);
      await vi.advanceTimersByTimeAsync(1_000); // the save starts
      expect(states.get('nft:7')).toBe('saving');

      group.drop('nft:7'); // the NFT is deleted while its save is under way
      expect(states.has('nft:7')).toBe(false);
      fail(new Error('404: the NFT is gone'));
      await vi.advanceTimersByTimeAsync(60_000);

      expect(states.has('nft:7')).toBe(false);
      expect(group.busy()).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
