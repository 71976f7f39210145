// Who is calling: the bearer token's session, or a 401 (000 §8 'Request credentials could not be verified.').
// Routes declare `config: { auth: 'user' }` (http/auth.ts); `optionalAuth` reads an optional caller.
import type { FastifyRequest } from 'fastify';
import { type AuthContext, ERRORS } from '../modules/auth/auth.service';

export async function optionalAuth(request: FastifyRequest): Promise<AuthContext | null> {
  return request.server.services.accounts.auth.authenticate(request.headers.authorization);
}

export async function requireAuth(request: FastifyRequest): Promise<AuthContext> {
  const auth = await optionalAuth(request);
  if (!auth) throw ERRORS.unauthorized();
  return auth;
}
