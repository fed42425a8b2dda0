import type { ServerResponse } from 'node:http';
import type { StreamEvent } from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { eventId, type LiveMessage, memberTopic, timeOfEventId } from './live.ts';

/** What a resuming stream missed of one kind since a time, oldest first. */
export type MissedEvents = (ctx: AppContext, userId: string, since: Date) => Promise<StreamEvent[]>;

/**
 * What the stream asks the modules above it. They answer at start-up (app.ts): the stream, which
 * notifications and friends build on, imports no other module.
 */
export interface StreamSources {
  /** The session behind a token, or null once it ended (checked on every heartbeat). */
  readSession: (token: string) => Promise<Viewer | null>;
  /** The member's unread count, sent with `ready`. */
  unread: (ctx: AppContext, userId: string) => Promise<number>;
  /** What a resuming member missed, kind by kind, in this order. */
  missed: MissedEvents[];
}

/** A comment line this often keeps proxies from closing a quiet stream, and re-checks the session. */
export const HEARTBEAT_MS = 25_000;
/** Streams of one member on one process: tabs and devices, with room for reconnections that overlap. */
export const STREAMS_PER_MEMBER = 10;
/** A stream that comes back within this long is brought up to date; after longer it starts afresh. */
const RESUME_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The streams open on this process, by member (for the per-member cap and for shutting down). */
export class OpenStreams {
  private readonly byMember = new Map<string, Set<() => void>>();

  count(userId: string): number {
    return this.byMember.get(userId)?.size ?? 0;
  }

  add(userId: string, close: () => void): () => void {
    const set = this.byMember.get(userId) ?? new Set();
    set.add(close);
    this.byMember.set(userId, set);
    return () => {
      set.delete(close);
      if (set.size === 0) this.byMember.delete(userId);
    };
  }

  /** Ends every stream (the server is shutting down: clients reconnect to another process). */
  closeAll(): void {
    for (const set of [...this.byMember.values()]) for (const close of [...set]) close();
  }

  get size(): number {
    let n = 0;
    for (const set of this.byMember.values()) n += set.size;
    return n;
  }
}

const frame = (id: string, event: StreamEvent) => `id: ${id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

/**
 * Serves GET /stream on a raw response: subscribes to the member's topic first (so nothing published while
 * catching up is lost), then sends `ready` and, for a client resuming within a day, what it missed (stored
 * notifications and received requests since its last event id), then everything live. The session is checked
 * again on every heartbeat: a stream ends with its session (logout, deletion, expiry).
 */
export async function serveStream(
  ctx: AppContext,
  { streams, sources }: { streams: OpenStreams; sources: StreamSources },
  viewer: Viewer,
  raw: ServerResponse,
  headers: Record<string, string | number | string[] | undefined>,
  lastEventId: string | undefined,
  takeOver: () => void,
): Promise<void> {
  const userId = viewer.user.id;
  if (streams.count(userId) >= STREAMS_PER_MEMBER)
    throw new AppError(429, 'Too many open streams. Close a tab and try again.');

  let open = true;
  const live: LiveMessage[] = [];
  let caughtUp = false;
  const write = (id: string, event: StreamEvent) => {
    if (open) raw.write(frame(id, event));
  };
  const unsubscribe = await ctx.bus.subscribe(memberTopic(userId), (message) => {
    const parsed = JSON.parse(message) as LiveMessage;
    if (caughtUp) write(parsed.id, parsed.event);
    else live.push(parsed);
  });
  takeOver();

  const heartbeat = setInterval(() => {
    void sources.readSession(viewer.token).then(
      (current) => (current ? open && raw.write(': ping\n\n') : close()),
      () => open && raw.write(': ping\n\n'),
    );
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const forget = streams.add(userId, () => close());
  function close() {
    if (!open) return;
    open = false;
    clearInterval(heartbeat);
    forget();
    void unsubscribe();
    raw.end();
  }
  raw.on('close', close);

  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // nginx and friends must pass each event on at once.
    'x-accel-buffering': 'no',
  });
  // How long a client waits before reconnecting after the stream drops.
  raw.write('retry: 3000\n\n');

  try {
    const since = timeOfEventId(lastEventId);
    const resumed = since !== null && ctx.clock.now() - since <= RESUME_WINDOW_MS;
    write(eventId(ctx), { type: 'ready', unread: await sources.unread(ctx, userId), resumed });
    if (resumed) {
      for (const missed of sources.missed)
        for (const event of await missed(ctx, userId, new Date(since))) write(eventId(ctx), event);
    }
  } catch (error) {
    ctx.logger.warn({ err: error }, 'a stream could not catch up');
  }
  caughtUp = true;
  for (const message of live.splice(0)) write(message.id, message.event);
}
