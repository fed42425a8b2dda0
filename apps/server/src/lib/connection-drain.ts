import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Keep-alive connections end with the drain. Fastify's close stops accepting connections, answers a request
 * that arrives on an open one while closing with `Connection: close` (a 503 a proxy retries on another
 * process), and Node closes the connections idle at that moment. A connection busy with a request at that
 * moment would stay open after its answer, idle in the proxy's pool: the proxy could send it another request
 * as the process exits, and the close would wait for the keep-alive timeout (72 s), past close-with-grace's
 * 10 s. So from the start of closing, every answer still to be written says `Connection: close`, and every
 * connection whose answer was already under way is ended once that answer is out (after it is flushed).
 */
export function endKeepAliveOnClose(app: FastifyInstance): void {
  const inFlight = new Map<ServerResponse, Socket>();
  let closing = false;
  app.server.on('request', (_request, response) => {
    const socket = response.socket;
    if (!socket) return;
    inFlight.set(response, socket);
    response.once('close', () => inFlight.delete(response));
    response.once('finish', () => {
      if (closing) socket.end();
    });
  });
  app.addHook('preClose', async () => {
    closing = true;
    for (const response of inFlight.keys()) if (!response.headersSent) response.setHeader('connection', 'close');
  });
}
