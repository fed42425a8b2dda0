import type { StreamEvent } from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import { pushTo } from '../stream/live.ts';
import { toNotification } from './notifications.mapper.ts';
import * as q from './notifications.queries.ts';

type Item =
  | { userId: string; kind: 'notification'; id: number }
  | { userId: string; kind: 'unread' }
  | { userId: string; kind: 'event'; event: StreamEvent };

/**
 * The live events a change makes, gathered during its transaction and pushed to the members' streams after
 * it committed. A notification goes out whole, with its recipient's unread count.
 */
export class News {
  private readonly items: Item[] = [];

  notification(userId: string, id: number): void {
    this.items.push({ userId, kind: 'notification', id });
  }

  unread(userId: string): void {
    this.items.push({ userId, kind: 'unread' });
  }

  event(userId: string, event: StreamEvent): void {
    this.items.push({ userId, kind: 'event', event });
  }

  /**
   * Pushes everything gathered: what the events carry is read at once (the notifications in one statement),
   * then the events are published in order. Answers `countFor`'s unread count after it (shared with the pushed
   * events when one counted it), or -1 without `countFor`.
   */
  async send(ctx: AppContext, countFor?: string): Promise<number> {
    const counted = new Map<string, number>();
    const ids = this.items.flatMap((item) => (item.kind === 'notification' ? [item.id] : []));
    const unreadOf = [...new Set(this.items.flatMap((item) => (item.kind === 'unread' ? [item.userId] : [])))];
    // Every notification in one statement, however many recipients (an event's followers), and beside it, not
    // after it, the unread counts asked for: the events wait for both, and a round trip more is felt by every
    // stream (issue 20).
    const [found, counts] = await Promise.all([
      ids.length > 0 ? q.selectManyWithUnread(ctx.db, ids) : [],
      Promise.all(unreadOf.map((userId) => q.selectUnread(ctx.db, userId))),
    ]);
    const rows = new Map(found.map((row) => [Number(row.id), row]));
    const unreadCounts = new Map(unreadOf.map((userId, i) => [userId, counts[i] ?? 0]));
    const events = this.items.map((item): StreamEvent | null => {
      if (item.kind === 'event') return item.event;
      if (item.kind === 'notification') {
        const row = rows.get(item.id);
        if (!row) return null;
        counted.set(item.userId, row.unread);
        return { type: 'notification', notification: toNotification(row), unread: row.unread };
      }
      const unread = unreadCounts.get(item.userId) ?? 0;
      counted.set(item.userId, unread);
      return { type: 'unread', unread };
    });
    // Published in order on one connection, so each member's streams receive them in order.
    await Promise.all(events.map((event, i) => (event ? pushTo(ctx, this.items[i]?.userId ?? '', event) : undefined)));
    if (countFor === undefined) return -1;
    return counted.get(countFor) ?? q.selectUnread(ctx.db, countFor);
  }
}
