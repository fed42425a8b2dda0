import { MESSAGES, type ReferenceItem } from '@corral/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { PostCard } from '../../../entities/items/components/post-card.tsx';
import { Button } from '../../../ui/button.tsx';
import {
  type EventFilters,
  type EventScope,
  eventsQuery,
  useAssociationList,
  useEventTypeList,
} from '../api/events-api.ts';
import { CalendarFeedBox } from '../components/calendar-feed-box.tsx';

/** One events list (GET /events) as the feed's cards, with Show More, loading, empty and error states. */
function EventList({
  scope,
  filters,
  emptyText,
  label,
}: {
  scope: EventScope;
  filters?: EventFilters;
  emptyText: string;
  label: string;
}) {
  const events = useInfiniteQuery(eventsQuery(scope, filters));
  const items = events.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section aria-label={label} className="flex flex-col gap-4">
      {events.isPending &&
        [0, 1].map((n) => (
          <div key={n} aria-hidden="true" className="h-48 animate-pulse rounded-2xl bg-white/70 shadow-sm" />
        ))}
      {events.isSuccess && items.length === 0 && (
        <p className="rounded-2xl bg-white p-6 text-center text-stone-600 shadow-sm">{emptyText}</p>
      )}
      {items.length > 0 && (
        <div role="feed" aria-label={label} aria-busy={events.isFetching} className="flex flex-col gap-4">
          {items.map((item) => (
            <PostCard key={item.id} item={item} />
          ))}
        </div>
      )}
      {events.isError && (
        <div
          role="alert"
          className="flex items-center justify-between gap-3 rounded-2xl bg-white p-4 text-red-700 shadow-sm"
        >
          {items.length > 0 ? MESSAGES.feed.loadMoreFailed : 'The events could not be loaded.'}
          <Button variant="secondary" onClick={() => (items.length > 0 ? events.fetchNextPage() : events.refetch())}>
            Try again
          </Button>
        </div>
      )}
      {events.hasNextPage && !events.isError && (
        <Button
          variant="secondary"
          busy={events.isFetchingNextPage}
          onClick={() => events.fetchNextPage()}
          className="self-center"
        >
          Show More
        </Button>
      )}
    </section>
  );
}

function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="flex flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm">
      <h1 className="font-display text-2xl text-leather-900">{title}</h1>
      {children}
    </header>
  );
}

function FilterSelect({
  label,
  items,
  value,
  onChange,
  allLabel,
}: {
  label: string;
  items: ReferenceItem[] | undefined;
  value: number | null;
  onChange: (value: number | null) => void;
  allLabel: string;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1 sm:max-w-xs">
      <label htmlFor={id} className="text-sm font-medium text-stone-700">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
        className="w-full min-w-0 rounded-lg border border-stone-300 bg-white px-3 py-2 text-base focus:border-leather-600 focus:outline-none focus:ring-2 focus:ring-leather-200"
      >
        <option value="">{allLabel}</option>
        {(items ?? []).map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Upcoming events with one filter: by discipline (Event Types) or by association (Associations). */
function FilteredUpcomingPage({ by }: { by: 'eventType' | 'association' }) {
  const types = useEventTypeList();
  const associations = useAssociationList();
  const [value, setValue] = useState<number | null>(null);
  const byType = by === 'eventType';
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={byType ? 'Event Types' : 'Associations'}>
        <FilterSelect
          label={byType ? 'Discipline' : 'Association'}
          items={byType ? types.data : associations.data}
          value={value}
          onChange={setValue}
          allLabel={byType ? 'All disciplines' : 'All associations'}
        />
      </PageHeader>
      <EventList
        scope="upcoming"
        filters={byType ? { eventType: value } : { association: value }}
        label="Upcoming events"
        emptyText={byType ? 'No upcoming events of this type yet.' : 'No upcoming events of this association yet.'}
      />
    </div>
  );
}

/** Event Types: upcoming events, filtered by discipline. */
export const EventTypesPage = () => <FilteredUpcomingPage by="eventType" />;

/** Associations: upcoming events, filtered by association. */
export const AssociationTypesPage = () => <FilteredUpcomingPage by="association" />;

/** A discipline and an association filter side by side (My events, Event history). */
function useBothFilters() {
  const types = useEventTypeList();
  const associations = useAssociationList();
  const [eventType, setEventType] = useState<number | null>(null);
  const [association, setAssociation] = useState<number | null>(null);
  const controls = (
    <div className="flex flex-wrap gap-3">
      <FilterSelect
        label="Discipline"
        items={types.data}
        value={eventType}
        onChange={setEventType}
        allLabel="All disciplines"
      />
      <FilterSelect
        label="Association"
        items={associations.data}
        value={association}
        onChange={setAssociation}
        allLabel="All associations"
      />
    </div>
  );
  return { controls, filters: { eventType, association } };
}

/** My events: the events the member created or follows, upcoming, soonest first; and the calendar feed. */
export function MyEventsPage() {
  const { controls, filters } = useBothFilters();
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="My events">
        <p className="text-sm text-stone-600">Events you created or follow, soonest first.</p>
        {controls}
      </PageHeader>
      <CalendarFeedBox />
      <EventList
        scope="mine"
        filters={filters}
        label="My events"
        emptyText="You have no upcoming events. Create one with the plus, or follow one."
      />
    </div>
  );
}

/** Event history: past events, newest first. */
export function EventHistoryPage() {
  const { controls, filters } = useBothFilters();
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Event history">{controls}</PageHeader>
      <EventList scope="history" filters={filters} label="Past events" emptyText="No past events yet." />
    </div>
  );
}
