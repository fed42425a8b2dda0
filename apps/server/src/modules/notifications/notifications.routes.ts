import {
  API_PATHS,
  notificationParamsSchema,
  notificationsQuerySchema,
  notificationsReadSchema,
  notificationsResponseSchema,
  unreadResponseSchema,
} from '@corral/contract';
import { routeGroup, viewerOf } from '../../lib/access.ts';
import {
  acceptInvitation,
  type InvitationAnswers,
  listNotifications,
  markRead,
  ownedNotification,
  removeFromBell,
} from './notifications.service.ts';

const tags = ['notifications'];
const unread = { 200: unreadResponseSchema };

/**
 * The bell: GET /notifications, and Accept, Remove and read on them (owner only; anyone else's is a 404).
 * `invitations` answers the friend requests behind them, registered by the friends module (app.ts).
 */
export const notificationsRoutes = routeGroup<{ invitations: InvitationAnswers }>('member', async (app, options) => {
  app.get(
    API_PATHS.notifications,
    { schema: { tags, querystring: notificationsQuerySchema, response: { 200: notificationsResponseSchema } } },
    (request) => listNotifications(app.ctx, viewerOf(request), request.query),
  );
  app.post(
    API_PATHS.notificationsRead,
    { schema: { tags, body: notificationsReadSchema, response: unread } },
    async (request) => ({
      status: true as const,
      unread: await markRead(app.ctx, viewerOf(request), request.body.ids),
    }),
  );
  app.post(
    API_PATHS.notificationRead.pattern,
    { schema: { tags, params: notificationParamsSchema, response: unread } },
    async (request) => {
      const viewer = viewerOf(request);
      await ownedNotification(app.ctx, viewer, request.params.id);
      return { status: true as const, unread: await markRead(app.ctx, viewer, [request.params.id]) };
    },
  );
  app.post(
    API_PATHS.notificationAccept.pattern,
    { schema: { tags, params: notificationParamsSchema, response: unread } },
    async (request) => ({
      status: true as const,
      unread: await acceptInvitation(app.ctx, viewerOf(request), request.params.id, options.invitations),
    }),
  );
  app.delete(
    API_PATHS.notification.pattern,
    { schema: { tags, params: notificationParamsSchema, response: unread } },
    async (request) => ({
      status: true as const,
      unread: await removeFromBell(app.ctx, viewerOf(request), request.params.id, options.invitations),
    }),
  );
});
