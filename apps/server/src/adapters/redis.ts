import { Redis, type RedisOptions } from 'ioredis';

/**
 * How long a command may take on a connected Redis before it counts as failed. Generous on purpose: a busy
 * machine answers slowly, and slow is not gone (a Redis that is gone fails at once: no offline queue).
 */
export const COMMAND_DEADLINE_MS = 2_000;

/** A command that got no answer by its deadline. */
export class RedisTimeoutError extends Error {
  constructor(ms: number) {
    super(`Redis did not answer in ${ms} ms`);
  }
}

/**
 * A connection that never queues (a command while Redis is gone fails at once, never holding a request) and
 * reconnects in the background, every 2 s at most. Errors are reported by the commands that fail.
 */
export function failFastRedis(url: string, options: RedisOptions = {}): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1_000,
    retryStrategy: (attempt) => Math.min(attempt * 250, 2_000),
    ...options,
  });
  redis.on('error', () => {});
  return redis;
}

/** Waits for a connection to be ready, a second at most (a Redis that is down never holds up start-up). */
export function whenReady(redis: Redis): Promise<void> {
  return new Promise<void>((resolve) => {
    if (redis.status === 'ready') return resolve();
    const timer = setTimeout(resolve, 1_000);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * `command`, or a RedisTimeoutError once `ms` have passed without its answer. The deadline is checked only
 * after the event loop has polled for I/O once more (setImmediate), so an answer that arrived while the
 * process was busy is read before the command is given up: a slow event loop never turns into a timeout.
 */
export function withDeadline<T>(command: Promise<T>, ms = COMMAND_DEADLINE_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      finish();
    };
    const timer = setTimeout(() => setImmediate(() => settle(() => reject(new RedisTimeoutError(ms)))), ms);
    timer.unref();
    command.then(
      (value) => settle(() => resolve(value)),
      (error: unknown) => settle(() => reject(error)),
    );
  });
}
