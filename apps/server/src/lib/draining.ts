import type { FastifyInstance } from 'fastify';

/**
 * Whether the process is on its way out. From the moment it starts draining, readiness answers 503 so that a
 * load balancer stops sending new requests, while those in flight finish. Draining begins when the app
 * starts closing, or earlier through `app.beginDraining()` (a shutdown that waits for the balancer to notice).
 */
export class Draining {
  #active = false;

  get active(): boolean {
    return this.#active;
  }

  begin(): void {
    this.#active = true;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Readiness answers 503 from now on; the process keeps serving what it is sent. */
    beginDraining(): void;
  }
}

/** The process's draining state, begun by `app.beginDraining()` or by the start of `app.close()`. */
export function registerDraining(app: FastifyInstance): Draining {
  const draining = new Draining();
  app.decorate('beginDraining', () => draining.begin());
  app.addHook('preClose', async () => draining.begin());
  return draining;
}
