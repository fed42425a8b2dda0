import { API_PATHS, referenceListSchema } from '@corral/contract';
import { routeGroup } from '../../lib/access.ts';
import { listReference, type ReferenceKind } from './setup.service.ts';

const LISTS: ReadonlyArray<{ path: string; kind: ReferenceKind; summary: string }> = [
  { path: API_PATHS.eventTypes, kind: 'eventTypes', summary: 'Event types (rodeo disciplines), in display order' },
  { path: API_PATHS.associations, kind: 'associations', summary: 'Rodeo associations, in display order' },
  { path: API_PATHS.circuits, kind: 'circuits', summary: 'PRCA circuits, in display order' },
];

/**
 * The reference lists the onboarding wizard and the event forms offer. Public: they hold nothing
 * personal, and the wizard asks for them before anything else.
 */
export const setupRoutes = routeGroup('public', async (app) => {
  const { ctx } = app;
  for (const { path, kind, summary } of LISTS) {
    app.get(
      path,
      { schema: { tags: ['setup'], summary, response: { 200: referenceListSchema } } },
      async (_request, reply) => {
        // The lists change only with a deployment; browsers may keep them a few minutes.
        reply.header('cache-control', 'public, max-age=300');
        return listReference(ctx, kind);
      },
    );
  }
});
