// Starts the real server (`node --import tsx apps/api/src/server.ts`) as a child process on a free
// port, with its own DATA_DIR, and stops it with SIGTERM. Used by the browser tests and by the
// process-level integration tests.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningServer {
  url: string;
  dataDir: string;
  output: () => string;
  /** SIGTERM; resolves with the exit code. */
  stop(): Promise<number | null>;
  /** Stops the server and removes its data folder (unless it was given one). */
  dispose(): Promise<void>;
}

export async function startServer(
  options: { env?: Record<string, string>; dataDir?: string; timeoutMs?: number } = {},
): Promise<RunningServer> {
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'vitrine-e2e-'));
  let out = '';
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'apps/api/src/server.ts')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    out += d.toString();
  });

  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in time:\n${out}`)),
      options.timeoutMs ?? 120_000,
    );
    const check = () => {
      const m = /Vitrine is up on (http:\/\/\S+?) /.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout?.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${out}`));
    });
  });

  let stopped: Promise<number | null> | null = null;
  const stop = () => {
    stopped ??= (async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    })();
    return stopped;
  };
  return {
    url,
    dataDir,
    output: () => out,
    stop,
    async dispose() {
      await stop();
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
