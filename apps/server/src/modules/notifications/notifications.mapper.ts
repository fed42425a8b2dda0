import { DATA_EXPORT_MESSAGES, MODERATION_MESSAGES, type Notification, USER_PLACEHOLDER_IMAGE } from '@corral/contract';
import type { NotificationRow } from './notifications.queries.ts';

const INFO_MAX = 140;

/** An excerpt for the notification's info line. */
export const excerpt = (text: string | null | undefined) => {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > INFO_MAX ? `${flat.slice(0, INFO_MAX - 1)}…` : flat;
};

/** The info of an event_update that tells of a cancellation (its title says so too). */
export const EVENT_CANCELLED_INFO = 'The event was cancelled.';

/** The title of a notification, from its kind, its latest actor and how many more there are. */
export function titleOf(
  row: Pick<NotificationRow, 'kind' | 'actors' | 'post_kind' | 'first_name' | 'last_name'> & {
    moderation_action?: string | null;
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
    case 'moderation':
      return row.moderation_action === 'suspend'
        ? MODERATION_MESSAGES.suspendedNotice
        : row.moderation_action === 'remove'
          ? MODERATION_MESSAGES.removed
          : MODERATION_MESSAGES.warned;
    case 'report_update':
      return MODERATION_MESSAGES.reportActedOn;
    case 'appeal':
      return row.info === 'granted' ? MODERATION_MESSAGES.appealGranted : MODERATION_MESSAGES.appealDenied;
    case 'haul_booking':
      return haulBookingTitle(name, row.info);
    case 'haul_review':
      return `${name} reviewed your haul.`;
    case 'haul_match':
      return `${name} offers stalls that match your saved search.`;
    case 'haul_reminder':
      return `Check your horses' papers: your haul with ${name} leaves soon.`;
    case 'data_export':
      return DATA_EXPORT_MESSAGES.notificationTitle;
  }
}

/** What a booking's notification says: `info` is the booking's new status (ADR 030). */
export const HAUL_BOOKING_INFOS = [
  'requested',
  'confirmed',
  'declined',
  'expired',
  'cancelled',
  'completed',
  /** The event was cancelled, and the booking with it (the sweep; nobody's doing). */
  'event_cancelled',
] as const;
export type HaulBookingInfo = (typeof HAUL_BOOKING_INFOS)[number];

function haulBookingTitle(name: string, info: string | null | undefined) {
  switch (info as HaulBookingInfo) {
    case 'requested':
      return `${name} asked to book stalls on your haul.`;
    case 'confirmed':
      return `Your haul booking with ${name} is confirmed.`;
    case 'declined':
      return `${name} declined your haul booking.`;
    case 'expired':
      return `Your haul booking with ${name} expired unanswered.`;
    case 'cancelled':
      return `${name} cancelled your haul booking.`;
    case 'completed':
      return `Your haul with ${name} is complete: leave a review.`;
    case 'event_cancelled':
      return `The event was cancelled, and your haul booking with ${name} with it.`;
    default:
      return `Your haul booking with ${name} changed.`;
  }
}

const HAUL_KINDS: ReadonlySet<string> = new Set(['haul_booking', 'haul_review', 'haul_match', 'haul_reminder']);

export function toNotification(row: NotificationRow): Notification {
  return {
    id: Number(row.id),
    kind: row.kind,
    title: titleOf(row),
    // A haul notice's info is its status (said by the title); the line under it names the event.
    info: excerpt(
      row.kind === 'moderation'
        ? row.info
        : row.kind === 'report_update' || row.kind === 'appeal'
          ? ''
          : HAUL_KINDS.has(row.kind)
            ? row.post_title
            : (row.info ?? row.post_title),
    ),
    isRead: row.is_read,
    thumbnail: row.image ?? USER_PLACEHOLDER_IMAGE,
    time: row.time,
    actor: { id: row.actor_id, name: `${row.first_name} ${row.last_name}`.trim() },
    post_id: row.post_id === null ? null : Number(row.post_id),
    can_accept: row.can_accept,
    accepted: row.accepted,
    action_id: row.moderation_action_id === null ? null : Number(row.moderation_action_id),
    haul_booking_id:
      row.haul_booking_id === null || row.haul_booking_id === undefined ? null : Number(row.haul_booking_id),
  };
}
