import { Redis } from 'ioredis';

/**
 * Counters that expire: in-process by default, Redis when REDIS_URL is set so that every server
 * process shares them. Used by the rate limiter.
 */
export interface CounterStore {
  /** Adds one to the counter and returns the new value; the counter disappears after `ttlMs`. */
  increment(key: string, ttlMs: number): Promise<number>;
  get(key: string): Promise<number>;
  close(): Promise<void>;
}

export class MemoryCounterStore implements CounterStore {
  private readonly counters = new Map<string, { value: number; expiresAt: number }>();
  private lastSweep = 0;

  constructor(private readonly now: () => number) {}

  async increment(key: string, ttlMs: number): Promise<number> {
    this.sweep();
    const entry = this.live(key);
    const value = (entry?.value ?? 0) + 1;
    this.counters.set(key, { value, expiresAt: entry?.expiresAt ?? this.now() + ttlMs });
    return value;
  }

  async get(key: string): Promise<number> {
    return this.live(key)?.value ?? 0;
  }

  async close(): Promise<void> {
    this.counters.clear();
  }

  private live(key: string) {
    const entry = this.counters.get(key);
    return entry && entry.expiresAt > this.now() ? entry : undefined;
  }

  /** Drops expired counters at most once a minute so the map cannot grow without bound. */
  private sweep(): void {
    const now = this.now();
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, entry] of this.counters) if (entry.expiresAt <= now) this.counters.delete(key);
  }
}

export class RedisCounterStore implements CounterStore {
  constructor(private readonly redis: Redis) {}

  static connect(url: string, keyPrefix: string): RedisCounterStore {
    return new RedisCounterStore(
      new Redis(url, { keyPrefix, maxRetriesPerRequest: 1, connectTimeout: 2_000, commandTimeout: 1_000 }),
    );
  }

  async increment(key: string, ttlMs: number): Promise<number> {
    const [[incrError, value] = [], [expireError] = []] =
      (await this.redis.multi().incr(key).pexpire(key, ttlMs, 'NX').exec()) ?? [];
    if (incrError || expireError) throw incrError ?? expireError;
    return Number(value);
  }

  async get(key: string): Promise<number> {
    return Number((await this.redis.get(key)) ?? 0);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
