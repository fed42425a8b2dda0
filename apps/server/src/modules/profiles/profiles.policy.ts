import type { FriendshipStatus } from '@corral/contract';

/** How the viewer stands with a member: themselves, friends, a request pending either way, or none of these. */
export function friendshipStatus(row: {
  is_self: boolean;
  is_friend: boolean;
  sent_request_id: string | null;
  received_request_id: string | null;
}): FriendshipStatus {
  if (row.is_self) return 'self';
  if (row.is_friend) return 'friends';
  if (row.sent_request_id !== null) return 'pending_sent';
  if (row.received_request_id !== null) return 'pending_received';
  return 'not_friends';
}

/**
 * Who may see what (architecture): everyone signed in sees a member's name, avatar and the locked notice;
 * a profile's counts, posts and events only when it is public, or to the member and their friends.
 * profiles.queries.ts applies the same rule in SQL (`isSelfOrFriend`), and items.policy.ts for each item.
 */
export const mayViewProfileContent = (profile: { isPrivate: boolean; status: FriendshipStatus }) =>
  !profile.isPrivate || profile.status === 'self' || profile.status === 'friends';
