import { API_PATHS, friendRequestCreateSchema } from '@corral/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMember } from '../../lib/viewer.ts';
import { sendFriendRequest } from './friends.service.ts';

export const friendsRoutes: FastifyPluginAsyncZod = async (app) => {
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
      friendship_status: await sendFriendRequest(app.ctx, await requireMember(app.ctx, request), request.body.user_id),
    }),
  );
};
