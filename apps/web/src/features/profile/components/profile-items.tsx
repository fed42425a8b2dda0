import { MESSAGES, PROFILE_MESSAGES } from '@corral/contract';
import { PostCard } from '../../../entities/items/components/post-card.tsx';
import { Button } from '../../../ui/button.tsx';
import { useProfilePosts } from '../api/profile-api.ts';
import { hasCard } from './item-kinds.ts';

/**
 * A member's posts and events as the feed's cards, newest first, with Show More. An item of a type this
 * version does not know shows 'Unknown content type' (spec) rather than a broken card.
 */
export function ProfileItems({ userId, emptyText, label }: { userId: string; emptyText: string; label: string }) {
  const posts = useProfilePosts(userId);
  const items = posts.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section aria-label={label} className="flex flex-col gap-4">
      <h2 className="sr-only">{label}</h2>
      {posts.isPending &&
        [0, 1].map((n) => (
          <div key={n} aria-hidden="true" className="h-48 animate-pulse rounded-2xl bg-white/70 shadow-sm" />
        ))}
      {posts.isSuccess && items.length === 0 && (
        <p className="rounded-2xl bg-white p-6 text-center text-stone-600 shadow-sm">{emptyText}</p>
      )}
      {items.length > 0 && (
        <div role="feed" aria-label={label} aria-busy={posts.isFetching} className="flex flex-col gap-4">
          {items.map((item) =>
            hasCard(item) ? (
              <PostCard key={item.id} item={item} />
            ) : (
              <article key={item.id} className="rounded-2xl bg-white p-4 text-stone-500 shadow-sm">
                {PROFILE_MESSAGES.unknownContentType}
              </article>
            ),
          )}
        </div>
      )}
      {posts.isError && (
        <div
          role="alert"
          className="flex items-center justify-between gap-3 rounded-2xl bg-white p-4 text-red-700 shadow-sm"
        >
          {MESSAGES.feed.loadMoreFailed}
          <Button variant="secondary" onClick={() => (items.length > 0 ? posts.fetchNextPage() : posts.refetch())}>
            Try again
          </Button>
        </div>
      )}
      {posts.hasNextPage && !posts.isError && (
        <Button
          variant="secondary"
          busy={posts.isFetchingNextPage}
          onClick={() => posts.fetchNextPage()}
          className="self-center"
        >
          Show More
        </Button>
      )}
    </section>
  );
}
