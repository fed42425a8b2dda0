import {
  API_PATHS,
  notificationParamsSchema,
  notificationsQuerySchema,
  notificationsReadSchema,
  notificationsResponseSchema,
  unreadResponseSchema,
} from '@corral/contract';
import { routeGroup, viewerOf } from '../../lib/access.ts';
import { acceptFromNotification, removeFromNotification } from '../friends/friends.service.ts';
import { listNotifications, markRead, ownedNotification, unreadCount } from './notifications.service.ts';

const tags = ['notifications'];
const unread = { 200: unreadResponseSchema };

/** The bell: GET /notifications, and Accept, Remove and read on them (owner only; anyone else's is a 404). */
export const notificationsRoutes = routeGroup('member', async (app) => {
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
    async (request) => {
      const viewer = viewerOf(request);
      await acceptFromNotification(app.ctx, viewer, await ownedNotification(app.ctx, viewer, request.params.id));
      return { status: true as const, unread: await unreadCount(app.ctx, viewer.user.id) };
    },
  );
  app.delete(
    API_PATHS.notification.pattern,
    { schema: { tags, params: notificationParamsSchema, response: unread } },
    async (request) => {
      const viewer = viewerOf(request);
      const notification = await ownedNotification(app.ctx, viewer, request.params.id);
      await removeFromNotification(app.ctx, viewer, request.params.id, notification);
      return { status: true as const, unread: await unreadCount(app.ctx, viewer.user.id) };
    },
  );
});
