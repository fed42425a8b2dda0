import type { HealthResponse } from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import { pingDatabase } from './health.queries.ts';

/** GET /health: alive, and the database answers (a database that does not answer is a 500). */
export async function checkHealth(ctx: AppContext): Promise<HealthResponse> {
  await pingDatabase(ctx.db);
  return { status: 'ok', database: 'ok' };
}
