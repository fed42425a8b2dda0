/**
 * Query keys of the feed's own answers. Queries that hold feed items (timeline, item detail, suggestions)
 * take their keys from `itemKeys` in lib/query-keys.ts, so the item cache keeps every copy in step.
 */
export const feedKeys = {
  all: ['feed'] as const,
  upcomingEvents: () => [...feedKeys.all, 'upcoming-events'] as const,
};
