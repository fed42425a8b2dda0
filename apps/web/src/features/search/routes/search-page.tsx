import { SEARCH_MESSAGES } from '@corral/contract';
import { useSearchParams } from 'react-router';
import { normalizeQuery, useSearchResults } from '../api/search-api.ts';
import { ResultsSection } from '../components/results-section.tsx';

/** The search results page: members and events matching `?q=`, each kind with Show More. */
export function SearchPage() {
  const [params] = useSearchParams();
  const q = normalizeQuery(params.get('q') ?? '');
  return q ? (
    <Results key={q} q={q} />
  ) : (
    <div className="rounded-2xl bg-white p-6 text-center shadow-sm">
      <h1 className="font-semibold text-leather-900">Search Corral</h1>
      <p className="mt-1 text-stone-600">Type a member's name or an event's title in the search box.</p>
    </div>
  );
}

function Results({ q }: { q: string }) {
  const members = useSearchResults(q, 'members');
  const events = useSearchResults(q, 'events');
  const nothing =
    members.isSuccess &&
    events.isSuccess &&
    members.data.pages[0]?.members.data.length === 0 &&
    events.data.pages[0]?.events.data.length === 0;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-lg font-semibold text-leather-900">Search results for “{q}”</h1>
      {nothing ? (
        <p role="status" className="rounded-2xl bg-white p-6 text-center text-stone-600 shadow-sm">
          {SEARCH_MESSAGES.noResults(q)}
        </p>
      ) : (
        <>
          <ResultsSection kind="members" results={members} q={q} />
          <ResultsSection kind="events" results={events} q={q} />
        </>
      )}
    </div>
  );
}
