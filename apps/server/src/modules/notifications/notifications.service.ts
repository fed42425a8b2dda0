import {
  MESSAGES,
  NOTIFICATIONS_PAGE_SIZE,
  type Notification,
  type NotificationFilter,
  type NotificationsResponse,
  type StreamEvent,
  USER_PLACEHOLDER_IMAGE,
} from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/sql.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { pushTo } from '../stream/live.ts';
import * as q from './notifications.queries.ts';

const notFound = () => new AppError(404, MESSAGES.http.notFound);
const INFO_MAX = 140;

/** An excerpt for the notification's info line. */
const excerpt = (text: string | null | undefined) => {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > INFO_MAX ? `${flat.slice(0, INFO_MAX - 1)}…` : flat;
};

/** The info of an event_update that tells of a cancellation (its title says so too). */
export const EVENT_CANCELLED_INFO = 'The event was cancelled.';

/** The title of a notification, from its kind, its latest actor and how many more there are. */
export function titleOf(
  row: Pick<q.NotificationRow, 'kind' | 'actors' | 'post_kind' | 'first_name' | 'last_name'> & {
    info?: string | null;
  },
) {
  const name = `${row.first_name} ${row.last_name}`.trim() || 'A member';
  const item = row.post_kind === 'event' ? 'your event' : 'your post';
  const others = row.actors - 1;
  switch (row.kind) {
    case 'friend_request':
      return `${name} sent you a friend request.`;
    case 'friend_accepted':
      return `${name} accepted your friend request.`;
    case 'like':
      return others > 0
        ? `${name} and ${others} ${others === 1 ? 'other' : 'others'} liked ${item}.`
        : `${name} liked ${item}.`;
    case 'comment':
      return `${name} commented on ${item}.`;
    case 'share':
      return `${name} shared ${item}.`;
    case 'event_update':
      return row.info === EVENT_CANCELLED_INFO
        ? `${name} cancelled an event you follow.`
        : `${name} updated an event you follow.`;
  }
}

export function toNotification(row: q.NotificationRow): Notification {
  return {
    id: Number(row.id),
    kind: row.kind,
    title: titleOf(row),
    info: excerpt(row.info ?? row.post_title),
    isRead: row.is_read,
    thumbnail: row.image ?? USER_PLACEHOLDER_IMAGE,
    time: row.time,
    actor: { id: row.actor_id, name: `${row.first_name} ${row.last_name}`.trim() },
    post_id: row.post_id === null ? null : Number(row.post_id),
    can_accept: row.can_accept,
    accepted: row.accepted,
  };
}

/** GET /notifications: one page of 5, newest first; a page past the end answers the last one. */
export async function listNotifications(
  ctx: AppContext,
  viewer: Viewer,
  query: { filter: NotificationFilter; page: number },
): Promise<NotificationsResponse> {
  const rows = await q.selectPage(
    ctx.db,
    viewer.user.id,
    query.filter === 'unread',
    query.page,
    NOTIFICATIONS_PAGE_SIZE,
  );
  const head = rows[0];
  return {
    data: rows.filter((row) => row.id !== null).map(toNotification),
    total: head?.total ?? 0,
    unread: head?.unread ?? 0,
    page: head?.page ?? 1,
  };
}

export const unreadCount = (ctx: AppContext, userId: string) => q.selectUnread(ctx.db, userId);

/** The viewer's notifications that changed since a time, oldest first (a stream resuming). */
export async function notificationsSince(ctx: AppContext, userId: string, at: Date): Promise<Notification[]> {
  return (await q.selectSince(ctx.db, userId, at.toISOString())).map(toNotification);
}

/** Marks notifications read (those the dropdown showed); answers the unread count after it. */
export async function markRead(ctx: AppContext, viewer: Viewer, ids: number[]): Promise<number> {
  const news = new News();
  await q.markRead(ctx.db, viewer.user.id, ids);
  news.unread(viewer.user.id);
  return news.send(ctx, viewer.user.id);
}

/** The notification's owner and its friend request (still waiting or not); 404 for anyone else's. */
export async function ownedNotification(ctx: AppContext, viewer: Viewer, id: number) {
  const row = await q.selectOwned(ctx.db, viewer.user.id, id);
  if (!row) throw notFound();
  return {
    kind: row.kind,
    actorId: row.actor_id,
    friendRequestId: row.friend_request_id ? Number(row.friend_request_id) : null,
  };
}

/** Remove: deletes one of the viewer's notifications; answers the unread count after it. */
export async function removeNotification(ctx: AppContext, viewer: Viewer, id: number): Promise<number> {
  const news = new News();
  if (!(await q.deleteOwned(ctx.db, viewer.user.id, id))) throw notFound();
  news.unread(viewer.user.id);
  return news.send(ctx, viewer.user.id);
}

/*
 * What other modules record, inside their own transactions. Each answers nothing to its caller but adds to
 * `news`, which is sent once the transaction has committed (an event never tells of a change that was rolled
 * back). Nothing is recorded for what a member does to their own things.
 */

export async function recordFriendRequest(
  tx: Tx,
  news: News,
  c: { senderId: string; recipientId: string; requestId: number; at: Date },
) {
  const id = await q.upsert(tx, {
    userId: c.recipientId,
    kind: 'friend_request',
    cause: `friend_request:${c.senderId}`,
    actorId: c.senderId,
    friendRequestId: c.requestId,
    at: c.at,
  });
  news.notification(c.recipientId, id);
}

/** A request became a friendship: the recipient's notification says so, and its sender hears of it. */
export async function recordRequestAccepted(
  tx: Tx,
  news: News,
  c: { senderId: string; recipientId: string; at: Date },
) {
  await q.markRequestAccepted(tx, c.recipientId, c.senderId, c.at);
  news.unread(c.recipientId);
  const id = await q.upsert(tx, {
    userId: c.senderId,
    kind: 'friend_accepted',
    cause: `friend_accepted:${c.recipientId}`,
    actorId: c.recipientId,
    at: c.at,
  });
  news.notification(c.senderId, id);
}

/** A request withdrawn or declined: its notification goes. */
export async function recordRequestRemoved(tx: Tx, news: News, c: { senderId: string; recipientId: string }) {
  if (await q.deleteByCause(tx, c.recipientId, `friend_request:${c.senderId}`)) news.unread(c.recipientId);
}

export async function recordLike(
  tx: Tx,
  news: News,
  c: { likerId: string; ownerId: string; postId: number; liked: boolean; at: Date },
) {
  if (c.likerId === c.ownerId) return;
  const id = await q.foldLikes(tx, { ownerId: c.ownerId, postId: c.postId, at: c.at, liked: c.liked });
  if (c.liked && id !== null) news.notification(c.ownerId, id);
  else news.unread(c.ownerId);
}

export async function recordComment(
  tx: Tx,
  news: News,
  c: { commenterId: string; ownerId: string; postId: number; commentId: number; text: string; at: Date },
) {
  if (c.commenterId === c.ownerId) return;
  const id = await q.upsert(tx, {
    userId: c.ownerId,
    kind: 'comment',
    cause: `comment:${c.commentId}`,
    actorId: c.commenterId,
    postId: c.postId,
    info: excerpt(c.text),
    at: c.at,
  });
  news.notification(c.ownerId, id);
}

export async function recordShare(
  tx: Tx,
  news: News,
  c: { sharerId: string; ownerId: string; postId: number; shareId: number; comment: string | null; at: Date },
) {
  if (c.sharerId === c.ownerId) return;
  const id = await q.upsert(tx, {
    userId: c.ownerId,
    kind: 'share',
    cause: `share:${c.shareId}`,
    actorId: c.sharerId,
    postId: c.postId,
    info: c.comment ? excerpt(c.comment) : null,
    at: c.at,
  });
  news.notification(c.ownerId, id);
}

/**
 * An event changed (edited or cancelled): each follower, never its owner, gets one notification of it, folded
 * into their row for this event (cause `event_update:<event>`), on top and unread again. `info` says what
 * changed ('New start: Dec 2, 2026 6:00 PM MST', 'The event was cancelled.').
 */
export async function recordEventUpdate(
  tx: Tx,
  news: News,
  c: { eventId: number; ownerId: string; info: string; at: Date },
) {
  const rows = await q.upsertForFollowers(tx, { ...c, info: excerpt(c.info) });
  for (const row of rows) news.notification(row.userId, row.id);
}

type Item =
  | { userId: string; kind: 'notification'; id: number }
  | { userId: string; kind: 'unread' }
  | { userId: string; kind: 'event'; event: StreamEvent };

/**
 * The live events a change makes, gathered during its transaction and pushed to the members' streams after
 * it committed. A notification goes out whole, with its recipient's unread count.
 */
export class News {
  private readonly items: Item[] = [];

  notification(userId: string, id: number): void {
    this.items.push({ userId, kind: 'notification', id });
  }

  unread(userId: string): void {
    this.items.push({ userId, kind: 'unread' });
  }

  event(userId: string, event: StreamEvent): void {
    this.items.push({ userId, kind: 'event', event });
  }

  /**
   * Pushes everything gathered: what the events carry is read at once (the notifications in one statement),
   * then the events are published in order. Answers `countFor`'s unread count after it (shared with the pushed
   * events when one counted it), or -1 without `countFor`.
   */
  async send(ctx: AppContext, countFor?: string): Promise<number> {
    const counted = new Map<string, number>();
    const ids = this.items.flatMap((item) => (item.kind === 'notification' ? [item.id] : []));
    // Every notification in one statement, however many recipients (an event's followers).
    const rows = new Map(
      (ids.length > 0 ? await q.selectManyWithUnread(ctx.db, ids) : []).map((row) => [Number(row.id), row]),
    );
    const events = await Promise.all(
      this.items.map(async (item): Promise<StreamEvent | null> => {
        if (item.kind === 'event') return item.event;
        if (item.kind === 'notification') {
          const row = rows.get(item.id);
          if (!row) return null;
          counted.set(item.userId, row.unread);
          return { type: 'notification', notification: toNotification(row), unread: row.unread };
        }
        const unread = await q.selectUnread(ctx.db, item.userId);
        counted.set(item.userId, unread);
        return { type: 'unread', unread };
      }),
    );
    // Published in order on one connection, so each member's streams receive them in order.
    await Promise.all(events.map((event, i) => (event ? pushTo(ctx, this.items[i]?.userId ?? '', event) : undefined)));
    if (countFor === undefined) return -1;
    return counted.get(countFor) ?? q.selectUnread(ctx.db, countFor);
  }
}
