import { CONVERSATION_MESSAGES, type ConversationBox } from '@corral/contract';
import { Button } from '../../../ui/button.tsx';
import { useConversationBox } from '../api/conversations-api.ts';
import { ConversationRow } from './conversation-row.tsx';

export interface ConversationListProps {
  box: ConversationBox;
  /** The conversation open beside the list, marked as the current one. */
  selectedId?: number | null;
  /** A row was opened (the panel closes). */
  onOpen?: () => void;
}

const FAILED = 'Conversations could not be loaded.';

/**
 * One box's conversations, newest activity first: skeleton rows while the first page loads, the box's empty
 * sentence, the error with Retry, and 'Show more' while the server has more (paged by cursor).
 */
export function ConversationList({ box, selectedId = null, onOpen }: ConversationListProps) {
  const query = useConversationBox(box);
  if (query.isPending) return <ListSkeleton />;
  if (!query.data) {
    return (
      <div role="alert" className="flex flex-col items-start gap-2 p-3 text-sm text-red-700">
        <p>{query.error?.message || FAILED}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {CONVERSATION_MESSAGES.retry}
        </Button>
      </div>
    );
  }
  const conversations = query.data.pages.flatMap((page) => page.data);
  if (conversations.length === 0 && !query.hasNextPage) {
    return (
      <p className="px-3 py-8 text-center text-sm text-stone-500" data-testid="conversations-empty">
        {box === 'requests' ? CONVERSATION_MESSAGES.emptyRequests : CONVERSATION_MESSAGES.empty}
      </p>
    );
  }
  const pageFailed = query.isFetchNextPageError;
  return (
    <div className="flex min-h-0 flex-col gap-2">
      <ul
        aria-label={box === 'requests' ? 'Message requests' : 'Conversations'}
        aria-busy={query.isFetching || undefined}
        className="flex min-h-0 flex-col gap-0.5"
      >
        {conversations.map((conversation) => (
          <ConversationRow
            key={conversation.id}
            conversation={conversation}
            selected={conversation.id === selectedId}
            onOpen={onOpen}
          />
        ))}
      </ul>
      {pageFailed && (
        <p role="alert" className="px-2 text-xs text-red-700">
          {query.error?.message || FAILED}
        </p>
      )}
      {query.hasNextPage && (
        <Button
          variant="ghost"
          className="self-center"
          busy={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {pageFailed ? CONVERSATION_MESSAGES.retry : 'Show more'}
        </Button>
      )}
    </div>
  );
}

/** Three grey rows the size of the real ones, while the first page loads. */
function ListSkeleton() {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-0.5" data-testid="conversations-loading">
      <span className="sr-only">Loading conversations…</span>
      {[0, 1, 2].map((row) => (
        <div key={row} aria-hidden="true" className="flex items-center gap-3 px-2 py-2">
          <span className="size-11 shrink-0 animate-pulse rounded-full bg-leather-100" />
          <span className="flex flex-1 flex-col gap-2">
            <span className="h-3.5 w-2/5 animate-pulse rounded bg-leather-100" />
            <span className="h-3 w-4/5 animate-pulse rounded bg-leather-50" />
          </span>
        </div>
      ))}
    </div>
  );
}
