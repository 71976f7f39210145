// Two `npm start` processes on one embedded store's folder: the second refuses to start, naming the first (two
// would corrupt it), and the first goes on serving. The lock is the embedded store's, so this runs on PGlite only:
// the int-postgres project leaves this file out (vitest.config.ts), as it does the store's own lock test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from './support/server';

describe('two servers on one embedded store', () => {
  it('refuses the second, saying another process has the store open (two would corrupt it)', async () => {
    const own = mkdtempSync(join(tmpdir(), 'vitrine-lock-proc-'));
    const embedded = { LOG_LEVEL: 'info', SEED: 'off' };
    const first = await startServer({ dataDir: own, env: embedded });
    try {
      const refused = startServer({ dataDir: own, env: embedded, timeoutMs: 60_000 });
      await expect(refused).rejects.toThrow(/exited \(1\) before listening/);
      await expect(refused).rejects.toThrow(/is open in another process \(pid \d+\)\. Stop it first/);
      await expect(refused).rejects.not.toThrow(/at lockStore/);
      // The first one goes on serving.
      expect((await fetch(`${first.url}/api/ready`)).status).toBe(200);
    } finally {
      expect(await first.stop(), first.output().slice(-3000)).toBe(0);
      rmSync(own, { recursive: true, force: true });
    }
  });
});
