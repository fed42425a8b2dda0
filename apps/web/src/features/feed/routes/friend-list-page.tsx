import { MESSAGES } from '@corral/contract';
import { Button } from '../../../ui/button.tsx';
import { useTimeline } from '../api/timeline.ts';
import { CreatePostBox } from '../components/create-post/create-post-box.tsx';
import { PostCard } from '../components/post-card.tsx';

/** The main feed: the timeline with Show More and its loading, end, empty and error states. */
export function FriendListPage() {
  const timeline = useTimeline();
  const items = timeline.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section aria-labelledby="timeline-heading" className="flex flex-col gap-4">
      <h1 id="timeline-heading" className="font-display text-2xl text-leather-900">
        Timeline
      </h1>
      <CreatePostBox />
      {timeline.isPending &&
        [0, 1, 2].map((n) => (
          <div key={n} aria-hidden="true" className="h-48 animate-pulse rounded-2xl bg-white/70 shadow-sm" />
        ))}
      {timeline.isSuccess && items.length === 0 && (
        <div className="rounded-2xl bg-white p-6 text-center shadow-sm">
          <p className="font-semibold text-leather-900">Your timeline is quiet.</p>
          <p className="mt-1 text-stone-600">Posts from you and your friends will show here.</p>
        </div>
      )}
      {items.map((item) => (
        <PostCard key={item.id} item={item} />
      ))}
      {timeline.isError && (
        <div role="alert" className="flex items-center justify-between rounded-2xl bg-white p-4 text-red-700 shadow-sm">
          {MESSAGES.feed.loadMoreFailed}
          <Button
            variant="secondary"
            onClick={() => (items.length > 0 ? timeline.fetchNextPage() : timeline.refetch())}
          >
            Try again
          </Button>
        </div>
      )}
      {timeline.hasNextPage && !timeline.isError && (
        <Button
          variant="secondary"
          busy={timeline.isFetchingNextPage}
          onClick={() => timeline.fetchNextPage()}
          className="self-center"
        >
          Show More
        </Button>
      )}
      {timeline.isSuccess && !timeline.hasNextPage && items.length > 0 && (
        <p className="py-2 text-center text-sm text-stone-500">You're all caught up.</p>
      )}
    </section>
  );
}
