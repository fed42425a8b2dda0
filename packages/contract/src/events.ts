import { z } from 'zod';
import { EVENT_CONFIRMATIONS, EVENT_KINDS } from './events.constants.ts';
import { feedUserSchema, imageMediaSchema } from './feed.ts';
import { referenceItemSchema } from './onboarding.ts';
import { placeSchema } from './places.ts';

/*
 * Events as the server answers them. The draft a member sends is `events-draft.ts` (its schema),
 * `events-multipart.ts` (over multipart) and `events-draft-values.ts` (new drafts, instants, edit forms);
 * the choices and texts the screens show are `events.constants.ts`; time zones are `time-zone.ts`.
 */

export const eventKindSchema = z.enum(EVENT_KINDS);
export const eventConfirmationSchema = z.enum(EVENT_CONFIRMATIONS);

/** A performance as the server answers it: `starts_at` is a UTC instant (ISO), shown in the event's zone. */
export const eventPerformanceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  starts_at: z.string(),
});
export type EventPerformance = z.infer<typeof eventPerformanceSchema>;

/**
 * GET /events/{id} (and PATCH /events/{id}'s answer), as `{ data: EventDetail }`; 404 if missing or not
 * visible to the viewer. `id` is the event's item id (the same as its feed item's). Instants are ISO UTC;
 * show them in `time_zone` (`instantToLocalTime`).
 */
export const eventDetailSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: eventKindSchema,
  from_date: z.string(),
  to_date: z.string(),
  time_zone: z.string(),
  location: z.string(),
  address: z.string(),
  /** The gazetteer's place of the location (docs/decisions/030-hauling-board.md); null when none was found. */
  place: placeSchema.nullable(),
  /** Whole dollars; 0 when none. */
  added_money: z.number().int(),
  is_private: z.boolean(),
  tour: z.boolean(),
  /** The owner's choice to put it into their calendar feed; null for anyone else. */
  sync: z.boolean().nullable(),
  confirmation: eventConfirmationSchema,
  /** Null when none is set any more (a deleted circuit or association). */
  circuit: referenceItemSchema.nullable(),
  association: referenceItemSchema.nullable(),
  /** The disciplines, sorted by name. */
  event_types: z.array(referenceItemSchema),
  /** In the order the owner listed them. */
  performances: z.array(eventPerformanceSchema),
  followers_count: z.number().int(),
  is_following: z.boolean(),
  is_cancelled: z.boolean(),
  likes_count: z.number().int(),
  is_liked: z.boolean(),
  /** The image's variants (src, srcset, size, placeholder), or null without one. */
  image: imageMediaSchema.nullable(),
  owner: feedUserSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type EventDetail = z.infer<typeof eventDetailSchema>;
export const eventDetailResponseSchema = z.object({ data: eventDetailSchema });
export type EventDetailResponse = z.infer<typeof eventDetailResponseSchema>;

/** POST /events/{id}/follow: the viewer's state afterwards. */
export const followEventResponseSchema = z.object({ is_following: z.boolean(), followers_count: z.number().int() });
export type FollowEventResponse = z.infer<typeof followEventResponseSchema>;
