import {
  API_PATHS,
  cursorQuerySchema,
  FRIEND_MESSAGES,
  friendParamsSchema,
  friendRequestCreateSchema,
  friendRequestParamsSchema,
  friendRequestsResponseSchema,
  friendsQuerySchema,
  friendsResponseSchema,
  okResponseSchema,
} from '@corral/contract';
import { z } from 'zod';
import { routeGroup, viewerOf } from '../../lib/access.ts';
import {
  acceptRequest,
  friends,
  receivedRequests,
  removeRequest,
  sendFriendRequest,
  unfriend,
} from './friends.service.ts';

const tags = ['friends'];
const ok = { 200: okResponseSchema };

export const friendsRoutes = routeGroup('member', async (app) => {
  app.post(
    API_PATHS.friendRequests,
    {
      schema: {
        tags,
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
  app.get(
    API_PATHS.friendRequests,
    {
      schema: {
        tags,
        querystring: cursorQuerySchema,
        response: { 200: friendRequestsResponseSchema },
      },
    },
    (request) => receivedRequests(app.ctx, viewerOf(request), request.query.cursor),
  );
  app.post(
    API_PATHS.friendRequestAccept.pattern,
    { schema: { tags, params: friendRequestParamsSchema, response: ok } },
    async (request) => {
      await acceptRequest(app.ctx, viewerOf(request), request.params.id);
      return { status: true as const, message: FRIEND_MESSAGES.accepted };
    },
  );
  app.delete(
    API_PATHS.friendRequest.pattern,
    { schema: { tags, params: friendRequestParamsSchema, response: ok } },
    async (request) => {
      await removeRequest(app.ctx, viewerOf(request), request.params.id);
      return { status: true as const, message: FRIEND_MESSAGES.removed };
    },
  );
  app.get(
    API_PATHS.friends,
    { schema: { tags, querystring: friendsQuerySchema, response: { 200: friendsResponseSchema } } },
    (request) => friends(app.ctx, viewerOf(request), request.query),
  );
  app.delete(
    API_PATHS.friend.pattern,
    { schema: { tags, params: friendParamsSchema, response: ok } },
    async (request) => {
      await unfriend(app.ctx, viewerOf(request), request.params.user_id);
      return { status: true as const };
    },
  );
});
