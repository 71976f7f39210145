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
// An answer already begun (its head sent, saying keep-alive) is a third kind:
// - still being written (a file streamed to a slow client): the close waited on its connection after it
//   ended, as on the second kind. Its connection is now ended once the answer has been handed to the OS;
// - written whole but still in the process's buffers (a large JSON answer to a slow client): Node's
//   server.close() took its connection for idle and destroyed it, and the client got a truncated answer.
//   The close now waits until such answers are handed to the OS, for up to FLUSH_WAIT_MS (a client too
//   slow for that is cut off as before, and the store is still closed within SHUTDOWN_TIMEOUT_MS).
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How long the close waits for answers written whole to reach the OS (half the default SHUTDOWN_TIMEOUT_MS). */
export const FLUSH_WAIT_MS = 5_000;

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

  app.addHook('preClose', async () => {
    for (const res of answering) {
      if (!res.headersSent) {
        res.setHeader('connection', 'close');
        continue;
      }
      const socket = res.socket;
      res.once('finish', () => socket?.end());
    }
    // Fastify calls server.close() right after this hook resolves, before any I/O: no answer can be
    // ended in between.
    const giveUpAt = Date.now() + FLUSH_WAIT_MS;
    for (;;) {
      const unsent = [...answering].filter((res) => res.writableEnded && !res.writableFinished);
      const left = giveUpAt - Date.now();
      if (unsent.length === 0 || left <= 0) break;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(unsent.map((res) => new Promise((r) => res.once('close', r).once('finish', r)))),
        new Promise((r) => {
          timer = setTimeout(r, left);
        }),
      ]);
      clearTimeout(timer);
    }
    for (const socket of neverUsed) socket.destroy();
    neverUsed.clear();
  });
}
