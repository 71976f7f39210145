import { describe, expect, it } from 'vitest';
import { createListingGate } from './listing-gate';

describe('listing gate', () => {
  it('lets a second payment of a listing wait for the first one to end, whatever its outcome', async () => {
    const gate = createListingGate();
    expect(gate.ahead(7)).toBeUndefined();
    let finish: (ok: boolean) => void = () => undefined;
    const first = gate.run(
      7,
      () =>
        new Promise<string>((resolve, reject) => {
          finish = (ok) => (ok ? resolve('paid') : reject(new Error('declined')));
        }),
    );
    const waiting = gate.ahead(7);
    expect(waiting).toBeDefined();
    expect(gate.ahead(8)).toBeUndefined(); // another listing does not wait
    let waited = false;
    const done = waiting?.then(() => {
      waited = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(waited).toBe(false);
    finish(false);
    await expect(first).rejects.toThrow('declined');
    await done;
    expect(waited).toBe(true);
    expect(gate.ahead(7)).toBeUndefined();
  });

  it('waits no longer than its limit for a payment that hangs', async () => {
    const gate = createListingGate();
    void gate.run(1, () => new Promise(() => undefined));
    const started = Date.now();
    await gate.ahead(1, 50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    // A payment after a wait cut short runs, and the hanging one stays the one registered.
    expect(await gate.run(1, async () => 'ran')).toBe('ran');
    expect(gate.ahead(1, 1)).toBeDefined();
  });
});
