import { z } from 'zod';

/** GET /api/dev/outbox: newest first; exists only while the outbox transports are in use. */
export const outboxMessageSchema = z.object({
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** An email's extra header lines, when it has any (the newsletter's List-Unsubscribe). */
  headers: z.record(z.string(), z.string()).optional(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxResponseSchema = z.array(outboxMessageSchema);
