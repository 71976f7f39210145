// The request headers of 000 §7 (bearer token, X-SID session id, X-Time client timestamp) are
// accepted on every call and logged with the request id. They never fail a request.
import type { FastifyInstance } from 'fastify';

const SID = /^[A-Za-z0-9-]{1,64}$/;

export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.addHook('onResponse', async (request, reply) => {
    const sid = header(request.headers['x-sid']);
    const clientTime = header(request.headers['x-time']);
    const auth = header(request.headers.authorization);
    request.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        sid: sid && SID.test(sid) ? sid : undefined,
        clientTime: clientTime && /^\d{1,16}$/.test(clientTime) ? Number(clientTime) : undefined,
        auth: auth?.toLowerCase().startsWith('bearer ') ? 'bearer' : undefined,
      },
      'request',
    );
  });
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
