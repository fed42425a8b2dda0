import { healthResponseSchema } from '@corral/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['system'], summary: 'Liveness and database check', response: { 200: healthResponseSchema } } },
    async () => {
      await app.ctx.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );
};
