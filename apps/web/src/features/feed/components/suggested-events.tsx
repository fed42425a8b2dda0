import { Carousel } from '../../../ui/carousel.tsx';
import { useSuggestions } from '../api/home.ts';
import { EventSummary } from './event-summary.tsx';

/** Suggested Events: upcoming public events matching the member's interests, one a view, with dots. */
export function SuggestedEvents() {
  const suggestions = useSuggestions();
  const events = suggestions.data?.suggested_events ?? [];
  if (suggestions.isPending) {
    // About as tall as a loaded card (its text wraps more on narrow screens), so the timeline below stays put.
    return (
      <div aria-hidden="true" className="h-[22rem] animate-pulse rounded-2xl bg-white/70 shadow-sm md:h-[20.25rem]" />
    );
  }
  if (events.length === 0) return null;
  return (
    <section aria-labelledby="suggested-events-heading" className="rounded-2xl bg-white p-4 shadow-sm">
      <h2 id="suggested-events-heading" className="mb-3 font-semibold text-leather-900">
        Suggested Events
      </h2>
      <Carousel label="Suggested Events" dots>
        {events.map((event) => (
          <article key={event.id} className="h-full rounded-xl border border-leather-100 p-4">
            <p className="mb-1 text-xs font-semibold tracking-wide text-sage-600 uppercase">
              By {event.first_name} {event.last_name}
            </p>
            <EventSummary item={event} />
          </article>
        ))}
      </Carousel>
    </section>
  );
}
