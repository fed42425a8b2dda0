import type { ReadinessResponse } from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import type { Draining } from '../../lib/draining.ts';
import { pingDatabase } from './health.queries.ts';

/** A part that has not answered within this long counts as down: a balancer's probe must not hang. */
const PART_TIMEOUT_MS = 1_000;
/** A check this recent answers the next probes too, so that probes never add up to load on the database. */
const REUSE_MS = 1_000;
/** What a 503 tells a client to wait before trying again. */
export const READINESS_RETRY_AFTER_SECONDS = 5;

type Part = 'ok' | 'down';
type Parts = Pick<ReadinessResponse, 'database' | 'redis'>;

/** 'ok' when `check` resolves within the timeout, 'down' when it fails or is late. */
async function answers(check: () => Promise<void>): Promise<Part> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Part>((resolve) => {
    timer = setTimeout(() => resolve('down'), PART_TIMEOUT_MS);
  });
  const outcome = check().then(
    (): Part => 'ok',
    (): Part => 'down',
  );
  try {
    return await Promise.race([outcome, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Readiness: may this process take requests? The database, and Redis when the process uses it, must each
 * answer within a second, and the process must not be draining. Probes that arrive together share one check,
 * and a check is reused for a second.
 */
export function readinessCheck(ctx: AppContext, draining: Draining): () => Promise<ReadinessResponse> {
  let latest: { parts: Promise<Parts>; expires: number } | null = null;
  const checkParts = async (): Promise<Parts> => {
    const [database, redis] = await Promise.all([
      answers(() => pingDatabase(ctx.db)),
      ctx.config.redisUrl ? answers(() => ctx.counters.ping()) : undefined,
    ]);
    return redis ? { database, redis } : { database };
  };
  return async () => {
    if (!latest || Date.now() >= latest.expires) {
      const check = { parts: checkParts(), expires: Number.POSITIVE_INFINITY };
      // Reused for a while from the moment it has answered.
      void check.parts.then(() => {
        check.expires = Date.now() + REUSE_MS;
      });
      latest = check;
    }
    const parts = await latest.parts;
    const down = parts.database === 'down' || parts.redis === 'down';
    return { status: draining.active ? 'draining' : down ? 'unavailable' : 'ok', ...parts };
  };
}
