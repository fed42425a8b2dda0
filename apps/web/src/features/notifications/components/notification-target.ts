import type { Notification } from '@corral/contract';
import { paths } from '../../../config/paths.ts';

/**
 * Where an item leads: a moderator's decision, or an appeal's outcome, to the member's account standing (its
 * details and appeal), a
 * haul booking's notice to the booking, a hauling match to the event's Hauling tab, a followed event's change to the event's detail, the post it is about, else the member behind a friend request
 * or acceptance. A report acted on leads nowhere: the member is not told how (nor what became of the item).
 */
export function notificationTarget(notification: Notification): string | null {
  if (notification.kind === 'moderation' || notification.kind === 'appeal') return paths.accountStanding;
  if (notification.kind === 'report_update') return null;
  // Your data: the export is downloaded from the Account page's section.
  if (notification.kind === 'data_export') return `${paths.account}#your-data`;
  // The hauling board: a booking's notices lead to the booking; a new offer matching a saved search to the
  // event's Hauling tab (its `post_id` is the event).
  if (notification.kind === 'haul_match') {
    return notification.post_id === null ? null : paths.eventHauling(notification.post_id);
  }
  if (
    notification.kind === 'haul_booking' ||
    notification.kind === 'haul_review' ||
    notification.kind === 'haul_reminder'
  ) {
    return notification.haul_booking_id ? paths.haulBooking(notification.haul_booking_id) : null;
  }
  if (notification.kind === 'event_update' && notification.post_id !== null) return paths.event(notification.post_id);
  if (notification.post_id !== null) return paths.postDetail(notification.post_id);
  if (notification.kind === 'friend_request' || notification.kind === 'friend_accepted') {
    return paths.userProfile(notification.actor.id);
  }
  return null;
}
