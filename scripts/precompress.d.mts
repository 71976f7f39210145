export const PRECOMPRESSED_EXTENSIONS: readonly string[];
export const PRECOMPRESS_MIN_BYTES: number;

export function compressBest(data: Buffer | Uint8Array): { br: Buffer; gzip: Buffer };

export function precompressDir(dir: string, options?: { minBytes?: number }): string[];
