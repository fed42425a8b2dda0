import { Redis } from 'ioredis';

export type BusListener = (message: string) => void;

/**
 * Publish and subscribe by topic: in-process by default, Redis pub/sub when REDIS_URL is set, so that a
 * message published on one server process reaches the listeners of every process. Delivery is at most once
 * (pub/sub keeps nothing): whoever needs what they missed reads it from the database (the live stream does).
 */
export interface Bus {
  publish(topic: string, message: string): Promise<void>;
  /** Answers the function that stops listening. */
  subscribe(topic: string, listener: BusListener): Promise<() => Promise<void>>;
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

  async close(): Promise<void> {
    this.listeners.clear();
  }
}

/**
 * Redis pub/sub: one connection publishes, one subscribes (a subscribed connection can do nothing else).
 * A process subscribes to a topic once, with its first listener, and leaves it with its last.
 */
export class RedisBus implements Bus {
  private readonly listeners = new Listeners();

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly prefix: string,
  ) {
    subscriber.on('message', (channel: string, message: string) => {
      if (channel.startsWith(prefix)) this.listeners.deliver(channel.slice(prefix.length), message);
    });
  }

  static async connect(url: string, keyPrefix: string): Promise<RedisBus> {
    // As the counters do (counter-store.ts): a Redis that is down neither holds up start-up by more than a
    // second nor any request; ioredis reconnects in the background and subscribes again to every topic.
    const options = {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 1_000,
      commandTimeout: 500,
      retryStrategy: (attempt: number) => Math.min(attempt * 250, 2_000),
    };
    const publisher = new Redis(url, options);
    // A subscribing connection queues its SUBSCRIBE until it is back.
    const subscriber = new Redis(url, { ...options, enableOfflineQueue: true, commandTimeout: undefined });
    publisher.on('error', () => {});
    subscriber.on('error', () => {});
    await Promise.all([ready(publisher), ready(subscriber)]);
    return new RedisBus(publisher, subscriber, `${keyPrefix}bus:`);
  }

  async publish(topic: string, message: string): Promise<void> {
    await this.publisher.publish(this.prefix + topic, message);
  }

  async subscribe(topic: string, listener: BusListener): Promise<() => Promise<void>> {
    if (this.listeners.add(topic, listener)) await this.subscriber.subscribe(this.prefix + topic);
    return async () => {
      if (this.listeners.remove(topic, listener)) await this.subscriber.unsubscribe(this.prefix + topic);
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }
}

/** Waits for a connection to be ready, a second at most. */
function ready(redis: Redis): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 1_000);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
