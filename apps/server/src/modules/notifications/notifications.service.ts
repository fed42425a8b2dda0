import {
  DATA_EXPORT_MESSAGES,
  MESSAGES,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationFilter,
  type NotificationsResponse,
} from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/sql.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import type { MissedEvents } from '../stream/stream.service.ts';
import { EVENT_CANCELLED_INFO, excerpt, type HaulBookingInfo, toNotification } from './notifications.mapper.ts';
import { News } from './notifications.news.ts';
import * as q from './notifications.queries.ts';

/** What other modules use with the record… functions below. */
export { EVENT_CANCELLED_INFO, type HaulBookingInfo, News };

const notFound = () => new AppError(404, MESSAGES.http.notFound);

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

/** What a resuming stream missed: the member's notifications that changed since a time, oldest first. */
export const missedNotifications: MissedEvents = async (ctx, userId, since) => {
  const missed = (await q.selectSince(ctx.db, userId, since.toISOString())).map(toNotification);
  const unread = missed.length > 0 ? await unreadCount(ctx, userId) : 0;
  return missed.map((notification) => ({ type: 'notification', notification, unread }));
};

/** Marks notifications read (those the dropdown showed); answers the unread count after it. */
export async function markRead(ctx: AppContext, viewer: Viewer, ids: number[]): Promise<number> {
  const news = new News();
  await q.markRead(ctx.db, viewer.user.id, ids);
  news.unread(viewer.user.id);
  return news.send(ctx, viewer.user.id);
}

/**
 * What answers the invitation behind a notification (a friend request). The friends module registers it at
 * start-up (app.ts): notifications, which friends build on, imports no other module, and confirming a
 * request keeps one path (the friends service's).
 */
export interface InvitationAnswers {
  accept(ctx: AppContext, viewer: Viewer, friendRequestId: number): Promise<void>;
  decline(ctx: AppContext, viewer: Viewer, friendRequestId: number): Promise<void>;
}

/** Accept on a notification: confirms the friend request behind it (409 once answered); answers the unread count. */
export async function acceptInvitation(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  answers: InvitationAnswers,
): Promise<number> {
  const { kind, friendRequestId } = await ownedNotification(ctx, viewer, id);
  if (kind !== 'friend_request' || friendRequestId === null)
    throw new AppError(409, 'This invitation was already answered.');
  await answers.accept(ctx, viewer, friendRequestId);
  return unreadCount(ctx, viewer.user.id);
}

/**
 * Remove on a notification: it goes, and a friend request still waiting behind it is declined (which takes
 * the notification with it). Answers the unread count.
 */
export async function removeFromBell(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  answers: InvitationAnswers,
): Promise<number> {
  const { kind, friendRequestId } = await ownedNotification(ctx, viewer, id);
  if (kind === 'friend_request' && friendRequestId !== null) await answers.decline(ctx, viewer, friendRequestId);
  else await removeNotification(ctx, viewer, id);
  return unreadCount(ctx, viewer.user.id);
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
async function removeNotification(ctx: AppContext, viewer: Viewer, id: number): Promise<number> {
  const news = new News();
  if (!(await q.deleteOwned(ctx.db, viewer.user.id, id))) throw notFound();
  news.unread(viewer.user.id);
  return news.send(ctx, viewer.user.id);
}

/*
 * What other modules record, inside their own transactions. Each answers nothing to its caller but adds to
 * `news`, which is sent once the transaction has committed (an event never tells of a change that was rolled
 * back). Nothing is recorded for what a member does to their own things, and nothing about an item its
 * recipient may not see at that moment (the statement that writes the notification asks items.policy), so
 * nothing of it is pushed either.
 */

/** Pushes a notification that was written (null: its recipient may not see what it is about). */
function tell(news: News, userId: string, id: number | null) {
  if (id !== null) news.notification(userId, id);
}

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
  tell(news, c.recipientId, id);
}

/** A request became a friendship: the recipient's notification says so, and its sender hears of it. */
export async function recordRequestAccepted(
  tx: Tx,
  news: News,
  c: { senderId: string; recipientId: string; at: Date },
) {
  // One statement: the recipient's request notification marked accepted, the sender's written.
  const id = await q.markAcceptedAndUpsert(tx, c, {
    userId: c.senderId,
    kind: 'friend_accepted',
    cause: `friend_accepted:${c.recipientId}`,
    actorId: c.recipientId,
    at: c.at,
  });
  news.unread(c.recipientId);
  tell(news, c.senderId, id);
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
  tell(news, c.ownerId, id);
}

/** A comment deleted (by its author or the item's): its notification to the item's author goes. */
export async function recordCommentDeleted(tx: Tx, news: News, c: { ownerId: string; commentId: number }) {
  if (await q.deleteByCause(tx, c.ownerId, `comment:${c.commentId}`)) news.unread(c.ownerId);
}

/**
 * A comment, or a share's comment, edited: the excerpt its notification quotes becomes the new text, so the
 * bell never keeps words their author took back. Quietly: it is not unread again nor put on top.
 */
export async function recordTextEdited(
  tx: Tx,
  c: { ownerId: string; cause: `comment:${number}` | `share:${number}`; text: string | null },
) {
  await q.updateInfo(tx, c.ownerId, c.cause, c.text ? excerpt(c.text) : null);
}

/** An item deleted by its author: every notification about it goes, and each recipient's count is pushed. */
export async function recordItemDeleted(tx: Tx, news: News, c: { postId: number }) {
  for (const userId of await q.deleteAboutItem(tx, c.postId)) news.unread(userId);
}

/**
 * A share of the owner's item. It is about the share (it carries the sharer's words): an owner who may not
 * see the share (the sharer's profile is private to them) is not told of it.
 */
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
    aboutItemId: c.shareId,
    info: c.comment ? excerpt(c.comment) : null,
    at: c.at,
  });
  tell(news, c.ownerId, id);
}

/**
 * An event changed (edited or cancelled): each follower who may see it now, never its owner, gets one
 * notification of it, folded into their row for this event (cause `event_update:<event>`), on top and unread
 * again; a follower it became invisible to gets nothing (the events module drops such follows in the same
 * transaction; this statement does not rely on it). `info` says what changed ('New start: Dec 2, 2026
 * 6:00 PM MST', 'The event was cancelled.').
 */
export async function recordEventUpdate(
  tx: Tx,
  news: News,
  c: { eventId: number; ownerId: string; info: string; at: Date },
) {
  const rows = await q.upsertForFollowers(tx, { ...c, info: excerpt(c.info) });
  for (const row of rows) news.notification(row.userId, row.id);
}

/**
 * A moderator warned the member, removed something they posted, or suspended them: they are told why (the
 * reason, then the note), by nobody named, with the action they may appeal once (`action_id`).
 */
export async function recordModerationNotice(
  tx: Tx,
  news: News,
  c: {
    userId: string;
    actionId: number;
    action: 'warn' | 'remove' | 'suspend';
    reason: string;
    note: string | null;
    at: Date;
  },
) {
  const info = `${c.reason}${c.note ? ` — ${c.note}` : ''}`;
  const rows = await q.upsertSelfNotices(tx, [
    {
      userId: c.userId,
      kind: 'moderation',
      cause: `moderation:${c.actionId}`,
      info,
      moderationActionId: c.actionId,
      at: c.at,
    },
  ]);
  for (const row of rows) news.notification(row.userId, row.id);
}

/** Each report a moderator acted on: its reporter is told once that it was, never by whom or how. */
export async function recordReportsActedOn(
  tx: Tx,
  news: News,
  c: { reports: Array<{ id: number; userId: string }>; at: Date },
) {
  const rows = await q.upsertSelfNotices(
    tx,
    c.reports.map((report) => ({
      userId: report.userId,
      kind: 'report_update' as const,
      cause: `report_update:${report.id}`,
      info: null,
      moderationActionId: null,
      at: c.at,
    })),
  );
  for (const row of rows) news.notification(row.userId, row.id);
}

/**
 * Each appeal a decision answered: the member who appealed is told whether it was granted or denied (`info`),
 * with the action appealed (their standing shows it), by nobody named.
 */
export async function recordAppealsDecided(
  tx: Tx,
  news: News,
  c: { appeals: Array<{ id: number; userId: string; actionId: number; status: 'granted' | 'denied' }>; at: Date },
) {
  const rows = await q.upsertSelfNotices(
    tx,
    c.appeals.map((appeal) => ({
      userId: appeal.userId,
      kind: 'appeal' as const,
      cause: `appeal:${appeal.id}`,
      info: appeal.status,
      moderationActionId: appeal.actionId,
      at: c.at,
    })),
  );
  for (const row of rows) news.notification(row.userId, row.id);
}

/** Your data: the member's export is ready (from Corral, naming nobody; docs/decisions/035-data-export.md). */
export async function recordDataExportReady(tx: Tx, news: News, c: { userId: string; exportId: number; at: Date }) {
  const rows = await q.upsertSelfNotices(tx, [
    {
      userId: c.userId,
      kind: 'data_export',
      cause: `data_export:${c.exportId}`,
      info: DATA_EXPORT_MESSAGES.notificationInfo,
      moderationActionId: null,
      at: c.at,
    },
  ]);
  for (const row of rows) news.notification(row.userId, row.id);
}

/**
 * The hauling board's notices (ADR 030), each to one side of a booking (or a saved search's owner) about the
 * event of the offer, which the recipient must see when it is written: `haul_booking` (one row per booking
 * and recipient, its `info` the booking's new status), `haul_review`, `haul_reminder` (per booking) and
 * `haul_match` (per offer; `bookingId` null). A block either way or a mute writes nothing, as for any actor.
 */
export async function recordHaulNotice(
  tx: Tx,
  news: News,
  c:
    | {
        kind: 'haul_booking';
        info: HaulBookingInfo;
        userId: string;
        actorId: string;
        eventId: number;
        bookingId: number;
        at: Date;
      }
    | {
        kind: 'haul_review' | 'haul_reminder';
        userId: string;
        actorId: string;
        eventId: number;
        bookingId: number;
        at: Date;
      }
    | { kind: 'haul_match'; userId: string; actorId: string; eventId: number; offerId: number; at: Date },
) {
  if (c.userId === c.actorId) return;
  const id = await q.upsert(tx, {
    userId: c.userId,
    kind: c.kind,
    cause: c.kind === 'haul_match' ? `haul_match:${c.offerId}` : `${c.kind}:${c.bookingId}`,
    actorId: c.actorId,
    postId: c.eventId,
    info: c.kind === 'haul_booking' ? c.info : null,
    haulBookingId: c.kind === 'haul_match' ? null : c.bookingId,
    at: c.at,
  });
  tell(news, c.userId, id);
}
