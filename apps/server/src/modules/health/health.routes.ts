import { API_PATHS, livenessResponseSchema, readinessResponseSchema } from '@corral/contract';
import { routeGroup } from '../../lib/access.ts';
import type { Draining } from '../../lib/draining.ts';
import { READINESS_RETRY_AFTER_SECONDS, readinessCheck } from './health.service.ts';

/**
 * Probes for load balancers and orchestrators, never rate limited ('probe'): liveness (the process runs)
 * and readiness (it may take requests). GET /health is readiness under its first name.
 */
export const healthRoutes = routeGroup<{ draining: Draining }>('probe', async (app, { draining }) => {
  const readiness = readinessCheck(app.ctx, draining);
  const readinessSchema = {
    tags: ['system'],
    summary: 'Readiness: the database (and Redis, when used) answer and the process is not shutting down',
    response: { 200: readinessResponseSchema, 503: readinessResponseSchema },
  };

  app.get(
    API_PATHS.healthLive,
    { schema: { tags: ['system'], summary: 'Liveness: the process runs', response: { 200: livenessResponseSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  for (const path of [API_PATHS.healthReady, API_PATHS.health])
    app.get(path, { schema: readinessSchema }, async (_request, reply) => {
      const answer = await readiness();
      if (answer.status !== 'ok') reply.status(503).header('retry-after', String(READINESS_RETRY_AFTER_SECONDS));
      return answer;
    });
});
