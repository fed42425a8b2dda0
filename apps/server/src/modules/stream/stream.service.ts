import type { ServerResponse } from 'node:http';
import type { StreamEvent } from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import type { Config } from '../../config.ts';
import { retryLater } from '../../lib/errors.ts';
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
  /** Conversations with unread messages in the member's inbox and requests (the chat icon), sent with `ready`. */
  messageUnread: (ctx: AppContext, userId: string) => Promise<{ inbox: number; requests: number }>;
  /** What a resuming member missed, kind by kind, in this order. */
  missed: MissedEvents[];
}

/** A comment line this often keeps proxies from closing a quiet stream, and re-checks the session. */
export const HEARTBEAT_MS = 25_000;
/** Streams of one member on one process: tabs and devices, with room for reconnections that overlap. */
export const STREAMS_PER_MEMBER = 10;
/** A stream that comes back within this long is brought up to date; after longer it starts afresh. */
const RESUME_WINDOW_MS = 24 * 60 * 60 * 1000;
/**
 * A catch-up after a loss, and a resume, start this long before it: a change is committed a moment before it is
 * published, and its time is taken before its transaction waits on any lock.
 */
const REPLAY_MARGIN_MS = 5_000;
/** Replayable events a stream remembers having sent (far more than a margin holds), so none goes twice. */
const REMEMBERED_EVENTS = 500;
/** Streams catching up at once after Redis returns: the others wait their turn for the database's pool. */
const CATCH_UP_CONCURRENCY = 8;
/** When a refused client may try again: another member's or address's streams close slowly, a process's fast. */
const RETRY_AFTER_FULL_S = { member: 30, ip: 30, process: 5 };
/** A drained stream asks its client to come back after a random wait in this range, so that they spread. */
export const DRAIN_RETRY_MS = { min: 500, max: 3_000 } as const;

/** One open stream, as the process's register of them sees it. */
interface OpenStream {
  readonly userId: string;
  readonly ip: string;
  /** Sends what may have been lost since a time (Redis was gone), nothing that was already sent. */
  catchUp(since: number): Promise<void>;
  /** Ends the stream; with `retryMs`, first asks its client to reconnect after that long. */
  close(retryMs?: number): void;
}

/** Counts by key that forget a key at zero. */
class Tally {
  private readonly counts = new Map<string, number>();

  of(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  change(key: string, by: number): void {
    const count = this.of(key) + by;
    if (count > 0) this.counts.set(key, count);
    else this.counts.delete(key);
  }
}

/**
 * The streams open on this process: counted by member, by address and in all (the ceilings; `size` is read
 * by the metrics), caught up together when Redis returns, and drained together at shutdown.
 */
export class OpenStreams {
  private readonly streams = new Set<OpenStream>();
  private readonly byMember = new Tally();
  private readonly byIp = new Tally();
  /** The catch-ups under way, and the time of the one asked for meanwhile. */
  private catchingUp: Promise<void> | null = null;
  private pendingSince: number | null = null;

  get size(): number {
    return this.streams.size;
  }

  /** Throws when one more stream would pass a ceiling: 429 for a member or an address, 503 for the process. */
  assertRoomFor(userId: string, ip: string, ceilings: Config['streamCeilings']): void {
    if (this.byMember.of(userId) >= STREAMS_PER_MEMBER)
      throw retryLater(429, 'Too many open streams. Close a tab and try again.', RETRY_AFTER_FULL_S.member);
    if (this.byIp.of(ip) >= ceilings.perIp)
      throw retryLater(
        429,
        'Too many open streams from this address. Close a tab and try again.',
        RETRY_AFTER_FULL_S.ip,
      );
    if (this.streams.size >= ceilings.perProcess)
      throw retryLater(
        503,
        'This server holds all the live streams it can. Trying again shortly.',
        RETRY_AFTER_FULL_S.process,
      );
  }

  /** Answers the function that forgets the stream. */
  add(stream: OpenStream): () => void {
    this.streams.add(stream);
    this.byMember.change(stream.userId, 1);
    this.byIp.change(stream.ip, 1);
    return () => {
      if (!this.streams.delete(stream)) return;
      this.byMember.change(stream.userId, -1);
      this.byIp.change(stream.ip, -1);
    };
  }

  /**
   * Catches every stream up from a time, a few at a time. Calls that come while one runs (each process's
   * announcement of lost publications, the subscriber's return) are folded into one more run, from the
   * earliest of their times.
   */
  catchUpAll(since: number): Promise<void> {
    this.pendingSince = Math.min(this.pendingSince ?? since, since);
    this.catchingUp ??= this.runCatchUps();
    return this.catchingUp;
  }

  private async runCatchUps(): Promise<void> {
    for (let since = this.pendingSince; since !== null; since = this.pendingSince) {
      this.pendingSince = null;
      await this.catchUpEach(since);
    }
    this.catchingUp = null;
  }

  private async catchUpEach(since: number): Promise<void> {
    const waiting = [...this.streams];
    const worker = async () => {
      for (let stream = waiting.shift(); stream; stream = waiting.shift()) await stream.catchUp(since);
    };
    await Promise.all(Array.from({ length: CATCH_UP_CONCURRENCY }, worker));
  }

  /**
   * Ends every stream (the server is shutting down), each with a `retry:` hint of a random wait, so that its
   * client reconnects to another process, and not all at once, and resumes there with Last-Event-ID.
   */
  drainAll(random: () => number = Math.random): void {
    for (const stream of [...this.streams])
      stream.close(Math.round(DRAIN_RETRY_MS.min + random() * (DRAIN_RETRY_MS.max - DRAIN_RETRY_MS.min)));
  }
}

const frame = (id: string, event: StreamEvent) => `id: ${id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

/**
 * What identifies an event a catch-up may send again (a notification as it then stood, a request, a message);
 * null for the others.
 */
export function replayKey(event: StreamEvent): string | null {
  if (event.type === 'notification') return `notification:${event.notification.id}:${event.notification.time}`;
  if (event.type === 'friend_request') return `friend_request:${event.request.id}`;
  if (event.type === 'message') return `message:${event.message.id}`;
  return null;
}

/** The last `capacity` keys added, in order of addition. */
class RecentKeys {
  private readonly keys = new Set<string>();

  constructor(private readonly capacity: number) {}

  has(key: string): boolean {
    return this.keys.has(key);
  }

  add(key: string): void {
    this.keys.add(key);
    if (this.keys.size > this.capacity) this.keys.delete(this.keys.values().next().value as string);
  }
}

/**
 * One member's stream on a raw response. Its frames go out one at a time, in order: a catch-up (the first,
 * with `ready`, or one after Redis was gone) holds live messages back until it is done, and no
 * notification, friend request or message is sent twice, whichever of the bus and the database brings it.
 */
class LiveStream implements OpenStream {
  readonly userId: string;
  private open = true;
  private started = false;
  /** Live messages that arrived during a catch-up, sent after it; null while none runs. */
  private held: LiveMessage[] | null = [];
  private readonly sent = new RecentKeys(REMEMBERED_EVENTS);
  private queue: Promise<void> = Promise.resolve();
  private readonly openedAt: number;
  private readonly cleanups: (() => unknown)[] = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly sources: StreamSources,
    private readonly viewer: Viewer,
    readonly ip: string,
    private readonly raw: ServerResponse,
  ) {
    this.userId = viewer.user.id;
    this.openedAt = ctx.clock.now();
  }

  /** Listens to the member's topic, before anything is read, so that nothing published meanwhile is lost. */
  async listen(): Promise<void> {
    const unsubscribe = await this.ctx.bus.subscribe(memberTopic(this.userId), (message) =>
      this.receive(JSON.parse(message) as LiveMessage),
    );
    if (this.open) this.cleanups.push(unsubscribe);
    else await unsubscribe();
  }

  /** Writes the head, `ready` and, for a client resuming within a day, what it missed; then everything live. */
  start(headers: Record<string, string | number | string[] | undefined>, lastEventId: string | undefined): void {
    if (!this.open) return; // the client left while the topic was being taken
    const heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
    heartbeat.unref();
    this.cleanups.push(() => clearInterval(heartbeat));
    this.raw.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // nginx and friends must pass each event on at once.
      'x-accel-buffering': 'no',
    });
    // How long a client waits before reconnecting after the stream drops.
    this.raw.write('retry: 3000\n\n');
    this.started = true;
    const since = timeOfEventId(lastEventId);
    const resumed = since !== null && this.ctx.clock.now() - since <= RESUME_WINDOW_MS;
    void this.inTurn(async () => {
      const [unread, messages] = await Promise.all([
        this.sources.unread(this.ctx, this.userId),
        this.sources.messageUnread(this.ctx, this.userId),
      ]);
      this.send(eventId(this.ctx), { type: 'ready', unread, messages, resumed });
      // From a margin before the last event the client saw: a change committed after it may carry an earlier
      // time (a send that waited on a lock), and would be missed otherwise. What is sent again is harmless:
      // counts are put, lists refetched, messages put by id.
      if (resumed) await this.replay(since - REPLAY_MARGIN_MS);
    });
  }

  catchUp(since: number): Promise<void> {
    if (!this.started) return Promise.resolve(); // its first catch-up is still to come
    return this.inTurn(() => this.replay(Math.max(since, this.openedAt) - REPLAY_MARGIN_MS));
  }

  close(retryMs?: number): void {
    if (!this.open) return;
    this.open = false;
    for (const cleanup of this.cleanups.splice(0)) void cleanup();
    if (retryMs !== undefined && this.started) this.raw.write(`retry: ${retryMs}\n\n`);
    this.raw.end();
  }

  onClose(cleanup: () => unknown): void {
    this.cleanups.push(cleanup);
  }

  private receive(message: LiveMessage): void {
    if (this.held) this.held.push(message);
    else this.send(message.id, message.event);
  }

  /** Runs a catch-up after the ones before it, holding live messages back meanwhile; never throws. */
  private inTurn(work: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(async () => {
      if (!this.open) return;
      this.held ??= [];
      try {
        await work();
      } catch (error) {
        this.ctx.logger.warn({ err: error }, 'a stream could not catch up');
      }
      const held = this.held;
      this.held = null;
      for (const message of held) this.send(message.id, message.event);
    });
    return this.queue;
  }

  private async replay(since: number): Promise<void> {
    for (const missed of this.sources.missed)
      for (const event of await missed(this.ctx, this.userId, new Date(since))) this.send(eventId(this.ctx), event);
  }

  private send(id: string, event: StreamEvent): void {
    if (!this.open) return;
    const key = replayKey(event);
    if (key !== null) {
      if (this.sent.has(key)) return;
      this.sent.add(key);
    }
    this.raw.write(frame(id, event));
  }

  /** A comment line; the stream ends with its session. */
  private beat(): void {
    void this.sources.readSession(this.viewer.token).then(
      (current) => (current ? this.ping() : this.close()),
      () => this.ping(),
    );
  }

  private ping(): void {
    if (this.open) this.raw.write(': ping\n\n');
  }
}

/**
 * Serves GET /stream on a raw response, within the ceilings (per member, per address, per process):
 * subscribes to the member's topic first (so nothing published while catching up is lost), then sends `ready`
 * and, for a client resuming within a day, what it missed (stored notifications, received requests and the
 * messages of its conversations since its last event id), then everything live. The session is checked again on every heartbeat: a stream ends
 * with its session (logout, deletion, expiry).
 */
export async function serveStream(
  ctx: AppContext,
  { streams, sources }: { streams: OpenStreams; sources: StreamSources },
  { viewer, ip, lastEventId }: { viewer: Viewer; ip: string; lastEventId: string | undefined },
  raw: ServerResponse,
  headers: Record<string, string | number | string[] | undefined>,
  takeOver: () => void,
): Promise<void> {
  // Refusals are ordinary JSON answers; checked and counted at once, so that concurrent opens cannot overshoot.
  streams.assertRoomFor(viewer.user.id, ip, ctx.config.streamCeilings);
  const stream = new LiveStream(ctx, sources, viewer, ip, raw);
  stream.onClose(streams.add(stream));
  raw.on('close', () => stream.close());
  await stream.listen();
  takeOver();
  stream.start(headers, lastEventId);
}
