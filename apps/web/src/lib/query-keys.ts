/**
 * Query keys of every query that holds feed items (posts and events), in one factory (bluesky's pattern).
 * The item cache (entities/items/api/item-cache.ts) walks every query under `itemKeys.all` when an item
 * changes, so a new list of items (a profile's posts, an events page) stays in step by taking its key from here.
 */
export const itemKeys = {
  all: ['items'] as const,
  timeline: () => [...itemKeys.all, 'timeline'] as const,
  detail: (id: number) => [...itemKeys.all, 'detail', id] as const,
  /** Suggested friends and events: the events are items. */
  suggestions: () => [...itemKeys.all, 'suggestions'] as const,
  /** Every member's posts and events (what a change whose member is not known refreshes). */
  everyProfilePosts: () => [...itemKeys.all, 'profile-posts'] as const,
  /** A member's own posts and events (profile pages). */
  profilePosts: (userId: string) => [...itemKeys.everyProfilePosts(), userId] as const,
  /** Every events list (GET /events), whatever its scope and filters. */
  eventLists: () => [...itemKeys.all, 'events'] as const,
  /** GET /events?scope=&event_type=&association=: the events pages. */
  events: (
    scope: 'upcoming' | 'mine' | 'history',
    filters: { eventType?: number | null; association?: number | null } = {},
  ) => [...itemKeys.eventLists(), scope, filters.eventType ?? null, filters.association ?? null] as const,
  /** GET /events/{id}: an event's detail (not a feed item, but under `all` so a like or follow refreshes it). */
  event: (id: number) => [...itemKeys.all, 'event', id] as const,
};

/** The social graph's queries: friend requests and Contacts (invalidated by the live stream too). */
export const friendKeys = {
  all: ['friends'] as const,
  requests: () => [...friendKeys.all, 'requests'] as const,
  list: (q: string) => [...friendKeys.all, 'list', q] as const,
};

/** The bell's pages and the unread count. */
export const notificationKeys = {
  all: ['notifications'] as const,
  /** Every page of the bell, whatever its tab (what the live stream invalidates). */
  pages: () => [...notificationKeys.all, 'page'] as const,
  page: (filter: 'all' | 'unread', page: number) => [...notificationKeys.pages(), filter, page] as const,
  /** The unread count on the bell's badge, put by every answer that carries it and by the live stream. */
  unread: () => [...notificationKeys.all, 'unread'] as const,
};

/** Trust and safety, as the viewer sees it: whom they blocked and muted (GET /me/blocks), their standing. */
export const safetyKeys = {
  all: ['safety'] as const,
  blocks: () => [...safetyKeys.all, 'blocks'] as const,
  standing: () => [...safetyKeys.all, 'standing'] as const,
};

/** The Account page's server state (docs/decisions/033-account-settings.md). */
export const accountKeys = {
  all: ['account'] as const,
  email: () => [...accountKeys.all, 'email'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
  /** The member's data export: its status and link (features/account/api/data-export.ts). */
  dataExport: () => [...accountKeys.all, 'data-export'] as const,
};

/** Members' profiles (header, friendship status, counts); their posts are items (`itemKeys.profilePosts`). */
export const profileKeys = {
  all: ['profiles'] as const,
  profile: (id: string) => [...profileKeys.all, id] as const,
};

/**
 * Direct messages (docs/decisions/029-direct-messages.md). `box` pages are infinite queries of
 * ConversationsResponse; `messages` of a conversation an infinite query of MessagesResponse whose first page is
 * the newest (features/messages/api/messages-cache.ts keeps it in step with the live stream).
 */
export const conversationKeys = {
  all: ['conversations'] as const,
  boxes: () => [...conversationKeys.all, 'box'] as const,
  box: (box: 'inbox' | 'requests') => [...conversationKeys.boxes(), box] as const,
  /** The chat icon's counts: `{ inbox, requests }` conversations with unread messages. */
  unread: () => [...conversationKeys.all, 'unread'] as const,
  /** GET /conversations/with/{user_id}: the viewer's conversation with a member and whether they may write. */
  with: (userId: string) => [...conversationKeys.all, 'with', userId] as const,
  messages: (conversationId: number) => [...conversationKeys.all, 'messages', conversationId] as const,
};

/**
 * The hauling board (docs/decisions/030-hauling-board.md): an event's offers and requests, the member's own
 * hauls (GET /me/hauls), a booking, the member's horses. The stream's `haul_booking` invalidates `all`.
 */
export const haulKeys = {
  all: ['haul'] as const,
  /** An event's Hauling tab (HaulingResponse): [...event(id), near, horses, rate, date] (hauling-api.ts). */
  event: (eventId: number) => [...haulKeys.all, 'event', eventId] as const,
  mine: () => [...haulKeys.all, 'mine'] as const,
  booking: (id: number) => [...haulKeys.all, 'booking', id] as const,
  horses: () => [...haulKeys.all, 'horses'] as const,
  /** GET /haul/saved-searches: the member's saved searches (a new fitting offer notifies `haul_match`). */
  savedSearches: () => [...haulKeys.all, 'saved-searches'] as const,
};
