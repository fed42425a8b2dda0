import { Link } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../config/paths.ts';
import { useSendFriendRequest } from '../../../entities/friendships/api/send-friend-request.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { Carousel } from '../../../ui/carousel.tsx';
import { useSuggestions } from '../api/home.ts';

const mutualText = (count: number) => `${count} Mutual ${count === 1 ? 'Friend' : 'Friends'}`;

/**
 * 'People you may know': friends of friends ranked by mutual friends (server rule), 3 cards a view,
 * 2 under 768 px, 1 under 480 px. Add Friend sends a real friend request.
 */
export function SuggestedFriends() {
  const suggestions = useSuggestions();
  const send = useSendFriendRequest();
  const friends = suggestions.data?.suggestions.friends ?? [];
  const requested = new Set(suggestions.data?.requested ?? []);
  // Once sent, the card reads 'Request sent' (the request marks the cached suggestions).
  const add = (userId: string) =>
    send.mutate(userId, {
      onSuccess: (status) => toast.success(status === 'friends' ? 'You are now friends.' : 'Friend request sent.'),
      onError: (error) =>
        toast.error(error instanceof ApiError ? error.message : 'The friend request could not be sent.'),
    });
  if (suggestions.isPending) {
    // As tall as the loaded card (heading, one row of cards, the carousel's controls): nothing below moves.
    return <div aria-hidden="true" className="h-[21rem] animate-pulse rounded-2xl bg-white/70 shadow-sm" />;
  }
  if (friends.length === 0) return null;
  return (
    <section aria-labelledby="people-heading" className="rounded-2xl bg-white p-4 shadow-sm">
      <h2 id="people-heading" className="mb-3 font-semibold text-leather-900">
        People you may know
      </h2>
      <Carousel label="People you may know" slideClassName="basis-full min-[480px]:basis-1/2 md:basis-1/3">
        {friends.map((friend, index) => {
          const name = `${friend.first_name} ${friend.last_name}`.trim();
          const sent = requested.has(friend.id);
          return (
            <article
              key={friend.id}
              aria-label={name}
              className="flex h-full flex-col items-center gap-2 rounded-xl border border-leather-100 p-4 text-center"
            >
              <Link to={paths.userProfile(friend.id)} className="rounded-full">
                {/* The first card's photo is the first screen's largest picture on a phone (the app shell
                    preloads it: app/first-load-plan.ts); the others wait until they are near the screen. */}
                <Avatar src={friend.user_image} name={name} className="size-20" lazy={index > 0} />
              </Link>
              <Link to={paths.userProfile(friend.id)} className="font-semibold text-leather-900 hover:underline">
                {name}
              </Link>
              <p className="text-sm text-stone-500">{mutualText(friend.mutual_friends)}</p>
              <Button
                className="mt-auto w-full"
                variant={sent ? 'secondary' : 'primary'}
                disabled={sent}
                busy={send.isPending && send.variables === friend.id}
                onClick={() => add(friend.id)}
                aria-label={sent ? `Request sent to ${name}` : `Add ${name} as a friend`}
              >
                {sent ? 'Request sent' : 'Add Friend'}
              </Button>
            </article>
          );
        })}
      </Carousel>
    </section>
  );
}
