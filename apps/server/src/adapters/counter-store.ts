import type { Redis } from 'ioredis';
import { failFastRedis, RedisTimeoutError, whenReady, withDeadline } from './redis.ts';

/** A sliding window's counts: their sum, and the oldest sub-window that still holds one. */
export interface WindowCount {
  total: number;
  oldest: number | null;
}

/**
 * Counters of sliding windows, each cut into sub-windows (numbered from the epoch): in-process by default,
 * Redis when REDIS_URL is set so that every server process shares them. Used by the rate limiter.
 */
export interface CounterStore {
  /**
   * Adds `amount` (0 only reads, -1 takes back a refused action) to sub-window `current` of `key`, forgets
   * sub-windows before `first`, and answers what is left. The key disappears `ttlMs` after its last increase.
   */
  add(key: string, current: number, first: number, amount: number, ttlMs: number): Promise<WindowCount>;
  /** Resolves when the store answers now (readiness); rejects, within its short timeouts, otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class MemoryCounterStore implements CounterStore {
  private readonly windows = new Map<string, { counts: Map<number, number>; expiresAt: number }>();
  private lastSweep = 0;

  constructor(private readonly now: () => number) {}

  async add(key: string, current: number, first: number, amount: number, ttlMs: number): Promise<WindowCount> {
    this.sweep();
    const live = this.windows.get(key);
    const window = live && live.expiresAt > this.now() ? live : { counts: new Map<number, number>(), expiresAt: 0 };
    if (amount !== 0) window.counts.set(current, (window.counts.get(current) ?? 0) + amount);
    let total = 0;
    let oldest: number | null = null;
    for (const [sub, count] of window.counts) {
      if (sub < first || count <= 0) window.counts.delete(sub);
      else {
        total += count;
        oldest = oldest === null ? sub : Math.min(oldest, sub);
      }
    }
    if (amount > 0 || live) {
      window.expiresAt = this.now() + ttlMs;
      this.windows.set(key, window);
    }
    return { total, oldest };
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    this.windows.clear();
  }

  /** Drops expired windows at most once a minute so the map cannot grow without bound. */
  private sweep(): void {
    const now = this.now();
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) if (window.expiresAt <= now) this.windows.delete(key);
  }
}

/** One round trip, atomic: add to the sub-window, drop the old ones, sum the rest (a hash per key). */
const ADD_SCRIPT = `
local current, first, amount, ttl = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
if amount ~= 0 then redis.call('HINCRBY', KEYS[1], ARGV[1], amount) end
local fields = redis.call('HGETALL', KEYS[1])
local total, oldest = 0, -1
for i = 1, #fields, 2 do
  local sub = tonumber(fields[i])
  if sub < first or tonumber(fields[i + 1]) <= 0 then redis.call('HDEL', KEYS[1], fields[i])
  else
    total = total + tonumber(fields[i + 1])
    if oldest < 0 or sub < oldest then oldest = sub end
  end
end
if amount > 0 then redis.call('PEXPIRE', KEYS[1], ttl) end
return { total, oldest }`;

/** How long the store stops asking Redis after it let a command go unanswered, answering at once instead. */
export const CIRCUIT_OPEN_MS = 5_000;

/**
 * The counters cannot be read because Redis is gone: not connected (refused, restarting), or the circuit is
 * open because it let a command go unanswered for COMMAND_DEADLINE_MS. Never thrown for a Redis that is
 * merely slow: a command on a connected Redis is given that long.
 */
export class CountersUnavailableError extends Error {}

/**
 * Redis counters that tell a Redis that is gone from one that is slow (security.md):
 * - gone: the connection is not ready (no offline queue: nothing waits for it to come back), or a command
 *   just failed on it → fails at once;
 * - slow: a command on a ready connection waits up to COMMAND_DEADLINE_MS (2 s), counted after the event
 *   loop has read what arrived (redis.ts `withDeadline`), so a busy process is not taken for a dead Redis;
 * - hung: a command that gets no answer by then opens a circuit for a few seconds, so a Redis that accepts
 *   and never answers holds one request per deadline, not every request.
 * The rate limiter refuses the limits that must fail closed (503: the member did nothing wrong).
 */
export class RedisCounterStore implements CounterStore {
  private openUntil = 0;

  constructor(private readonly redis: Redis) {}

  /** Connects, waiting at most a second for Redis to answer (the store fails fast either way). */
  static async connect(url: string, keyPrefix: string): Promise<RedisCounterStore> {
    const redis = failFastRedis(url, { keyPrefix });
    await whenReady(redis);
    return new RedisCounterStore(redis);
  }

  async add(key: string, current: number, first: number, amount: number, ttlMs: number): Promise<WindowCount> {
    if (Date.now() < this.openUntil) throw new CountersUnavailableError('the Redis circuit is open');
    if (this.redis.status !== 'ready') throw new CountersUnavailableError(`Redis is ${this.redis.status}`);
    try {
      const [total, oldest] = (await withDeadline(
        this.redis.eval(ADD_SCRIPT, 1, key, current, first, amount, ttlMs),
      )) as [number, number];
      return { total: Number(total), oldest: Number(oldest) < 0 ? null : Number(oldest) };
    } catch (error) {
      if (error instanceof RedisTimeoutError) this.openUntil = Date.now() + CIRCUIT_OPEN_MS;
      throw new CountersUnavailableError(error instanceof Error ? error.message : String(error), { cause: error });
    }
  }

  /** Asks Redis itself, past the circuit (readiness): fails at once while it is gone, at the deadline if hung. */
  async ping(): Promise<void> {
    if (this.redis.status !== 'ready') throw new CountersUnavailableError(`Redis is ${this.redis.status}`);
    await withDeadline(this.redis.ping());
  }

  async close(): Promise<void> {
    // QUIT waits for Redis's answer: not for long, and the connection ends either way.
    await Promise.race([this.redis.quit(), new Promise((resolve) => setTimeout(resolve, 500))]).catch(() => {});
    this.redis.disconnect();
  }
}
