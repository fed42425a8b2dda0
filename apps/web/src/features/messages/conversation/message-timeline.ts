import { deviceTimeZone, formatInstant, instantToLocalTime, type Message } from '@corral/contract';
import type { OutboxEntry } from './outbox.ts';

/** One row of the conversation: a message from the server, or one of this page's sends. */
export type TimelineMessage =
  | { kind: 'sent'; key: string; message: Message; mine: boolean }
  | { kind: 'outbox'; key: string; entry: OutboxEntry; mine: true };

export type TimelineRow =
  | { kind: 'day'; key: string; label: string; date: string }
  | (TimelineMessage & {
      /** The last of a run of messages from the same side on the same day: its avatar and time show. */
      lastOfRun: boolean;
      /** The first of such a run (a deleted member's name shows above it). */
      firstOfRun: boolean;
    });

/** A row's key: a message this member sent keeps its client id's key from the outbox to the server's copy. */
const keyOf = (message: Message) => (message.client_id ? `c:${message.client_id}` : `m:${message.id}`);

/**
 * The rows of a conversation, oldest at the top: the cached pages (newest first) turned around, then the
 * outbox's sends that the cache does not have yet, with a separator before each new day (the member's zone).
 */
export function buildTimeline(
  pages: readonly { data: readonly Message[] }[],
  outbox: readonly OutboxEntry[],
  me: string,
  now: Date = new Date(),
): TimelineRow[] {
  const sent = pages.flatMap((page) => page.data).reverse();
  const known = new Set(sent.map((message) => message.client_id).filter(Boolean));
  const messages: (TimelineMessage & { at: string; side: string })[] = [
    ...sent.map((message) => ({
      kind: 'sent' as const,
      key: keyOf(message),
      message,
      mine: message.sender_id === me,
      at: message.created_at,
      side: message.sender_id ?? '',
    })),
    ...outbox
      .filter((entry) => !known.has(entry.client_id))
      .map((entry) => ({
        kind: 'outbox' as const,
        key: `c:${entry.client_id}`,
        entry,
        mine: true as const,
        at: entry.created_at,
        side: me,
      })),
  ];
  const zone = deviceTimeZone();
  const rows: TimelineRow[] = [];
  let day = '';
  messages.forEach((item, index) => {
    const itemDay = dayOf(item.at, zone);
    if (itemDay !== day) {
      day = itemDay;
      rows.push({ kind: 'day', key: `d:${itemDay}`, label: dayLabel(item.at, zone, now), date: itemDay });
    }
    const previous = messages[index - 1];
    const next = messages[index + 1];
    const { at: _at, side, ...row } = item;
    rows.push({
      ...row,
      firstOfRun: !previous || previous.side !== side || dayOf(previous.at, zone) !== itemDay,
      lastOfRun: !next || next.side !== side || dayOf(next.at, zone) !== itemDay,
    } as TimelineRow);
  });
  return rows;
}

function dayOf(instant: string, zone: string): string {
  try {
    return instantToLocalTime(instant, zone).date;
  } catch {
    return '';
  }
}

/** 'Today', 'Yesterday', 'Monday, March 2', or with the year when it is not this year's. */
export function dayLabel(instant: string, zone: string, now: Date = new Date()): string {
  const day = dayOf(instant, zone);
  const today = dayOf(now.toISOString(), zone);
  if (day === today) return 'Today';
  if (day === dayOf(new Date(now.getTime() - 86_400_000).toISOString(), zone)) return 'Yesterday';
  const sameYear = day.slice(0, 4) === today.slice(0, 4);
  return formatInstant(instant, zone, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}

/** A message's time of day, '3:04 PM', in the member's zone. */
export const clockOf = (instant: string) =>
  formatInstant(instant, deviceTimeZone(), { hour: 'numeric', minute: '2-digit' });

/**
 * The id of the viewer's last message that the other member has read ("Seen" shows under it), or null: no
 * read marker (the viewer's own request waits), or none of theirs read yet.
 */
export function seenMessageId(
  pages: readonly { data: readonly Message[] }[],
  me: string,
  otherLastRead: number | null,
) {
  if (otherLastRead === null) return null;
  let seen: number | null = null;
  for (const page of pages)
    for (const message of page.data)
      if (message.sender_id === me && message.id <= otherLastRead && (seen === null || message.id > seen))
        seen = message.id;
  return seen;
}

/** The newest message from the other member (what marks the conversation read once seen). */
export function newestFromOther(pages: readonly { data: readonly Message[] }[], me: string): Message | null {
  let newest: Message | null = null;
  for (const page of pages)
    for (const message of page.data)
      if (message.sender_id !== me && (newest === null || message.id > newest.id)) newest = message;
  return newest;
}
