/**
 * Query keys of every query that holds feed items (posts and events), in one factory (bluesky's pattern).
 * The item cache (item-cache.ts) walks every query under `itemKeys.all` when an item changes, so a new
 * list of items (a profile's posts, an events page) stays in step by taking its key from here.
 */
export const itemKeys = {
  all: ['items'] as const,
  timeline: () => [...itemKeys.all, 'timeline'] as const,
  detail: (id: number) => [...itemKeys.all, 'detail', id] as const,
  /** Suggested friends and events: the events are items. */
  suggestions: () => [...itemKeys.all, 'suggestions'] as const,
};
