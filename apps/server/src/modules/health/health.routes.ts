import { API_PATHS, healthResponseSchema } from '@corral/contract';
import { routeGroup } from '../../lib/access.ts';
import { checkHealth } from './health.service.ts';

export const healthRoutes = routeGroup('public', async (app) => {
  app.get(
    API_PATHS.health,
    { schema: { tags: ['system'], summary: 'Liveness and database check', response: { 200: healthResponseSchema } } },
    async () => checkHealth(app.ctx),
  );
});
