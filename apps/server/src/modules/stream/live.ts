import type { StreamEvent } from '@corral/contract';
import type { AppContext } from '../../app-context.ts';

/** A member's topic on the bus: every open stream of theirs, on any server process, listens to it. */
export const memberTopic = (userId: string) => `member:${userId}`;

/** What travels on the bus: the SSE event id and the event. */
export interface LiveMessage {
  id: string;
  event: StreamEvent;
}

let sequence = 0;

/**
 * An event id that says when it was sent: `<ms since the epoch>-<sequence>`. A stream that reconnects sends
 * the last one back (Last-Event-ID) and is brought up to date from that time (stream.service.ts).
 */
export function eventId(ctx: AppContext): string {
  sequence = (sequence + 1) % 1_000_000;
  return `${ctx.clock.now()}-${sequence}`;
}

/** The time an event id carries, or null for anything that is not one of ours. */
export function timeOfEventId(id: string | undefined): number | null {
  const match = id?.match(/^(\d{13})-\d{1,6}$/);
  return match ? Number(match[1]) : null;
}

/**
 * Pushes an event to every open stream of a member. Never throws: the database holds the truth, and a
 * stream that missed an event catches up when it reconnects; a failure is logged.
 */
export async function pushTo(ctx: AppContext, userId: string, event: StreamEvent): Promise<void> {
  const message: LiveMessage = { id: eventId(ctx), event };
  try {
    await ctx.bus.publish(memberTopic(userId), JSON.stringify(message));
  } catch (error) {
    ctx.logger.warn({ err: error, type: event.type }, 'a live event could not be published');
  }
}
