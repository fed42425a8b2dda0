import type { FriendRequest } from '@corral/contract';
import { useCallback, useState } from 'react';
import { type Answer, useFriendRequests } from '../api/friends-api.ts';
import { FriendRequestCard } from './friend-request-card.tsx';

interface Answered {
  request: FriendRequest;
  outcome: Answer;
}

/**
 * Spec: the first request only until See All; See All / See Less only with more than one request. An answered
 * request keeps its card, with the outcome, for about two seconds, even though the list fetched meanwhile
 * (the live stream refreshes it at once) no longer holds it.
 */
export function FriendRequests() {
  const requests = useFriendRequests();
  const [expanded, setExpanded] = useState(false);
  const [answered, setAnswered] = useState<Answered[]>([]);
  const onAnswered = useCallback(
    (request: FriendRequest, outcome: Answer) => setAnswered((list) => [...list, { request, outcome }]),
    [],
  );
  const onGone = useCallback((id: number) => setAnswered((list) => list.filter((a) => a.request.id !== id)), []);

  const waiting = (requests.data?.data ?? []).filter((r) => !answered.some((a) => a.request.id === r.id));
  const list: { request: FriendRequest; outcome: Answer | null }[] = [
    ...answered,
    ...waiting.map((request) => ({ request, outcome: null })),
  ];
  if (requests.isPending) return <p className="text-sm text-stone-500">Loading…</p>;
  if (list.length === 0) return <p className="text-sm text-stone-500">No new friend requests.</p>;
  const shown = expanded ? list : list.slice(0, 1);
  return (
    <div className="flex flex-col gap-4">
      {shown.map(({ request, outcome }) => (
        <FriendRequestCard
          key={request.id}
          request={request}
          outcome={outcome}
          onAnswered={onAnswered}
          onGone={onGone}
        />
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
