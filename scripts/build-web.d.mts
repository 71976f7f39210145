import type { SpawnSyncReturns, StdioOptions } from 'node:child_process';

export function buildWebApp(options?: { outDir?: string; stdio?: StdioOptions }): SpawnSyncReturns<string>;
