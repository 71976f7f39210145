// The verifiable drawing (issue 15, decision 013): before the drawing the API publishes a commitment,
// sha256 of a secret seed (32 bytes from `crypto`); after it closes it draws the winners with
// `drawWinners(seed, entry ids, editions)` and publishes the seed. Anyone can then check that
// sha256(seed) is the commitment and recompute the winners from the published entry list: this module
// is that computation, the same in the API and in the browser (synchronous, no platform API).

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

/** SHA-256 (FIPS 180-4) of bytes. */
export function sha256(message: Uint8Array): Uint8Array {
  const bitLength = message.length * 8;
  const padded = new Uint8Array(Math.ceil((message.length + 9) / 64) * 64);
  padded.set(message);
  padded[message.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLength / 2 ** 32));
  view.setUint32(padded.length - 4, bitLength >>> 0);
  const h = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const w = new Uint32Array(64);
  const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15] as number;
      const b = w[i - 2] as number;
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
      const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
      w[i] = ((w[i - 16] as number) + s0 + (w[i - 7] as number) + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = h as unknown as number[];
    for (let i = 0; i < 64; i++) {
      const s1 = rotr(e as number, 6) ^ rotr(e as number, 11) ^ rotr(e as number, 25);
      const ch = ((e as number) & (f as number)) ^ (~(e as number) & (g as number));
      const t1 = ((hh as number) + s1 + ch + (K[i] as number) + (w[i] as number)) >>> 0;
      const s0 = rotr(a as number, 2) ^ rotr(a as number, 13) ^ rotr(a as number, 22);
      const maj =
        ((a as number) & (b as number)) ^ ((a as number) & (c as number)) ^ ((b as number) & (c as number));
      const t2 = (s0 + maj) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = ((d as number) + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    const next = [a, b, c, d, e, f, g, hh] as number[];
    for (let i = 0; i < 8; i++) h[i] = ((h[i] as number) + (next[i] as number)) >>> 0;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) outView.setUint32(i * 4, h[i] as number);
  return out;
}

export const toHex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** Bytes of a hex string; null when it is not one (odd length, other characters). */
export function fromHex(hex: string): Uint8Array | null {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) return null;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** UTF-8 bytes of a string (the draw hashes ASCII: the seed's hex, digits and colons). */
export function utf8(text: string): Uint8Array {
  const out: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0) as number;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return new Uint8Array(out);
}

/** The commitment published before the drawing: hex sha256 of the seed's bytes (the seed is hex). */
export function drawingCommitment(seedHex: string): string {
  const bytes = fromHex(seedHex);
  if (!bytes) throw new Error('the seed is not hex');
  return toHex(sha256(bytes));
}

/** True when the published seed is the one committed to. */
export function seedMatchesCommitment(seedHex: string, commitmentHex: string): boolean {
  const bytes = fromHex(seedHex);
  return bytes !== null && toHex(sha256(bytes)) === commitmentHex.toLowerCase();
}

/**
 * A uniform integer in [0, bound) for draw number `round`: the first 6 bytes (48 bits) of
 * sha256("{seed}:{round}:{attempt}"), drawn again (next attempt) when above the largest multiple of
 * `bound` (no modulo bias).
 */
function uniform(seedHex: string, round: number, bound: number): number {
  const range = 2 ** 48;
  const limit = range - (range % bound);
  for (let attempt = 0; ; attempt++) {
    const digest = sha256(utf8(`${seedHex.toLowerCase()}:${round}:${attempt}`));
    let x = 0;
    for (let i = 0; i < 6; i++) x = x * 256 + (digest[i] as number);
    if (x < limit) return x % bound;
  }
}

/**
 * The winners of a drawing: the entry ids sorted ascending, shuffled by a Fisher–Yates pass whose
 * draws come from the seed, the first `editions` of them in draw order (every entry wins when there are
 * no more entries than editions). Depends only on its arguments.
 */
export function drawWinners(seedHex: string, entryIds: readonly number[], editions: number): number[] {
  const pool = [...new Set(entryIds)].sort((a, b) => a - b);
  const take = Math.max(0, Math.min(Math.floor(editions), pool.length));
  for (let i = 0; i < take; i++) {
    const j = i + uniform(seedHex, i, pool.length - i);
    const picked = pool[j] as number;
    pool[j] = pool[i] as number;
    pool[i] = picked;
  }
  return pool.slice(0, take);
}
