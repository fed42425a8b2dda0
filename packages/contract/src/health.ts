import { z } from 'zod';

/** GET /api/health/live: the process runs (nothing else is asked). */
export const livenessResponseSchema = z.object({ status: z.literal('ok') });
export type LivenessResponse = z.infer<typeof livenessResponseSchema>;

/** One part readiness depends on: it answered in time, or it did not. */
const partSchema = z.enum(['ok', 'down']);

/**
 * GET /api/health/ready and GET /api/health: 200 when the process may take requests, 503 (with Retry-After)
 * when the database or Redis does not answer, or while the process shuts down (`draining`). `redis` is left
 * out when the process runs without Redis, so the embedded default answers `{ status, database }` as before.
 */
export const readinessResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable', 'draining']),
  database: partSchema,
  redis: partSchema.optional(),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;
