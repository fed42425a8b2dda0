import { FRIEND_MESSAGES, type FriendRequest, LIMITS } from '@corral/contract';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { formatMutualFriends, formatTimeAgo, formatTimestamp } from '../../../lib/format.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { type Answer, useAnswerRequest } from '../api/friends-api.ts';

const OUTCOME: Record<Answer, string> = { accept: FRIEND_MESSAGES.accepted, remove: FRIEND_MESSAGES.removed };

interface FriendRequestCardProps {
  request: FriendRequest;
  /** Set once answered: the card shows it in place of the buttons. */
  outcome: Answer | null;
  onAnswered(request: FriendRequest, outcome: Answer): void;
  /** About two seconds after the answer: the card leaves. */
  onGone(id: number): void;
}

/** Spec: avatar, name, time, mutual friends and up to two of their avatars, Confirm and Delete. */
export function FriendRequestCard({ request, outcome, onAnswered, onGone }: FriendRequestCardProps) {
  const answer = useAnswerRequest();
  const [error, setError] = useState<string | null>(null);

  // The answer shows for about two seconds, then the card leaves (whatever renders meanwhile).
  const leave = useRef(() => {});
  leave.current = () => {
    onGone(request.id);
    if (outcome) answer.settle(outcome);
  };
  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => leave.current(), LIMITS.friendRequestRemovalDelayMs);
    return () => clearTimeout(timer);
  }, [outcome]);

  function respond(choice: Answer) {
    setError(null);
    answer.mutate(
      { id: request.id, answer: choice },
      {
        onSuccess: () => onAnswered(request, choice),
        onError: (failure) =>
          setError(failure instanceof ApiError ? failure.message : 'The request could not be answered.'),
      },
    );
  }

  return (
    <article className="flex gap-3" aria-label={`Friend request from ${request.user.name}`}>
      <Avatar src={request.user.avatarUrl} name={request.user.name} />
      <div className="min-w-0 flex-1">
        {/* The whole name, wrapping if it must; the time takes a few letters beside it (spec: name, time). */}
        <div className="flex items-baseline justify-between gap-2">
          <p className="min-w-0 font-semibold break-words text-leather-900">{request.user.name}</p>
          <time
            dateTime={request.time}
            title={formatTimestamp(request.time)}
            className="shrink-0 text-xs text-stone-500"
          >
            <span aria-hidden="true">{formatTimeAgo(request.time, 'narrow')}</span>
            <span className="sr-only">{formatTimeAgo(request.time)}</span>
          </time>
        </div>
        {request.mutualFriends > 0 && (
          <div className="mt-1 flex items-center gap-2 text-xs text-stone-600">
            <span className="flex -space-x-2">
              {request.mutualFriendAvatars.slice(0, 2).map((src, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: two fixed places; avatars carry no id and never move
                <Avatar key={index} src={src} name="" className="size-5 ring-2 ring-white" />
              ))}
            </span>
            {formatMutualFriends(request.mutualFriends)}
          </div>
        )}
        {outcome ? (
          <p role="status" className="mt-2 text-sm text-stone-600">
            {OUTCOME[outcome]}
          </p>
        ) : (
          <div className="mt-2 flex gap-2">
            <Button
              busy={answer.isPending && answer.variables?.answer === 'accept'}
              disabled={answer.isPending}
              onClick={() => respond('accept')}
            >
              Confirm
            </Button>
            <Button
              variant="secondary"
              busy={answer.isPending && answer.variables?.answer === 'remove'}
              disabled={answer.isPending}
              onClick={() => respond('remove')}
            >
              Delete
            </Button>
          </div>
        )}
        {error && (
          <p role="alert" className="mt-1 text-xs text-red-700">
            {error}
          </p>
        )}
      </div>
    </article>
  );
}
