import { type FeedItem, MESSAGES } from '@corral/contract';
import { useState } from 'react';
import { PostCard } from '../../../entities/items/components/post-card.tsx';
import { Button } from '../../../ui/button.tsx';
import { lazyDialog } from '../../../ui/lazy-dialog.tsx';
import { useTimeline } from '../api/timeline.ts';
import { CreatePostBox } from '../components/create-post/create-post-box.tsx';
import { PostAreaSearch } from '../components/post-area-search.tsx';
import { SuggestedEvents } from '../components/suggested-events.tsx';
import { SuggestedFriends } from '../components/suggested-friends.tsx';

const CreatePostModal = lazyDialog(() =>
  import('../components/create-post/create-post-modal.tsx').then((module) => module.CreatePostModal),
);

/** Whether an item (or the item it shares) mentions `query` in its text, poster or sharer. */
function matches(item: FeedItem, query: string): boolean {
  const haystack = [item.title, item.first_name, item.last_name, item.sharer_first_name, item.sharer_last_name]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return haystack.includes(query.toLowerCase()) || (item.shared_item ? matches(item.shared_item, query) : false);
}

/**
 * The main feed: search bar, composer, suggestions, then the timeline with Show More and its loading,
 * end, empty and error states.
 */
export function FriendListPage() {
  const timeline = useTimeline();
  const [composer, setComposer] = useState<false | 'text' | 'photo'>(false);
  const [query, setQuery] = useState('');
  const all = timeline.data?.pages.flatMap((page) => page.data) ?? [];
  const items = query ? all.filter((item) => matches(item, query)) : all;
  return (
    <section aria-labelledby="timeline-heading" className="flex min-w-0 flex-col gap-4">
      <h1 id="timeline-heading" className="sr-only">
        Timeline
      </h1>
      {/* The composer's code is fetched as soon as a pointer or the focus reaches one of its openers. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: it only prefetches; the openers inside are the controls. */}
      <div className="contents" onPointerEnter={CreatePostModal.preload} onFocus={CreatePostModal.preload}>
        <PostAreaSearch onOpenPhotos={() => setComposer('photo')} onSearch={setQuery} />
        <CreatePostBox onOpen={setComposer} />
      </div>
      <CreatePostModal
        open={composer !== false}
        pickOnOpen={composer === 'photo'}
        onOpenChange={(open) => setComposer(open ? composer || 'text' : false)}
      />
      <SuggestedFriends />
      <SuggestedEvents />
      {timeline.isPending &&
        [0, 1, 2].map((n) => (
          <div key={n} aria-hidden="true" className="h-48 animate-pulse rounded-2xl bg-white/70 shadow-sm" />
        ))}
      {timeline.isSuccess && all.length === 0 && (
        <div className="rounded-2xl bg-white p-6 text-center shadow-sm">
          <p className="font-semibold text-leather-900">Your timeline is quiet.</p>
          <p className="mt-1 text-stone-600">Posts from you and your friends will show here.</p>
        </div>
      )}
      {query && (
        <p aria-live="polite" className="text-sm text-stone-600">
          {items.length === 0
            ? `Nothing loaded so far mentions “${query}”.`
            : `${items.length} loaded ${items.length === 1 ? 'post mentions' : 'posts mention'} “${query}”.`}
        </p>
      )}
      <div role="feed" aria-label="Posts" aria-busy={timeline.isFetching} className="flex flex-col gap-4">
        {items.map((item) => (
          <PostCard key={item.id} item={item} />
        ))}
      </div>
      {timeline.isError && (
        <div role="alert" className="flex items-center justify-between rounded-2xl bg-white p-4 text-red-700 shadow-sm">
          {MESSAGES.feed.loadMoreFailed}
          <Button variant="secondary" onClick={() => (all.length > 0 ? timeline.fetchNextPage() : timeline.refetch())}>
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
      {timeline.isSuccess && !timeline.hasNextPage && all.length > 0 && (
        <p className="py-2 text-center text-sm text-stone-500">You're all caught up.</p>
      )}
    </section>
  );
}
