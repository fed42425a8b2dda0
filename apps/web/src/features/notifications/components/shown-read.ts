import type { Notification } from '@corral/contract';

/** POST /notifications/read takes at most this many ids a call (the contract's `notificationsReadSchema`). */
export const READ_BATCH = 50;

/**
 * The unread notifications of a shown page not seen before in this opening of the bell; they join `seen`,
 * so each is marked read once.
 */
export function takeNewlyShownUnread(notifications: readonly Notification[], seen: Set<number>): number[] {
  const ids = notifications.filter((item) => !item.isRead && !seen.has(item.id)).map((item) => item.id);
  for (const id of ids) seen.add(id);
  return ids;
}

/** Ids in calls of at most READ_BATCH. */
export function batches(ids: readonly number[], size = READ_BATCH): number[][] {
  const out: number[][] = [];
  for (let start = 0; start < ids.length; start += size) out.push(ids.slice(start, start + size));
  return out;
}
