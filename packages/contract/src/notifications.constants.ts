/** The spec's notification texts (sections 2 to 4), verbatim. */
export const NOTIFICATION_MESSAGES = {
  empty: 'No notifications here.',
  accepted: 'You have accepted this invitation.',
} as const;

/** The spec's page size of the notification dropdown. */
export const NOTIFICATIONS_PAGE_SIZE = 5;

/**
 * The kinds of event the live stream (GET /api/stream) sends, each under its SSE `event:` name: the
 * `type`s of `streamEventSchema`, listed here so that the web can listen for them without loading zod.
 */
export const STREAM_EVENT_TYPES = [
  'notification',
  'unread',
  'friend_request',
  'friend_request_removed',
  'friendship',
  'ready',
] as const;
