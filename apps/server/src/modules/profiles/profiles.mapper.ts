import { type Profile, type ProfileCounts, USER_PLACEHOLDER_IMAGE } from '@corral/contract';
import { friendshipStatus, mayViewProfileContent } from './profiles.policy.ts';
import type { ProfileRow } from './profiles.queries.ts';

export const toCounts = (row: ProfileRow): ProfileCounts => ({
  event_count: row.event_count,
  friends_count: row.friends_count,
  mutual_count: row.mutual_count,
});

/** A profile as the viewer may see it: the fields listed one by one, the counts only when allowed. */
export function toProfile(row: ProfileRow): Profile {
  const status = friendshipStatus(row);
  const requestId =
    status === 'pending_sent' ? row.sent_request_id : status === 'pending_received' ? row.received_request_id : null;
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    name: `${row.first_name} ${row.last_name}`.trim(),
    avatar: row.image ?? USER_PLACEHOLDER_IMAGE,
    is_private: row.is_private,
    friendship_status: status,
    friend_request_id: requestId === null ? null : Number(requestId),
    counts: mayViewProfileContent({ isPrivate: row.is_private, status }) ? toCounts(row) : null,
    is_muted: row.is_muted,
    // Only where the counts show (a private profile seen by a stranger shows only who it is).
    ...(row.hauling
      ? {
          hauling: {
            completed_hauls: Number(row.hauling.completed_hauls),
            rating: row.hauling.rating === null ? null : Number(row.hauling.rating),
            reviews_count: Number(row.hauling.reviews_count),
            late_cancellations: Number(row.hauling.late_cancellations),
          },
        }
      : {}),
  };
}
