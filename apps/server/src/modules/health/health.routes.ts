import { healthResponseSchema } from '@corral/contract';
import { sql } from 'drizzle-orm';
import { routeGroup } from '../../lib/access.ts';

export const healthRoutes = routeGroup('public', async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['system'], summary: 'Liveness and database check', response: { 200: healthResponseSchema } } },
    async () => {
      await app.ctx.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );
});
