// An embedded store's folder is used by one process at a time (PGlite takes no lock of its own, and
// two processes on one folder corrupt it); a lock left by a process that stopped is taken over.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from './client';
import { LOCK_FILE, lockStore } from './store-lock';

const dirs: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A process that runs until killed, and its pid. */
function sleeper() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  return { pid: child.pid as number, stop: () => child.kill('SIGKILL') };
}

/** The pid of a process that has exited. */
async function stoppedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid as number;
}

describe('the embedded store folder', () => {
  it('refuses a second opening while the first is open, and opens again once it is closed', async () => {
    const dir = folder();
    const first = await createDatabase({ dataDir: dir });
    await expect(createDatabase({ dataDir: dir })).rejects.toThrow(
      /is open in another process \(pid \d+, this one\)\. Stop it first/,
    );
    await first.close();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    const second = await createDatabase({ dataDir: dir });
    await second.close();
  });

  it('names the other process that holds it', () => {
    const dir = folder();
    const other = sleeper();
    try {
      writeFileSync(join(dir, LOCK_FILE), String(other.pid));
      expect(() => lockStore(dir)).toThrow(`open in another process (pid ${other.pid})`);
    } finally {
      other.stop();
    }
  });

  it('takes over a lock left by a process that stopped without closing it', async () => {
    const dir = folder();
    writeFileSync(join(dir, LOCK_FILE), String(await stoppedPid()));
    const release = lockStore(dir);
    expect(() => lockStore(dir)).toThrow(/this one/);
    release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });
});
