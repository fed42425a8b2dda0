import type { Notification } from '@corral/contract';
import { paths } from '../../../config/paths.ts';

/**
 * Where an item leads: a followed event's change to the event's detail, the post it is about, else the member
 * behind a friend request or acceptance.
 */
export function notificationTarget(notification: Notification): string | null {
  if (notification.kind === 'event_update' && notification.post_id !== null) return paths.event(notification.post_id);
  if (notification.post_id !== null) return paths.postDetail(notification.post_id);
  if (notification.kind === 'friend_request' || notification.kind === 'friend_accepted') {
    return paths.userProfile(notification.actor.id);
  }
  return null;
}
