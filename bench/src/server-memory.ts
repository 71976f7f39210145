// The server's memory while it is idle, read through its inspector (the bench starts it with
// `--inspect=127.0.0.1:0`): a full garbage collection, a pause for the heap to settle, then
// `process.memoryUsage()` and the process's peak resident size from /proc. RSS is the whole
// process: the API's thread, the embedded store's thread (its WebAssembly memory), code and the
// allocator; the JS heap and `external` are the API thread's alone.
import { readFileSync, writeFileSync } from 'node:fs';
import WebSocket from 'ws';

export interface IdleMemory {
  when: string;
  /** MB (1,048,576 bytes), whole. */
  rssMb: number;
  peakRssMb: number | null;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
}

/** The inspector's WebSocket address, from what the server printed on start. */
export function inspectorUrl(output: string): string | null {
  return /Debugger listening on (ws:\/\/\S+)/.exec(output)?.[1] ?? null;
}

const SETTLE_MS = 2_000;

export async function idleMemory(wsUrl: string, when: string): Promise<IdleMemory> {
  const ws = new WebSocket(wsUrl);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let nextId = 0;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  ws.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString()) as {
      id?: number;
      result?: unknown;
      error?: { message: string };
    };
    const w = message.id === undefined ? undefined : waiting.get(message.id);
    if (!w || message.id === undefined) return;
    waiting.delete(message.id);
    if (message.error) w.reject(new Error(message.error.message));
    else w.resolve(message.result);
  });
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve, reject) => {
      nextId += 1;
      waiting.set(nextId, { resolve, reject });
      ws.send(JSON.stringify({ id: nextId, method, params }));
    });
  try {
    await call('HeapProfiler.collectGarbage');
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    await call('HeapProfiler.collectGarbage');
    const evaluated = (await call('Runtime.evaluate', {
      expression: 'JSON.stringify({ pid: process.pid, ...process.memoryUsage() })',
      returnByValue: true,
    })) as { result: { value: string } };
    const m = JSON.parse(evaluated.result.value) as {
      pid: number;
      rss: number;
      heapUsed: number;
      heapTotal: number;
      external: number;
    };
    return {
      when,
      rssMb: mb(m.rss),
      peakRssMb: peakRss(m.pid),
      heapUsedMb: mb(m.heapUsed),
      heapTotalMb: mb(m.heapTotal),
      externalMb: mb(m.external),
    };
  } finally {
    ws.close();
  }
}

/** The process's highest resident size so far (VmHWM), MB; null where /proc is not there. */
function peakRss(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

function mb(bytes: number): number {
  return Math.round(bytes / 1048576);
}

/**
 * A CPU profile of the server while `during` runs (`BENCH_CPU_PROFILE=file.cpuprofile`): where the API's
 * thread spends its time under a figure's load (open the file in Chrome's DevTools, Performance tab).
 */
export async function cpuProfile<T>(wsUrl: string, file: string, during: () => Promise<T>): Promise<T> {
  const ws = new WebSocket(wsUrl);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let nextId = 0;
  const waiting = new Map<number, (v: unknown) => void>();
  ws.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString()) as { id?: number; result?: unknown };
    const w = message.id === undefined ? undefined : waiting.get(message.id);
    if (!w || message.id === undefined) return;
    waiting.delete(message.id);
    w(message.result);
  });
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve) => {
      nextId += 1;
      waiting.set(nextId, resolve);
      ws.send(JSON.stringify({ id: nextId, method, params }));
    });
  try {
    await call('Profiler.enable');
    await call('Profiler.setSamplingInterval', { interval: 500 });
    await call('Profiler.start');
    const result = await during();
    const { profile } = (await call('Profiler.stop')) as { profile: unknown };
    writeFileSync(file, JSON.stringify(profile));
    return result;
  } finally {
    ws.close();
  }
}
