import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How long a process that was told to stop keeps serving, every answer closing its connection, before closing. */
export const DRAIN_MS = 1_000;

/**
 * Keep-alive connections end with the drain, by the process's answers rather than under a proxy's feet.
 *
 * Fastify's close answers a request that arrives on an open connection with 503 (a proxy retries a GET on
 * another process, never a POST) and has Node close the connections idle at that moment, racing a proxy that
 * picks one of them to send on. A connection busy at that moment would stay open after its answer, idle in the
 * proxy's pool, and hold the close up until the keep-alive timeout (72 s), past close-with-grace's 10 s.
 *
 * So a stopping process first drains for DRAIN_MS (`begin`): it serves as usual, but every answer says
 * `Connection: close` and every connection whose answer was already under way is ended once that answer is
 * out (after it is flushed). The connections a proxy uses close one by one after an answer; what is left for
 * the close are connections the proxy has not used for a second. The same holds from the start of any close.
 */
export class ConnectionDrain {
  readonly #inFlight = new Map<ServerResponse, Socket>();
  #draining = false;

  constructor(app: FastifyInstance) {
    app.server.on('request', (_request, response: ServerResponse) => this.#track(response));
    app.addHook('preClose', async () => this.#closeEveryConnection());
  }

  /** Starts draining and waits DRAIN_MS (or `ms`) for the connections in use to close after their answers. */
  async begin(ms = DRAIN_MS): Promise<void> {
    this.#closeEveryConnection();
    await new Promise((resolve) => setTimeout(resolve, ms));
  }

  #track(response: ServerResponse): void {
    const socket = response.socket;
    if (!socket) return;
    if (this.#draining) response.setHeader('connection', 'close');
    this.#inFlight.set(response, socket);
    response.once('close', () => this.#inFlight.delete(response));
    response.once('finish', () => {
      if (this.#draining) socket.end();
    });
  }

  #closeEveryConnection(): void {
    this.#draining = true;
    for (const response of this.#inFlight.keys()) if (!response.headersSent) response.setHeader('connection', 'close');
  }
}
