import { z } from 'zod';
import { messageStreamEvents } from './conversations.ts';
import { friendRequestSchema } from './friends.ts';
import { haulStreamEvents } from './haul.ts';
import { NOTIFICATION_KINDS } from './notifications.constants.ts';

export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/**
 * A notification (spec section 3: id, title, info, isRead, thumbnail, time), with what the web needs to act
 * on it: its kind, who is behind it, the item it is about, and whether it can still be accepted.
 */
export const notificationSchema = z.object({
  id: z.number().int(),
  kind: notificationKindSchema,
  /** e.g. 'Ty Murray and 3 others liked your post.' */
  title: z.string(),
  /** A short excerpt: the comment, the share's comment, the post's title, what changed. */
  info: z.string(),
  isRead: z.boolean(),
  /** The actor's avatar. */
  thumbnail: z.string(),
  time: z.string(),
  actor: z.object({ id: z.string(), name: z.string() }),
  post_id: z.number().int().nullable(),
  /** A friend request still waiting for an answer: Accept and Remove answer it. */
  can_accept: z.boolean(),
  /** The invitation was accepted ('You have accepted this invitation.'). */
  accepted: z.boolean(),
  /** moderation: the action it tells of (GET /me/standing; POST /appeals appeals it once). */
  action_id: z.number().int().nullable(),
  /** haul_booking, haul_review, haul_reminder: the booking it tells of (GET /haul/bookings/{id}). */
  haul_booking_id: z.number().int().nullable().optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationFilterSchema = z.enum(['all', 'unread']);
export type NotificationFilter = z.infer<typeof notificationFilterSchema>;

/** GET /notifications?filter=all|unread&page=: one page of 5, newest first, the total and the unread count. */
export const notificationsQuerySchema = z.object({
  filter: notificationFilterSchema.default('all'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const notificationsResponseSchema = z.object({
  data: z.array(notificationSchema),
  /** How many the filter holds (for 'Page X of Y'). */
  total: z.number().int(),
  unread: z.number().int(),
  /** The page answered: the one asked for, clamped to the last one when the list shrank. */
  page: z.number().int(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

export const notificationParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** POST /notifications/read: what the dropdown showed, marked read at once. */
export const notificationsReadSchema = z.object({
  ids: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(50),
});

/** The answer of every action on notifications: the unread count after it. */
export const unreadResponseSchema = z.object({ status: z.literal(true), unread: z.number().int() });
export type UnreadResponse = z.infer<typeof unreadResponseSchema>;

/**
 * What GET /stream (server-sent events) pushes to every open tab of a member. The SSE `event` field is the
 * `type`, `data` is this object as JSON, and `id` lets a reconnecting client resume (Last-Event-ID).
 */
export const streamEventSchema = z.discriminatedUnion('type', [
  /** A new notification, or one that folded in a new actor (it moved to the top). */
  z.object({ type: z.literal('notification'), notification: notificationSchema, unread: z.number().int() }),
  /** The unread count changed (read elsewhere, removed, an actor took a like back). */
  z.object({ type: z.literal('unread'), unread: z.number().int() }),
  /** A friend request arrived. */
  z.object({ type: z.literal('friend_request'), request: friendRequestSchema }),
  /** A request to this member was cancelled, declined or accepted (in another tab, or by its sender). */
  z.object({ type: z.literal('friend_request_removed'), id: z.number().int() }),
  /** A friendship began or ended. */
  z.object({
    type: z.literal('friendship'),
    user_id: z.string(),
    friendship_status: z.enum(['friends', 'not_friends']),
  }),
  /** Sent first on every (re)connection: the state to start from (`messages`: the chat icon's counts). */
  z.object({
    type: z.literal('ready'),
    unread: z.number().int(),
    messages: z.object({ inbox: z.number().int(), requests: z.number().int() }),
    resumed: z.boolean(),
  }),
  ...messageStreamEvents,
  ...haulStreamEvents,
]);
export type StreamEvent = z.infer<typeof streamEventSchema>;
export type StreamEventType = StreamEvent['type'];
