import { z } from 'zod';
import { cursorQuerySchema, pagedSchema } from './common.ts';
import { MESSAGES } from './messages.ts';
import { SEARCH_LIMITS } from './search.constants.ts';

/** What to look for: both kinds (the dropdown), or one kind page by page (the results page's Show More). */
export const searchTypeSchema = z.enum(['all', 'members', 'events']);
export type SearchType = z.infer<typeof searchTypeSchema>;

/**
 * GET /search?q=&type=&cursor=: members by the start of any word of their name and events by the start of
 * any word of their title, whatever the accents and case. A cursor continues one kind (`type` members or
 * events); an empty `q` finds nothing.
 */
export const searchQuerySchema = cursorQuerySchema.extend({
  q: z
    .string()
    .trim()
    .max(SEARCH_LIMITS.queryMax, { error: MESSAGES.generic.maxLength(SEARCH_LIMITS.queryMax) })
    .default(''),
  type: searchTypeSchema.default('all'),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

/**
 * A member found: name and avatar only, whoever they are (a private member shows nothing more to
 * anyone in search; their profile decides what else a friend sees).
 */
export const searchMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string(),
  is_private: z.boolean(),
});
export type SearchMember = z.infer<typeof searchMemberSchema>;

/** An event found: what the dropdown and the results page show of it (its page has the rest). */
export const searchEventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** ISO 8601 instants in UTC. */
  from_date: z.string(),
  to_date: z.string(),
  location: z.string(),
});
export type SearchEvent = z.infer<typeof searchEventSchema>;

/**
 * Both kinds, each ranked (the viewer's own and friends' first, then how well the name or title starts
 * like the query) and paged by its own cursor; the kind not asked for is empty.
 */
export const searchResponseSchema = z.object({
  members: pagedSchema(searchMemberSchema),
  events: pagedSchema(searchEventSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
