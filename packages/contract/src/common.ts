import { z } from 'zod';

/** Every 4xx answer: a message for people and, for bad input, the message of each failing field. */
export const errorResponseSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/**
 * A number as a JSON body carries it, or its decimal digits as a query string or a form field does. Anything
 * else (true, [2], '0x2', null, '') is left for the number schema to refuse, where `z.coerce` made it a number.
 */
export const fromDigits = (value: unknown) =>
  typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
export const strictNumber = <T extends z.ZodType>(schema: T) => z.preprocess(fromDigits, schema);

/**
 * `?cursor=`, every keyset list's one query parameter (architecture, "API"): the opaque `next_cursor` of the
 * page before. The server reads it back (apps/server/src/lib/cursor.ts); anything not its own is a 400.
 */
export const cursorQuerySchema = z.object({ cursor: z.string().max(1000).optional() });
export type CursorQuery = z.infer<typeof cursorQuerySchema>;

/** A list the spec pages by number: `?page=` (1-based, for clients written against it) beside the cursor. */
export const pageQuerySchema = cursorQuerySchema.extend({
  page: z.coerce.number().int().min(1).max(10_000).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A keyset list's answer: a page of items and the cursor of the next page, null on the last one. */
export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), next_cursor: z.string().nullable() });

export const okResponseSchema = z.object({ status: z.literal(true), message: z.string().optional() });
export type OkResponse = z.infer<typeof okResponseSchema>;

/** A trimmed, lower-cased email address; `message` is the form's own text for a bad one. */
export function emailField(message: string) {
  return z
    .string({ error: message })
    .trim()
    .pipe(z.email({ error: message }).max(254, { error: message }))
    .transform((value) => value.toLowerCase());
}

/** ISO calendar date, YYYY-MM-DD, that exists on the calendar. */
export function isIsoDate(value: string): boolean {
  // Year 0000 is a valid ISO year but no PostgreSQL date (there is no year zero): refused here, not there.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value.startsWith('0000')) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * Whether a calendar date is later than today everywhere on Earth. The earliest time zone is UTC+14,
 * so a date is in the future only once it is later than the date there; web and server agree.
 */
export function isFutureDate(value: string, now: Date = new Date()): boolean {
  const latestToday = new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return value > latestToday;
}
