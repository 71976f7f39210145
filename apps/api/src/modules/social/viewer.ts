// Who is reading: public browsing routes ask `idOf` (a bad or expired token reads as signed out, never a
// 401). Routes that need a user declare `config: { auth: 'user' }` instead (http/guard.ts).
import type { FastifyRequest } from 'fastify';
import { optionalAuth } from '../../http/guard';

export interface Viewers {
  idOf(request: FastifyRequest): Promise<number | null>;
}

export function createViewers(): Viewers {
  return {
    idOf: async (request) => (await optionalAuth(request))?.userId ?? null,
  };
}
