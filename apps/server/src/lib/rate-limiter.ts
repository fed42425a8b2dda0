import { MESSAGES, RATE_LIMITS, type RateLimitName } from '@corral/contract';
import type { CounterStore } from '../adapters/counter-store.ts';
import type { Clock } from './clock.ts';
import { AppError } from './errors.ts';

/** Limits whose counters must be trusted: if the store fails, these refuse rather than allow. */
const FAIL_CLOSED: ReadonlySet<string> = new Set(['login', 'signup', 'forgot', 'phone']);

export type LimitKey = readonly [name: RateLimitName, id: string];

/**
 * Fixed windows aligned to the clock: a key counts the actions inside the current window of its rule
 * (`floor(now / duration)`). Windows come from the injected clock, not from the store's own expiry,
 * so tests drive the real limits with a manual clock, on memory and on Redis alike.
 */
export class RateLimiter {
  constructor(
    private readonly store: CounterStore,
    private readonly clock: Clock,
    private readonly scale = 1,
    private readonly onLimited: (name: RateLimitName) => void = () => {},
  ) {}

  /** Counts one action against every key; throws a 429 if any of them is over its limit. */
  async consume(...keys: LimitKey[]): Promise<void> {
    const counts = await this.guard(keys, () =>
      Promise.all(keys.map(([name, id]) => this.store.increment(this.key(name, id), this.ttl(name)))),
    );
    this.refuseOver(keys, counts, (count, points) => count > points);
  }

  /** Throws a 429 if any key has already used its whole limit, without counting anything. */
  async assertAvailable(...keys: LimitKey[]): Promise<void> {
    const counts = await this.guard(keys, () =>
      Promise.all(keys.map(([name, id]) => this.store.get(this.key(name, id)))),
    );
    this.refuseOver(keys, counts, (count, points) => count >= points);
  }

  /** Counts one action against every key without refusing (for failures counted after the fact). */
  async record(...keys: LimitKey[]): Promise<void> {
    await this.guard(keys, () =>
      Promise.all(keys.map(([name, id]) => this.store.increment(this.key(name, id), this.ttl(name)))),
    );
  }

  private refuseOver(keys: LimitKey[], counts: number[], over: (count: number, points: number) => boolean) {
    let retryAfter = 0;
    keys.forEach(([name], index) => {
      if (over(counts[index] ?? 0, this.points(name))) retryAfter = Math.max(retryAfter, this.secondsLeft(name));
    });
    if (retryAfter > 0) {
      const limited = keys.find(([name], index) => over(counts[index] ?? 0, this.points(name)));
      if (limited) this.onLimited(limited[0]);
      throw tooManyRequests(retryAfter);
    }
  }

  private async guard<T>(keys: LimitKey[], run: () => Promise<T>): Promise<T | number[]> {
    try {
      return await run();
    } catch {
      const critical = keys.some(([name]) => [...FAIL_CLOSED].some((prefix) => name.startsWith(prefix)));
      if (critical) throw tooManyRequests(60);
      return keys.map(() => 0);
    }
  }

  private points(name: RateLimitName): number {
    return RATE_LIMITS[name].points * this.scale;
  }

  private window(name: RateLimitName): number {
    return Math.floor(this.clock.now() / (RATE_LIMITS[name].duration * 1000));
  }

  private key(name: RateLimitName, id: string): string {
    return `rl:${name}:${id}:${this.window(name)}`;
  }

  private ttl(name: RateLimitName): number {
    return RATE_LIMITS[name].duration * 1000 + 1000;
  }

  private secondsLeft(name: RateLimitName): number {
    const durationMs = RATE_LIMITS[name].duration * 1000;
    const windowEnd = (this.window(name) + 1) * durationMs;
    return Math.max(1, Math.ceil((windowEnd - this.clock.now()) / 1000));
  }
}

export function tooManyRequests(retryAfterSeconds: number): AppError {
  return new AppError(429, MESSAGES.http.tooManyRequests(retryAfterSeconds), undefined, {
    'retry-after': String(retryAfterSeconds),
  });
}
