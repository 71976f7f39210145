import { describe, expect, it } from 'vitest';
import { AutosaveQueue, type AutosaveState } from './autosave';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('AutosaveQueue', () => {
  it('goes unsaved, saving, saved, and sends the newest value', async () => {
    const sent: string[] = [];
    const states: AutosaveState[] = [];
    const queue = new AutosaveQueue<string>(async (value) => {
      sent.push(value);
    });
    queue.subscribe((s) => states.push(s));
    queue.change('a');
    queue.change('ab');
    await queue.flush();
    expect(sent).toEqual(['ab']);
    expect(states).toEqual(['unsaved', 'unsaved', 'saving', 'saved']);
    expect(queue.hasPending()).toBe(false);
  });

  it('keeps the edits of a failed save and sends them on the next attempt', async () => {
    const sent: string[] = [];
    let fail = true;
    const queue = new AutosaveQueue<string>(async (value) => {
      sent.push(value);
      if (fail) throw new Error('offline');
    });
    queue.change('title');
    await queue.flush();
    expect(queue.state).toBe('failed');
    expect(queue.hasPending()).toBe(true);
    expect(queue.error).toBeInstanceOf(Error);
    fail = false;
    await queue.flush();
    expect(sent).toEqual(['title', 'title']);
    expect(queue.state).toBe('saved');
    expect(queue.error).toBeNull();
  });

  it('a newer edit made during a failing save wins over the failed value', async () => {
    const sent: string[] = [];
    const first = deferred();
    let calls = 0;
    const queue = new AutosaveQueue<string>(async (value) => {
      sent.push(value);
      calls += 1;
      if (calls === 1) await first.promise;
    });
    queue.change('one');
    const flushing = queue.flush();
    queue.change('two');
    first.reject(new Error('500'));
    await flushing;
    expect(queue.state).toBe('failed');
    await queue.flush();
    expect(sent).toEqual(['one', 'two']);
    expect(queue.state).toBe('saved');
  });

  it('edits made while a save runs are sent after it, in one more save', async () => {
    const sent: string[] = [];
    const first = deferred();
    let calls = 0;
    const queue = new AutosaveQueue<string>(async (value) => {
      sent.push(value);
      calls += 1;
      if (calls === 1) await first.promise;
    });
    queue.change('a');
    const one = queue.flush();
    expect(queue.state).toBe('saving');
    queue.change('ab');
    queue.change('abc');
    const two = queue.flush();
    first.resolve();
    await Promise.all([one, two]);
    expect(sent).toEqual(['a', 'abc']);
    expect(queue.state).toBe('saved');
  });
});
