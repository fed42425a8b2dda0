import type { FastifyInstance, FastifyRequest } from 'fastify';
import { asPartOf } from './request-id.ts';

type Job = () => Promise<unknown>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Work that must not shape the answer or its timing: it starts once the response has been sent. */
    afterResponse(job: Job): void;
  }
}

const jobs = new WeakMap<FastifyRequest, Job[]>();

/**
 * Work done after the answer (security.md: forgot password answers the same, in the same time, whether or
 * not the address is a member's). Jobs start when the response is sent and are counted in ctx.background;
 * they run as part of their request (their log lines carry its id); a failure is logged, never thrown.
 */
export function registerAfterResponse(api: FastifyInstance): void {
  api.decorateRequest('afterResponse', function afterResponse(this: FastifyRequest, job: Job) {
    jobs.set(this, [...(jobs.get(this) ?? []), job]);
  });
  api.addHook('onResponse', async (request) => {
    const pending = jobs.get(request);
    if (!pending) return;
    jobs.delete(request);
    const started = new Promise((resolve) => setImmediate(resolve));
    for (const job of pending)
      api.ctx.background.track(
        started.then(() => asPartOf(request.id, job)),
        (error) => request.log.error({ err: error }, 'work after the response failed'),
      );
  });
}
