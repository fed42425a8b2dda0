import {
  API_PATHS,
  blockResponseSchema,
  errorResponseSchema,
  meBlocksResponseSchema,
  memberParamsSchema,
  muteResponseSchema,
} from '@corral/contract';
import { routeGroup, viewerOf } from '../../lib/access.ts';
import { block, blocksAndMutes, mute, unblock, unmute } from './safety.service.ts';

const tags = ['safety'];
const errors = { '4xx': errorResponseSchema };
const byId = { params: memberParamsSchema };

/** Blocks and mutes: POST and DELETE /users/:id/block and /users/:id/mute, GET /me/blocks. */
export const safetyRoutes = routeGroup('member', async (app) => {
  const blocking = { tags, ...byId, response: { 200: blockResponseSchema, ...errors } };
  app.post(
    API_PATHS.userBlock.pattern,
    { schema: { ...blocking, summary: 'Block a member: neither sees the other; friendship and requests end' } },
    (request) => block(app.ctx, viewerOf(request), request.params.id),
  );
  app.delete(API_PATHS.userBlock.pattern, { schema: { ...blocking, summary: 'Unblock a member' } }, (request) =>
    unblock(app.ctx, viewerOf(request), request.params.id),
  );

  const muting = { tags, ...byId, response: { 200: muteResponseSchema, ...errors } };
  app.post(
    API_PATHS.userMute.pattern,
    { schema: { ...muting, summary: "Mute a member: their posts and notifications leave the viewer's screens" } },
    (request) => mute(app.ctx, viewerOf(request), request.params.id),
  );
  app.delete(API_PATHS.userMute.pattern, { schema: { ...muting, summary: 'Unmute a member' } }, (request) =>
    unmute(app.ctx, viewerOf(request), request.params.id),
  );

  app.get(
    API_PATHS.meBlocks,
    {
      schema: { tags, summary: 'The members the viewer blocked and muted', response: { 200: meBlocksResponseSchema } },
    },
    (request) => blocksAndMutes(app.ctx, viewerOf(request)),
  );
});
