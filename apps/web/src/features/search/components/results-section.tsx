import { SEARCH_MESSAGES, type SearchResponse } from '@corral/contract';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { Button } from '../../../ui/button.tsx';
import { EventSummary, MemberSummary } from './result-summaries.tsx';

type Results = UseInfiniteQueryResult<InfiniteData<SearchResponse>>;

/** One kind of result on the results page: its rows, Show More while there are more, and its own states. */
export function ResultsSection({ kind, results, q }: { kind: 'members' | 'events'; results: Results; q: string }) {
  const title = kind === 'members' ? 'Members' : 'Events';
  const headingId = `search-${kind}`;
  const members = results.data?.pages.flatMap((page) => page.members.data) ?? [];
  const events = results.data?.pages.flatMap((page) => page.events.data) ?? [];
  const count = kind === 'members' ? members.length : events.length;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-white p-4 shadow-sm sm:p-5">
      <h2 id={headingId} className="mb-3 font-semibold text-leather-900">
        {title}
      </h2>
      {results.isPending ? (
        <ul aria-hidden="true" className="flex flex-col gap-3">
          {[0, 1, 2].map((row) => (
            <li key={row} className="h-10 animate-pulse rounded-lg bg-leather-50" />
          ))}
        </ul>
      ) : results.isError && count === 0 ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-2 text-sm text-red-700">
          {SEARCH_MESSAGES.failed}
          <Button variant="secondary" onClick={() => results.refetch()}>
            Try again
          </Button>
        </div>
      ) : count === 0 ? (
        <p className="text-sm text-stone-600">
          No {kind} match “{q}”.
        </p>
      ) : (
        <>
          <ul className="flex flex-col gap-1">
            {kind === 'members'
              ? members.map((member) => (
                  <li key={member.id}>
                    <Link
                      to={paths.userProfile(member.id)}
                      className="flex items-center gap-3 rounded-lg p-2 hover:bg-leather-50"
                    >
                      <MemberSummary member={member} />
                    </Link>
                  </li>
                ))
              : events.map((event) => (
                  <li key={event.id}>
                    <Link
                      to={paths.event(event.id)}
                      className="flex items-center gap-3 rounded-lg p-2 hover:bg-leather-50"
                    >
                      <EventSummary event={event} long />
                    </Link>
                  </li>
                ))}
          </ul>
          {results.isFetchNextPageError && (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {SEARCH_MESSAGES.failed}
            </p>
          )}
          {results.hasNextPage && (
            <Button
              variant="secondary"
              className="mt-3 w-full"
              busy={results.isFetchingNextPage}
              onClick={() => results.fetchNextPage()}
            >
              Show More
            </Button>
          )}
        </>
      )}
    </section>
  );
}
