// Who is calling, through the accounts area's guard (docs/decisions/003-accounts-api.md "Auth").
// Public browsing routes ask `idOf` (a bad or expired token reads as signed out, never a 401); social
// writes ask `require` (401 'Request credentials could not be verified.'). Memoised per request.
import type { FastifyRequest } from 'fastify';
import { optionalAuth, requireAuth } from '../../http/guard';

export interface Viewers {
  idOf(request: FastifyRequest): Promise<number | null>;
  require(request: FastifyRequest): Promise<number>;
}

export function createViewers(): Viewers {
  const seen = new WeakMap<FastifyRequest, Promise<number | null>>();
  return {
    idOf(request) {
      let p = seen.get(request);
      if (!p) {
        p = optionalAuth(request).then((a) => a?.userId ?? null);
        seen.set(request, p);
      }
      return p;
    },
    async require(request) {
      return (await requireAuth(request)).userId;
    },
  };
}
