// `npm start` as a process manager runs it: npm, its script shell, scripts/start.mjs, the server. A
// SIGTERM to npm's own pid (a service manager, a container's PID 1, `kill <pid>`) must reach the server
// and stop it, open live streams included, rather than leave it running with the store locked.
// On the embedded store, in the int-pglite project only (the signal path does not depend on the store).
import { type ChildProcess, spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from './support/server';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm start', () => {
  it('stops the server on a SIGTERM to npm, ending an open live stream', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-npm-start-'));
    let out = '';
    // No web build: WEB_DIST names an empty folder, so start.mjs builds nothing and the server serves the API.
    const npm: ChildProcess = spawn('npm', ['start'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED: 'off',
        LOG_LEVEL: 'info',
        WEB_DIST: join(dataDir, 'no-web-build'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    npm.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
    });
    npm.stderr?.on('data', (d: Buffer) => {
      out += d.toString();
    });
    const npmExited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
    let serverPid = 0;
    cleanups.push(() => {
      if (npm.exitCode === null) npm.kill('SIGKILL');
      if (serverPid && alive(serverPid)) process.kill(serverPid, 'SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    });

    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`npm start did not start:\n${out}`)), 90_000);
      npm.stdout?.on('data', () => {
        const m = /Vitrine is up on (http:\/\/\S+?) /.exec(out);
        if (m?.[1]) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
      void npmExited.then((code) => reject(new Error(`npm start exited (${code}):\n${out}`)));
    });
    serverPid = Number(/"pid":(\d+)/.exec(out)?.[1]);
    expect(serverPid).toBeGreaterThan(0);

    const stream = await fetch(`${url}/api/v2/events/?topic=drop:1`, {
      headers: { accept: 'text/event-stream' },
    });
    expect(stream.status).toBe(200);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain(': connected');
    const streamEnded = (async () => {
      for (;;) if ((await reader.read()).done) return;
    })();

    npm.kill('SIGTERM');
    const code = await Promise.race([
      npmExited,
      new Promise<string>((resolve) => setTimeout(() => resolve('still running after 20 s'), 20_000)),
    ]);
    // npm reports the server's clean exit, and returns only once the server is gone.
    expect(code, out.slice(-3000)).toBe(0);
    expect(alive(serverPid), 'the server process outlived npm').toBe(false);
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
    await streamEnded;
    expect(out).toContain('shutting down');
  }, 120_000);

  it('stops the web build too on a SIGTERM while it is building', async () => {
    // A root laid out like the repository's, with scripts/start.mjs and build-web.mjs as they are and a
    // web workspace whose build (a stand-in for vite: it runs until stopped) records its pid. Its sources
    // are newer than its (missing) build, so start.mjs builds first.
    const root = mkdtempSync(join(tmpdir(), 'vitrine-start-build-'));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    mkdirSync(join(root, 'scripts'));
    for (const f of ['start.mjs', 'build-web.mjs'])
      copyFileSync(join(repoRoot, 'scripts', f), join(root, 'scripts', f));
    const start = (
      JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: { start: string } }
    ).scripts.start;
    writeFileSync(
      join(root, 'package.json'),
      JSON.stringify({ name: 'start-build', private: true, workspaces: ['apps/web'], scripts: { start } }),
    );
    mkdirSync(join(root, 'apps/web/src'), { recursive: true });
    writeFileSync(join(root, 'apps/web/src/main.ts'), 'export {};\n');
    const pidFile = join(root, 'build.pid');
    writeFileSync(
      join(root, 'apps/web/package.json'),
      JSON.stringify({
        name: '@vitrine/web',
        private: true,
        scripts: {
          build: `node -e "require('fs').writeFileSync('${pidFile}', String(process.pid)); setTimeout(() => {}, 120000)"`,
        },
      }),
    );
    let out = '';
    const npm = spawn('npm', ['start'], { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    npm.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
    });
    npm.stderr?.on('data', (d: Buffer) => {
      out += d.toString();
    });
    const npmExited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
    let buildPid = 0;
    cleanups.push(() => {
      if (npm.exitCode === null) npm.kill('SIGKILL');
      if (buildPid && alive(buildPid)) process.kill(buildPid, 'SIGKILL');
    });
    const deadline = Date.now() + 60_000;
    while (!existsSync(pidFile) || readFileSync(pidFile, 'utf8') === '') {
      if (Date.now() > deadline || npm.exitCode !== null) throw new Error(`the build did not start:\n${out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    buildPid = Number(readFileSync(pidFile, 'utf8'));
    expect(out).toContain('Building the web app');

    npm.kill('SIGTERM');
    const code = await Promise.race([
      npmExited,
      new Promise<string>((resolve) => setTimeout(() => resolve('still running after 20 s'), 20_000)),
    ]);
    const gone = Date.now() + 5_000;
    while (alive(buildPid) && Date.now() < gone) await new Promise((r) => setTimeout(r, 50));
    expect(alive(buildPid), 'the web build outlived npm start').toBe(false);
    // A stop asked for is not a failure.
    expect(code, out).toBe(0);
  }, 120_000);
});
