// The test-only `/dev/…` routes (outside production): each needs the dev outbox's key as a bearer token.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { secretsEqual } from '../lib/secrets';
import { send } from './errors';

/** A preHandler that answers 401 unless the request carries the dev outbox's key. */
export function requireDevKey(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const auth = request.headers.authorization;
    const given = auth?.startsWith('Bearer ') ? auth.slice(7).trim() : '';
    if (!given || !secretsEqual(given, app.config.outboxKey)) {
      return send(reply, {
        statusCode: 401,
        errorType: 'unauthorized',
        message: 'The dev routes need the outbox key',
      });
    }
  };
}
