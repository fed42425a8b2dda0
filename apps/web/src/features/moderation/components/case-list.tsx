import type { ModerationAction, ModerationCase } from '@corral/contract';
import { Button } from '../../../ui/button.tsx';
import { type QueueStatus, useQueue } from '../api/queue.ts';
import { CaseCard } from './case-card.tsx';

const EMPTY: Record<QueueStatus, string> = {
  open: 'No open cases. The arena is quiet.',
  resolved: 'No resolved cases yet.',
};

/** One tab of the queue: its cases in the server's order, page after page (Show more). */
export function CaseList({
  status,
  onAct,
}: {
  status: QueueStatus;
  onAct: (c: ModerationCase, action: ModerationAction) => void;
}) {
  const queue = useQueue(status);
  const cases = queue.data?.pages.flatMap((page) => page.data) ?? [];
  const label = status === 'open' ? 'Open cases' : 'Resolved cases';
  return (
    <div className="flex flex-col gap-4">
      {queue.isPending &&
        [0, 1].map((n) => (
          <div key={n} aria-hidden="true" className="h-64 animate-pulse rounded-2xl bg-white/70 shadow-sm" />
        ))}
      {queue.isSuccess && cases.length === 0 && (
        <p className="rounded-2xl bg-white p-6 text-center text-stone-600 shadow-sm">{EMPTY[status]}</p>
      )}
      {cases.length > 0 && (
        <div role="feed" aria-label={label} aria-busy={queue.isFetching} className="flex flex-col gap-4">
          {cases.map((c) => (
            <CaseCard key={c.id} c={c} onAct={onAct} />
          ))}
        </div>
      )}
      {queue.isError && (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-4 text-red-700 shadow-sm"
        >
          {queue.error.message}
          <Button variant="secondary" onClick={() => (cases.length > 0 ? queue.fetchNextPage() : queue.refetch())}>
            Try again
          </Button>
        </div>
      )}
      {queue.hasNextPage && !queue.isError && (
        <Button
          variant="secondary"
          busy={queue.isFetchingNextPage}
          onClick={() => queue.fetchNextPage()}
          className="self-center"
        >
          Show more cases
        </Button>
      )}
    </div>
  );
}
