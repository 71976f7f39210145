// Who is calling. A route that needs a signed-in user declares `config: { auth: 'user' }`: an onRequest
// guard answers 401 (000 §8 'Request credentials could not be verified.') before the body is read, and
// the route's OpenAPI operation gets `security: [{ bearer: [] }]`; the handler reads `signedIn(request)`.
// Every other route is documented `security: []` unless it names its own (the operator's ADMIN_TOKEN).
// Routes that only read an optional caller use `optionalAuth(request)`.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { type AuthContext, ERRORS } from '../modules/auth/auth.service';
import { TERMS_ERRORS } from '../modules/terms/terms.service';
import { errorBody } from './schemas';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'user': the route needs a signed-in user (http/guard.ts). */
    auth?: 'user';
    /**
     * true: the user must have agreed to the current terms of service, else 403 tos_approval_required
     * (purchases, listings, offers; decision 009 "Terms of service"). Needs `auth: 'user'`.
     */
    terms?: boolean;
  }
  interface FastifyRequest {
    /** Set by the guard of a route declaring `config: { auth: 'user' }`. */
    signedInAs: AuthContext | null;
  }
}

const authenticated = new WeakMap<FastifyRequest, Promise<AuthContext | null>>();

/** The bearer token's session, or null (a bad or expired token reads as signed out). Once per request. */
export function optionalAuth(request: FastifyRequest): Promise<AuthContext | null> {
  let p = authenticated.get(request);
  if (!p) {
    p = request.server.services.accounts.auth.authenticate(request.headers.authorization);
    authenticated.set(request, p);
  }
  return p;
}

/** The signed-in user of a route declaring `config: { auth: 'user' }`. */
export function signedIn(request: FastifyRequest): AuthContext {
  if (!request.signedInAs) {
    throw new Error(
      `${request.routeOptions.url}: declare config: { auth: 'user' } to read the signed-in user`,
    );
  }
  return request.signedInAs;
}

async function guard(request: FastifyRequest): Promise<void> {
  const auth = await optionalAuth(request);
  if (!auth) throw ERRORS.unauthorized();
  request.signedInAs = auth;
}

async function termsGuard(request: FastifyRequest): Promise<void> {
  const auth = request.signedInAs;
  if (!auth) throw ERRORS.unauthorized();
  // Read with the session, in the same statement (auth.repo sessionOfAccessToken).
  if (auth.termsRequired) throw TERMS_ERRORS.approvalRequired();
}

const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** Registers the guard and the OpenAPI declaration; call before any route is registered. */
export function registerAuthGuard(app: FastifyInstance): void {
  app.decorateRequest('signedInAs', null);
  app.addHook('onRoute', (route: RouteOptions) => {
    route.schema ??= {};
    const schema = route.schema as Record<string, unknown> & { response?: Record<string, unknown> };
    if (route.config?.auth === 'user') {
      schema.security = [{ bearer: [] }];
      schema.response = { 401: errorBody, ...schema.response };
      route.onRequest = [...asArray(route.onRequest), guard];
      if (route.config.terms) {
        schema.response = { 403: errorBody, ...schema.response };
        route.onRequest = [...route.onRequest, termsGuard];
      }
    } else if (route.config?.terms) {
      throw new Error(`${route.url}: config.terms needs config.auth 'user'`);
    } else if (schema.security === undefined) {
      schema.security = [];
    }
  });
}
