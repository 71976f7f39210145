// Closing the app (server.ts on SIGTERM) must not wait on connections that would stay open by themselves.
// Node's server.close() (with forceCloseConnections: 'idle') ends only connections idle between two
// requests. Two kinds were left, and the close waited until the client gave up (the 72 s keep-alive)
// or SHUTDOWN_TIMEOUT_MS ended the process with code 1, so a rolling restart was slow and "failed":
// - a connection opened but never sent a request (a browser's preconnect, a load balancer's spare
//   socket, fetch's spare one after an aborted stream): Node does not count it as idle;
// - one whose request was being answered when the close began: the answer said keep-alive, and the
//   connection became idle after Node's one sweep of idle connections.
// So when the close begins, the first kind is destroyed, and an answer in flight not yet begun says
// Connection: close (requests arriving later get Fastify's 503, which says so too). Event streams are
// ended by their own preClose hook (modules/live).
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export function registerPromptClose(app: FastifyInstance): void {
  const neverUsed = new Set<Socket>();
  const answering = new Set<ServerResponse>();

  app.server.on('connection', (socket: Socket) => {
    neverUsed.add(socket);
    socket.once('close', () => neverUsed.delete(socket));
  });
  app.server.on('request', (req, res: ServerResponse) => {
    neverUsed.delete(req.socket);
    answering.add(res);
    res.once('close', () => answering.delete(res));
  });

  app.addHook('preClose', (done) => {
    // Fastify calls server.close() right after (no new connection comes in between).
    for (const socket of neverUsed) socket.destroy();
    neverUsed.clear();
    for (const res of answering) if (!res.headersSent) res.setHeader('connection', 'close');
    done();
  });
}
