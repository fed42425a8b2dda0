import { useState } from 'react';
import { useFriendRequests } from '../api/friends-api.ts';
import { FriendRequestCard } from './friend-request-card.tsx';

/** Spec: the first request only until See All; See All / See Less only with more than one request. */
export function FriendRequests() {
  const requests = useFriendRequests();
  const [expanded, setExpanded] = useState(false);
  const list = requests.data?.data ?? [];
  if (requests.isPending) return <p className="text-sm text-stone-500">Loading…</p>;
  if (list.length === 0) return <p className="text-sm text-stone-500">No new friend requests.</p>;
  const shown = expanded ? list : list.slice(0, 1);
  return (
    <div className="flex flex-col gap-4">
      {shown.map((request) => (
        <FriendRequestCard key={request.id} request={request} />
      ))}
      {list.length > 1 && (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
          className="self-start text-sm font-semibold text-leather-700 hover:underline"
        >
          {expanded ? 'See Less' : 'See All'}
        </button>
      )}
    </div>
  );
}
