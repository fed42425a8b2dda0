/**
 * Query keys of the feed, in one factory (bluesky's pattern): optimistic updates patch every cached
 * copy of an item through these keys, so every list and detail view agrees.
 */
export const feedKeys = {
  all: ['feed'] as const,
  timeline: () => [...feedKeys.all, 'timeline'] as const,
  item: (id: number) => [...feedKeys.all, 'item', id] as const,
  comments: (id: number) => [...feedKeys.all, 'comments', id] as const,
  suggestions: () => [...feedKeys.all, 'suggestions'] as const,
  upcomingEvents: () => [...feedKeys.all, 'upcoming-events'] as const,
};
