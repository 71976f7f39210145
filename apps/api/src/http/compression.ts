// Compressed answers (issue #13 item 1; docs/decisions/010-compression.md):
//  - API answers (and anything else compressible the app computes) above COMPRESS_MIN_BYTES go out in brotli or
//    gzip, whichever the request's Accept-Encoding prefers (brotli on a tie), through @fastify/compress. Its hook
//    runs after every shared onSend hook (route hooks run last), so the security headers and the idempotency
//    store see the plain answer; Cache-Control and the CSP are left as they are. Token and account answers
//    (Cache-Control: no-store) are not compressed.
//  - Texts sent many times keep their compressed forms (`keptText`): the SPA shell, made once at start at the
//    highest levels, and the shared answers, compressed once per cache entry (http/shared-answer.ts).
//  - The web app's files are compressed at build time (scripts/precompress.mjs) and sent as they are
//    (web-host.ts). Both carry Content-Encoding already, which the hook leaves alone.
// Request bodies are never decompressed: clients send them plain.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NO_STORE_ROUTES } from './security-headers';

/** Smaller answers gain too little to be worth the work. */
export const COMPRESS_MIN_BYTES = 1024;

/** Preferred first when the client weighs them equally. */
const ENCODINGS: Encoding[] = ['br', 'gzip'];

export type Encoding = 'br' | 'gzip';

/** Text, JSON, XML and JavaScript; not event streams (they must flush as they go) nor opaque bytes. */
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/](?:json|xml|javascript)(?:;|$)/;

/** Brotli's fast end, per request: still smaller than gzip's default, and quicker (the build uses 11 for files). */
const BROTLI_PER_REQUEST = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Token and account answers stay plain: they are small, and a secret never shares a compression window with
  // what a caller chose (a BREACH-style size oracle). Read before @fastify/compress's own route hook.
  app.addHook('onRoute', (route) => {
    if (NO_STORE_ROUTES.test(route.url)) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ENCODINGS,
    threshold: COMPRESS_MIN_BYTES,
    customTypes: COMPRESSIBLE,
    brotliOptions: BROTLI_PER_REQUEST,
  });
}

/**
 * A text sent many times as it is (the SPA shell, shared answers), with its compressed forms, each made once and
 * kept with it: a hot answer is not compressed again on every request.
 */
export interface KeptText {
  readonly text: string;
  readonly bytes: number;
  readonly forms: Partial<Record<Encoding, Buffer>>;
}

/**
 * `best`: both forms made now at the highest levels (brotli 11, gzip 9), for a text made once at start;
 * otherwise each form at the per-request levels when a request first asks for it.
 */
export function keptText(text: string, options: { best?: boolean } = {}): KeptText {
  const kept: KeptText = { text, bytes: Buffer.byteLength(text), forms: {} };
  if (options.best && kept.bytes >= COMPRESS_MIN_BYTES) {
    const data = Buffer.from(text, 'utf8');
    kept.forms.br = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    kept.forms.gzip = gzipSync(data, { level: constants.Z_BEST_COMPRESSION });
  }
  return kept;
}

/** Sends the form of `kept` the request accepts, with Content-Encoding and `Vary: Accept-Encoding`. */
export function sendKeptText(reply: FastifyReply, kept: KeptText): FastifyReply {
  if (kept.bytes < COMPRESS_MIN_BYTES) return reply.send(kept.text);
  varyOnEncoding(reply);
  const encoding = acceptedEncoding(reply.request);
  if (encoding === null) return reply.send(kept.text);
  const form = kept.forms[encoding] ?? compressFast(encoding, kept.text);
  kept.forms[encoding] = form;
  if (form.length >= kept.bytes) return reply.send(kept.text);
  return reply.header('content-encoding', encoding).send(form);
}

/** The encoding the request accepts that we prefer, or null for the plain bytes. */
export function acceptedEncoding(request: FastifyRequest): Encoding | null {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string' || header === '') return null;
  // `*` is any encoding: gzip, as @fastify/compress reads it.
  return negotiate(header.toLowerCase().replace(/\*/g, 'gzip'), ENCODINGS);
}

function compressFast(encoding: Encoding, text: string): Buffer {
  return encoding === 'br' ? brotliCompressSync(text, BROTLI_PER_REQUEST) : gzipSync(text);
}

function varyOnEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  if (current === undefined) {
    reply.header('vary', 'accept-encoding');
    return;
  }
  const value = Array.isArray(current) ? current.join(', ') : String(current);
  if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(value)) reply.header('vary', `${value}, accept-encoding`);
}
