// Who is calling: the bearer token's session, or a 401 (000 §8 'Request credentials could not be verified.').
// Other areas use `requireAuth(request)` / `optionalAuth(request)` on routes that need a user.
import type { FastifyRequest } from 'fastify';
import { type AuthContext, ERRORS } from './auth.service';

export async function optionalAuth(request: FastifyRequest): Promise<AuthContext | null> {
  return request.server.services.accounts.auth.authenticate(request.headers.authorization);
}

export async function requireAuth(request: FastifyRequest): Promise<AuthContext> {
  const auth = await optionalAuth(request);
  if (!auth) throw ERRORS.unauthorized();
  return auth;
}
