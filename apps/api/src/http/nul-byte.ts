// A NUL byte is never valid input (issue #11 finding 10): this one check at the edge refuses it in the URL, raw or
// percent-encoded, before any route sees it. A NUL that comes in a body is refused by the store (PostgreSQL cannot
// keep U+0000 in text or jsonb); the error hook (errors.ts) answers that with the same 400.
import type { FastifyInstance, RouteOptions } from 'fastify';
import { NUL_BYTE_BODY, send } from './errors';
import { errorBody } from './schemas';

// '%00' (the digits have no case), or the byte itself; '%2500' (an encoded '%' then '00') is text and passes.
const ENCODED_NUL = '%00';
const NUL = String.fromCharCode(0);

export function registerNulByteGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const url = request.raw.url ?? '';
    if (url.includes(ENCODED_NUL) || url.includes(NUL)) return send(reply, NUL_BYTE_BODY);
  });
  // Any route can answer this 400, so a route that documents its answers documents it too.
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as { response?: Record<string, unknown> } | undefined;
    if (schema?.response && !schema.response[400]) schema.response = { ...schema.response, 400: errorBody };
  });
}
