import type { Redis } from 'ioredis';
import { failFastRedis, whenReady, withDeadline } from './redis.ts';

export type BusListener = (message: string) => void;

/**
 * Publish and subscribe by topic: in-process by default, Redis pub/sub when REDIS_URL is set, so that a
 * message published on one server process reaches the listeners of every process. Delivery is at most once
 * (pub/sub keeps nothing): whoever needs what they missed reads it from the database (the live stream does),
 * and `onResumed` says when: after Redis was gone, what was published meanwhile never arrives.
 */
export interface Bus {
  /** Rejects when the message could not be published (the caller logs it); the loss is told by onResumed. */
  publish(topic: string, message: string): Promise<void>;
  /** Answers the function that stops listening. Never rejects: a topic Redis cannot take now is taken later. */
  subscribe(topic: string, listener: BusListener): Promise<() => Promise<void>>;
  /**
   * Calls `listener` with a time (ms since the epoch) whenever messages published since then may have been
   * lost: Redis is back after an outage. Answers the function that stops calling it.
   */
  onResumed(listener: (since: number) => void): () => void;
  close(): Promise<void>;
}

/** Listeners by topic, shared by both buses: each process holds its own and fans a message out to them. */
class Listeners {
  private readonly byTopic = new Map<string, Set<BusListener>>();

  /** Answers whether this is the topic's first listener. */
  add(topic: string, listener: BusListener): boolean {
    const set = this.byTopic.get(topic);
    if (set) {
      set.add(listener);
      return false;
    }
    this.byTopic.set(topic, new Set([listener]));
    return true;
  }

  /** Answers whether the topic has no listener left. */
  remove(topic: string, listener: BusListener): boolean {
    const set = this.byTopic.get(topic);
    if (!set?.delete(listener)) return false;
    if (set.size > 0) return false;
    this.byTopic.delete(topic);
    return true;
  }

  deliver(topic: string, message: string): void {
    const set = this.byTopic.get(topic);
    if (!set) return;
    for (const listener of [...set]) listener(message);
  }

  topics(): string[] {
    return [...this.byTopic.keys()];
  }

  clear(): void {
    this.byTopic.clear();
  }
}

export class MemoryBus implements Bus {
  private readonly listeners = new Listeners();

  async publish(topic: string, message: string): Promise<void> {
    // Later, as Redis would: a publisher never runs its listeners inside its own call.
    queueMicrotask(() => this.listeners.deliver(topic, message));
  }

  async subscribe(topic: string, listener: BusListener): Promise<() => Promise<void>> {
    this.listeners.add(topic, listener);
    return async () => {
      this.listeners.remove(topic, listener);
    };
  }

  /** In one process nothing is lost. */
  onResumed(): () => void {
    return () => {};
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}

/** How often a process that lost publications tries again to tell the others. */
const ANNOUNCE_RETRY_MS = 1_000;
/** Channels per SUBSCRIBE when a connection takes its topics back. */
const SUBSCRIBE_BATCH = 500;

export interface RedisBusOptions {
  /** The time of a loss (the app's clock, as the streams' event ids). */
  now: () => number;
  /** Where failures that no caller sees are reported. */
  warn: (error: unknown, message: string) => void;
}

/**
 * Redis pub/sub: one connection publishes, one subscribes (a subscribed connection can do nothing else).
 * A process subscribes to a topic once, with its first listener, and leaves it with its last. Neither
 * connection queues commands while Redis is gone: nothing waits on a dead Redis and no promise is left to
 * reject later. The bus keeps the topics itself (ioredis's autoResubscribe only knows those it took while
 * connected) and takes them all again each time the subscriber is ready, then tells its `onResumed`
 * listeners since when messages may be missing. Two kinds of loss are told:
 * - the subscriber lost its connection: every message published until it is back is missing here;
 * - a publication failed here: no process received it, so once Redis takes messages again this process
 *   says so on a channel of its own (`bus-resync`) and every process, this one included, catches up.
 */
export class RedisBus implements Bus {
  private readonly listeners = new Listeners();
  private readonly resumedListeners = new Set<(since: number) => void>();
  private readonly topicPrefix: string;
  private readonly resyncChannel: string;
  /** When the subscriber lost its connection, null while it holds. */
  private subscriberLostAt: number | null = null;
  /** When a publication first failed since the others were last told, null when nothing is owed. */
  private publishLostAt: number | null = null;
  /** Counts failed publications, so an announcement clears only the losses it covered. */
  private losses = 0;
  private announcing = false;
  private closed = false;

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    keyPrefix: string,
    private readonly options: RedisBusOptions,
  ) {
    this.topicPrefix = `${keyPrefix}bus:`;
    this.resyncChannel = `${keyPrefix}bus-resync`;
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.resyncChannel) this.resumed(Number(message));
      else if (channel.startsWith(this.topicPrefix))
        this.listeners.deliver(channel.slice(this.topicPrefix.length), message);
    });
    subscriber.on('close', () => {
      this.subscriberLostAt ??= options.now();
    });
    subscriber.on('ready', () => void this.resubscribe());
    publisher.on('ready', () => void this.announceLoss());
    if (subscriber.status === 'ready') void this.resubscribe();
    else this.subscriberLostAt = options.now();
  }

  static async connect(url: string, keyPrefix: string, options: RedisBusOptions): Promise<RedisBus> {
    const publisher = failFastRedis(url);
    const subscriber = failFastRedis(url, { autoResubscribe: false });
    await Promise.all([whenReady(publisher), whenReady(subscriber)]);
    return new RedisBus(publisher, subscriber, keyPrefix, options);
  }

  async publish(topic: string, message: string): Promise<void> {
    try {
      await withDeadline(this.publisher.publish(this.topicPrefix + topic, message));
    } catch (error) {
      this.publishLostAt ??= this.options.now();
      this.losses += 1;
      void this.announceLoss();
      throw error;
    }
  }

  async subscribe(topic: string, listener: BusListener): Promise<() => Promise<void>> {
    // While the subscriber is not ready, the topic waits for its next 'ready' (resubscribe).
    if (this.listeners.add(topic, listener) && this.subscriber.status === 'ready')
      await this.command(this.subscriber.subscribe(this.topicPrefix + topic), 'a topic could not be subscribed');
    return async () => {
      // A reconnected subscriber takes only the topics that still have listeners: nothing to do while it is gone.
      if (this.listeners.remove(topic, listener) && this.subscriber.status === 'ready')
        await this.command(this.subscriber.unsubscribe(this.topicPrefix + topic), 'a topic could not be left');
    };
  }

  onResumed(listener: (since: number) => void): () => void {
    this.resumedListeners.add(listener);
    return () => this.resumedListeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    this.resumedListeners.clear();
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }

  /** Takes every topic again (and the resync channel), then tells since when messages may be missing. */
  private async resubscribe(): Promise<void> {
    const channels = [this.resyncChannel, ...this.listeners.topics().map((topic) => this.topicPrefix + topic)];
    for (let at = 0; at < channels.length; at += SUBSCRIBE_BATCH) {
      const batch = channels.slice(at, at + SUBSCRIBE_BATCH);
      // A failure means the connection went again: its next 'ready' starts over.
      if (!(await this.command(this.subscriber.subscribe(...batch), 'topics could not be subscribed again'))) return;
    }
    const since = this.subscriberLostAt;
    this.subscriberLostAt = null;
    if (since !== null) this.resumed(since);
  }

  /** Tells every process since when publications were lost here, until Redis takes the message. */
  private async announceLoss(): Promise<void> {
    if (this.announcing) return;
    this.announcing = true;
    while (this.publishLostAt !== null && !this.closed) {
      const [since, losses] = [this.publishLostAt, this.losses];
      if (this.publisher.status === 'ready') {
        const told = await withDeadline(this.publisher.publish(this.resyncChannel, String(since))).then(
          () => true,
          () => false,
        );
        if (told && losses === this.losses) this.publishLostAt = null;
        if (told) continue;
      }
      await new Promise((resolve) => setTimeout(resolve, ANNOUNCE_RETRY_MS).unref());
    }
    this.announcing = false;
  }

  private resumed(since: number): void {
    if (!Number.isFinite(since)) return;
    for (const listener of [...this.resumedListeners]) listener(since);
  }

  /** Runs a subscriber command; answers whether it went through (a failure is logged, never thrown). */
  private async command(command: Promise<unknown>, failure: string): Promise<boolean> {
    try {
      await withDeadline(command);
      return true;
    } catch (error) {
      this.options.warn(error, failure);
      return false;
    }
  }
}
