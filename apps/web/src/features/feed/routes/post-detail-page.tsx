import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { usePost } from '../../../entities/items/api/post.ts';
import { CommentThread } from '../../../entities/items/components/comment-thread.tsx';
import { PostCard } from '../../../entities/items/components/post-card.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';

/** One item on its own route (View Detail and copied links), with its comments. */
export function PostDetailPage() {
  const { id: raw } = useParams();
  const id = Number(raw);
  const valid = Number.isSafeInteger(id) && id > 0;
  return valid ? <PostDetail id={id} /> : <Unavailable />;
}

function PostDetail({ id }: { id: number }) {
  const post = usePost(id);
  if (post.isPending) {
    return <div aria-hidden="true" className="h-72 animate-pulse rounded-2xl bg-white/70 shadow-sm" />;
  }
  if (post.isError) {
    if (post.error instanceof ApiError && (post.error.status === 404 || post.error.status === 403))
      return <Unavailable />;
    return (
      <div role="alert" className="flex items-center justify-between rounded-2xl bg-white p-4 text-red-700 shadow-sm">
        This post could not be loaded.
        <Button variant="secondary" onClick={() => post.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <h1 className="sr-only">
        Post by {post.data.first_name} {post.data.last_name}
      </h1>
      <PostCard item={post.data} />
      <section aria-label="Comments" className="rounded-2xl bg-white p-4 shadow-sm sm:p-5">
        <h2 className="mb-3 font-semibold text-leather-900">Comments</h2>
        <CommentThread postId={post.data.id} />
      </section>
    </div>
  );
}

function Unavailable() {
  return (
    <div className="rounded-2xl bg-white p-6 text-center shadow-sm">
      <h1 className="font-semibold text-leather-900">This post is not available.</h1>
      <p className="mt-1 text-stone-600">It may have been removed, or it is only shown to the poster's friends.</p>
      <Link to={paths.friendList} className="mt-4 inline-block font-semibold text-leather-700 underline">
        Back to the feed
      </Link>
    </div>
  );
}
