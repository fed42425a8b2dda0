import { API_PATHS, outboxResponseSchema } from '@corral/contract';
import { routeGroup } from '../../lib/access.ts';

/** The dev outbox (architecture "Runtime modes"): registered only while the outbox transports are used. */
export const devRoutes = routeGroup('public', async (app) => {
  app.get(
    API_PATHS.devOutbox,
    {
      schema: {
        tags: ['dev'],
        summary: 'Emails and SMS sent in the embedded default, newest first',
        response: { 200: outboxResponseSchema },
      },
    },
    async () => app.ctx.outbox.list(),
  );
});
