import { MESSAGES, RATE_LIMITS, type RateLimitName } from '@corral/contract';
import type { CounterStore } from '../adapters/counter-store.ts';
import type { Clock } from './clock.ts';
import { AppError, retryLater, serviceUnavailable } from './errors.ts';

/** Limits whose counters must be trusted: if the store fails, these refuse rather than allow. */
const FAIL_CLOSED: ReadonlySet<string> = new Set(['login', 'signup', 'forgot', 'phone', 'password', 'twoFactor']);

/** When to try again after a refusal for want of the counters: about as long as the store's circuit stays open. */
const RETRY_WHILE_UNAVAILABLE_S = 5;

/** Sub-windows per window: counts are kept per tenth of a window. */
const SUBWINDOWS = 10;

export type LimitKey = readonly [name: RateLimitName, id: string];

/**
 * Sliding windows (docs/decisions/003-rate-limits.md): each rule's window is cut into ten sub-windows,
 * and a key's count is the sum of the last eleven, which cover the window and a little more. Counting a
 * little more never lets a limit through: at most `points` actions pass in any span of the window's
 * length, wherever it starts; the price is refusing up to a tenth of a window early. Time comes from the
 * injected clock, so tests drive the real limits with a manual clock, on memory and on Redis alike.
 */
export class RateLimiter {
  constructor(
    private readonly store: CounterStore,
    private readonly clock: Clock,
    private readonly scale = 1,
    private readonly onLimited: (name: RateLimitName) => void = () => {},
  ) {}

  /**
   * Counts one action against every key; throws a 429 if any of them is over its limit. A refused action
   * is taken back from every key: only what was let through counts, so a client that keeps knocking
   * while refused is let in again once its window has slid past what it did.
   */
  async consume(...keys: LimitKey[]): Promise<void> {
    await this.check(keys, 1, (total, points) => total > points);
  }

  /** Throws a 429 if any key has already used its whole limit, without counting anything. */
  async assertAvailable(...keys: LimitKey[]): Promise<void> {
    await this.check(keys, 0, (total, points) => total >= points);
  }

  /**
   * Seconds until assertAvailable would let every key through, 0 if it would now; counts nothing and reports
   * no refusal (a client told when it may try again, such as the phone form's Resend countdown).
   */
  async secondsUntilAvailable(...keys: LimitKey[]): Promise<number> {
    try {
      await this.check(keys, 0, (total, points) => total >= points, false);
      return 0;
    } catch (error) {
      if (error instanceof AppError && error.status === 429) return Number(error.headers?.['retry-after'] ?? 60);
      throw error;
    }
  }

  /** Counts one action against every key without refusing (for failures counted after the fact). */
  async record(...keys: LimitKey[]): Promise<void> {
    await this.check(keys, 1, () => false);
  }

  private async check(
    keys: LimitKey[],
    amount: number,
    over: (total: number, points: number) => boolean,
    reportRefusal = true,
  ) {
    const now = this.clock.now();
    let counts: { total: number; oldest: number | null }[];
    try {
      counts = await Promise.all(keys.map((key) => this.add(key, now, amount)));
    } catch {
      // The store fails only when Redis is gone (a slow one is waited for): the member did nothing wrong.
      if (keys.some(([name]) => [...FAIL_CLOSED].some((prefix) => name.startsWith(prefix))))
        throw serviceUnavailable(RETRY_WHILE_UNAVAILABLE_S);
      return;
    }
    let retryAfter = 0;
    keys.forEach(([name], index) => {
      const count = counts[index];
      if (!count || !over(count.total, RATE_LIMITS[name].points * this.scale)) return;
      if (reportRefusal) this.onLimited(name);
      // The oldest counted sub-window leaves the window at the end of its eleventh successor.
      const sub = this.subwindowMs(name);
      const leaves = ((count.oldest ?? Math.floor(now / sub)) + SUBWINDOWS + 1) * sub;
      retryAfter = Math.max(retryAfter, Math.max(1, Math.ceil((leaves - now) / 1000)));
    });
    if (retryAfter === 0) return;
    if (amount > 0) await Promise.all(keys.map((key) => this.add(key, now, -1))).catch(() => {});
    throw tooManyRequests(retryAfter);
  }

  private add([name, id]: LimitKey, now: number, amount: number) {
    const sub = this.subwindowMs(name);
    const current = Math.floor(now / sub);
    return this.store.add(`rl:${name}:${id}`, current, current - SUBWINDOWS, amount, sub * (SUBWINDOWS + 1));
  }

  private subwindowMs(name: RateLimitName): number {
    return (RATE_LIMITS[name].duration * 1000) / SUBWINDOWS;
  }
}

export const tooManyRequests = (retryAfterSeconds: number) =>
  retryLater(429, MESSAGES.http.tooManyRequests(retryAfterSeconds), retryAfterSeconds);
