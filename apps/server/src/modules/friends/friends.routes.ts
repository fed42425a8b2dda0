import { API_PATHS, friendRequestCreateSchema } from '@corral/contract';
import { z } from 'zod';
import { routeGroup, viewerOf } from '../../lib/access.ts';
import { sendFriendRequest } from './friends.service.ts';

export const friendsRoutes = routeGroup('member', async (app) => {
  app.post(
    API_PATHS.friendRequests,
    {
      schema: {
        tags: ['friends'],
        body: friendRequestCreateSchema,
        response: {
          200: z.object({ status: z.literal(true), friendship_status: z.enum(['pending_sent', 'friends']) }),
        },
      },
    },
    async (request) => ({
      status: true as const,
      friendship_status: await sendFriendRequest(app.ctx, viewerOf(request), request.body.user_id),
    }),
  );
});
