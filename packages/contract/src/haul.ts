import { z } from 'zod';
import { isIsoDate, strictNumber } from './common.ts';
import { eventPerformanceSchema } from './events.ts';
import { feedUserSchema } from './feed.ts';
import {
  BOOKING_MODES,
  BOOKING_STATUSES,
  HAUL_LIMITS,
  HAUL_MESSAGES,
  HAUL_VISIBILITIES,
  PRICE_UNITS,
  RATE_TYPES,
  STALL_KINDS,
} from './haul.constants.ts';
import { placeIdSchema, placeSchema } from './places.ts';

const M = HAUL_MESSAGES;
const L = HAUL_LIMITS;

export const stallKindSchema = z.enum(STALL_KINDS);
export const rateTypeSchema = z.enum(RATE_TYPES);
export const priceUnitSchema = z.enum(PRICE_UNITS);
export const bookingModeSchema = z.enum(BOOKING_MODES);
export const haulVisibilitySchema = z.enum(HAUL_VISIBILITIES);
export const bookingStatusSchema = z.enum(BOOKING_STATUSES);

const id = strictNumber(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
export const haulIdParamsSchema = z.object({ id });
/** An instant with its offset (the web sends `toISOString()`). */
const instant = z.iso.datetime({ offset: true, error: 'Give a date and time.' });
const isoDate = (message: string) => z.string().refine(isIsoDate, { error: message });
const notesText = z.string().trim().max(L.notesMax);
const notes = notesText.default('');

/** The event an offer or request goes to, as the board shows it. */
export const haulEventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  from_date: z.string(),
  to_date: z.string(),
  time_zone: z.string(),
  location: z.string(),
  /** Resolved from its location; null until the organiser picks one (then nothing is near it). */
  place: placeSchema.nullable(),
  is_cancelled: z.boolean(),
});
export type HaulEvent = z.infer<typeof haulEventSchema>;

/** A member as the board shows them: verified phone, completed hauls, rating (null before any review shows). */
export const haulMemberSchema = feedUserSchema.extend({
  phone_verified: z.boolean(),
  completed_hauls: z.number().int(),
  rating: z.number().nullable(),
  reviews_count: z.number().int(),
  late_cancellations: z.number().int(),
});
export type HaulMember = z.infer<typeof haulMemberSchema>;

/**
 * An offer (one leg). `professional` is the badge's data (null for fill rates). `distance_km` is origin → event.
 * `fit` is for the viewer's `near` place (GET /events/{id}/hauling?near=): the detour in km (origin → near →
 * event, less origin → event) and whether it is within the driver's `detour_km`; null without `near`.
 * `friends_going`: the viewer's friends going to or following the event. `my_booking` is the viewer's live one.
 */
export const haulOfferSchema = z.object({
  id: z.number().int(),
  event: haulEventSchema,
  driver: haulMemberSchema,
  run_id: z.number().int().nullable(),
  origin: placeSchema,
  depart_from: z.string(),
  depart_until: z.string(),
  arrive_performance: eventPerformanceSchema.nullable(),
  arrive_by: z.string(),
  stalls_total: z.number().int(),
  stalls_free: z.number().int(),
  stall_kind: stallKindSchema,
  seats: z.number().int(),
  tack_room: z.boolean(),
  rate_type: rateTypeSchema,
  price: z.number().int(),
  price_unit: priceUnitSchema,
  cap_per_horse: z.number().int().nullable(),
  professional: z
    .object({
      usdot_number: z.string().nullable(),
      mc_number: z.string().nullable(),
      insurance_expires_on: z.string(),
    })
    .nullable(),
  booking_mode: bookingModeSchema,
  visibility: haulVisibilitySchema,
  detour_km: z.number().int(),
  notes: z.string(),
  distance_km: z.number().nullable(),
  fit: z.object({ detour_km: z.number(), fits: z.boolean() }).nullable(),
  friends_going: z.number().int(),
  is_mine: z.boolean(),
  my_booking: z.object({ id: z.number().int(), status: bookingStatusSchema }).nullable(),
  closed: z.boolean(),
  created_at: z.string(),
});
export type HaulOffer = z.infer<typeof haulOfferSchema>;

/** A rider's request for stalls. `distance_km`: from the viewer's `near` place to its origin, when given. */
export const haulRequestSchema = z.object({
  id: z.number().int(),
  event: haulEventSchema,
  rider: haulMemberSchema,
  origin: placeSchema,
  depart_from: z.string(),
  depart_until: z.string(),
  horses: z.number().int(),
  visibility: haulVisibilitySchema,
  notes: z.string(),
  distance_km: z.number().nullable(),
  is_mine: z.boolean(),
  closed: z.boolean(),
  created_at: z.string(),
});
export type HaulRequest = z.infer<typeof haulRequestSchema>;

const legFields = {
  event_id: id,
  /** The performance the driver arrives for: its start is the arrive-by time. */
  arrive_performance_id: id,
  depart_from: instant,
  depart_until: instant,
};

/** An offer's terms, none defaulted: PATCH takes any of them and leaves the others as they are. */
const offerTermsShape = {
  stalls: strictNumber(
    z
      .number({ error: M.stallsRange })
      .int({ error: M.stallsRange })
      .min(1, M.stallsRange)
      .max(L.stallsMax, M.stallsRange),
  ),
  stall_kind: stallKindSchema,
  seats: strictNumber(z.number().int().min(0).max(L.seatsMax)),
  tack_room: z.boolean(),
  rate_type: rateTypeSchema,
  price: strictNumber(z.number().int().min(0).max(L.priceMax)),
  price_unit: priceUnitSchema,
  cap_per_horse: strictNumber(z.number().int().min(0).max(L.priceMax)).nullish(),
  usdot_number: z.string().trim().regex(new RegExp(L.usdotPattern), M.usdotInvalid).nullish().or(z.literal('')),
  mc_number: z.string().trim().toUpperCase().regex(new RegExp(L.mcPattern), M.mcInvalid).nullish().or(z.literal('')),
  insurance_expires_on: isoDate(M.professionalNeedsInsurance).nullish().or(z.literal('')),
  booking_mode: bookingModeSchema,
  visibility: haulVisibilitySchema,
  detour_km: strictNumber(z.number().int().min(0).max(L.detourKmMax)),
  notes: notesText,
};

/**
 * POST /haul/offers: the first leg's fields and terms; `next_legs` continue a run of events, each leg leaving
 * from the previous leg's event. Answers every leg created (201). The rules the server adds: the events are
 * upcoming, visible and not cancelled, each performance is of its event, the window ends after it starts and
 * before arrive-by, a professional offer has a USDOT or MC number and an insurance valid on departure, a
 * fill offer a cap per horse at least its price per horse.
 */
export const createHaulOfferRequestSchema = z.object({
  ...legFields,
  origin_place_id: placeIdSchema,
  ...offerTermsShape,
  seats: offerTermsShape.seats.default(0),
  tack_room: offerTermsShape.tack_room.default(false),
  detour_km: offerTermsShape.detour_km.default(L.detourKmDefault),
  notes,
  next_legs: z
    .array(z.object(legFields))
    .max(L.legsMax - 1)
    .default([]),
});
export type CreateHaulOfferRequest = z.input<typeof createHaulOfferRequestSchema>;

/** PATCH /haul/offers/{id}: the terms and window of one leg (its event and origin stay). */
export const updateHaulOfferRequestSchema = z
  .object({
    depart_from: instant,
    depart_until: instant,
    ...offerTermsShape,
  })
  .partial()
  .strict();
export type UpdateHaulOfferRequest = z.input<typeof updateHaulOfferRequestSchema>;

export const haulOfferResponseSchema = z.object({ data: haulOfferSchema });
export const haulOffersResponseSchema = z.object({ data: z.array(haulOfferSchema) });
export type HaulOffersResponse = z.infer<typeof haulOffersResponseSchema>;

/** POST /haul/requests */
export const createHaulRequestRequestSchema = z.object({
  event_id: id,
  origin_place_id: placeIdSchema,
  depart_from: instant,
  depart_until: instant,
  horses: strictNumber(
    z
      .number({ error: M.horsesRange })
      .int({ error: M.horsesRange })
      .min(1, M.horsesRange)
      .max(L.horsesMax, M.horsesRange),
  ),
  visibility: haulVisibilitySchema.default('everyone'),
  notes,
});
export type CreateHaulRequestRequest = z.input<typeof createHaulRequestRequestSchema>;
export const haulRequestResponseSchema = z.object({ data: haulRequestSchema });

/**
 * GET /events/{id}/hauling?near=&horses=&rate=&date= : the event's open offers and requests the viewer may see.
 * With `near`, offers are those whose detour through it is within the driver's limit, least detour first, and
 * requests nearest first; without, by departure. `horses`: offers with at least that many stalls free.
 * `date` (YYYY-MM-DD, the event's zone): departure windows touching that day.
 */
export const haulingQuerySchema = z.object({
  near: placeIdSchema.optional(),
  horses: strictNumber(z.number().int().min(1).max(L.horsesMax)).optional(),
  rate: rateTypeSchema.optional(),
  date: z.string().refine(isIsoDate).optional(),
});
export type HaulingQuery = z.input<typeof haulingQuerySchema>;
export const haulingResponseSchema = z.object({
  offers: z.array(haulOfferSchema),
  requests: z.array(haulRequestSchema),
  near: placeSchema.nullable(),
  /** The viewer's friends going to or following the event. */
  friends_going: z.number().int(),
});
export type HaulingResponse = z.infer<typeof haulingResponseSchema>;

/** A horse and the dates of its papers. */
export const horseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  coggins_on: z.string().nullable(),
  health_certificate_on: z.string().nullable(),
});
export type Horse = z.infer<typeof horseSchema>;
// A real date; the server refuses one in the future (M.horseDateFuture).
const horseDate = isoDate(M.dateInvalid).nullish();
export const createHorseRequestSchema = z.object({
  name: z
    .string({ error: M.horseNameRequired })
    .trim()
    .min(1, M.horseNameRequired)
    .max(L.horseNameMax, M.horseNameTooLong),
  coggins_on: horseDate,
  health_certificate_on: horseDate,
});
export type CreateHorseRequest = z.input<typeof createHorseRequestSchema>;
export const updateHorseRequestSchema = createHorseRequestSchema.partial().strict();
export const horseResponseSchema = z.object({ data: horseSchema });
export const horsesResponseSchema = z.object({ data: z.array(horseSchema) });
export type HorsesResponse = z.infer<typeof horsesResponseSchema>;

/** A review, shown once both sides have reviewed or `reviewRevealDays` have passed. */
export const haulReviewSchema = z.object({
  /** For a report of the review (POST /reports, target_type haul_review). */
  id: z.number().int(),
  rating: z.number().int(),
  comment: z.string(),
  author: feedUserSchema,
  created_at: z.string(),
});
export type HaulReview = z.infer<typeof haulReviewSchema>;

/** A paper at departure: `missing` (no date), `old` (past its limit on departure), `ok`. */
export const paperStateSchema = z.enum(['ok', 'old', 'missing']);

/**
 * A booking, as its rider or its offer's driver sees it. `pickup_address` and `phones` are null until it is
 * confirmed. `checklist` is the horses' papers judged at the offer's departure. `their_review` stays null
 * until shown (both reviewed, or `reviewRevealDays` after completion); `my_review` is the viewer's own.
 */
export const haulBookingSchema = z.object({
  id: z.number().int(),
  offer: haulOfferSchema,
  rider: haulMemberSchema,
  stalls: z.number().int(),
  horses: z.array(horseSchema),
  pickup: placeSchema.nullable(),
  pickup_address: z.string().nullable(),
  phones: z.object({ driver: z.string().nullable(), rider: z.string().nullable() }).nullable(),
  message: z.string(),
  status: bookingStatusSchema,
  expires_at: z.string().nullable(),
  /** Whether the viewer cancelled it; null when not cancelled, or cancelled by nobody (its event was cancelled). */
  cancelled_by_me: z.boolean().nullable(),
  cancel_reason: z.string().nullable(),
  late: z.boolean(),
  conversation_id: z.number().int().nullable(),
  checklist: z.array(
    z.object({
      horse_id: z.number().int(),
      horse_name: z.string(),
      coggins: paperStateSchema,
      health_certificate: paperStateSchema,
    }),
  ),
  my_review: haulReviewSchema.nullable(),
  their_review: haulReviewSchema.nullable(),
  can_review: z.boolean(),
  created_at: z.string(),
});
export type HaulBooking = z.infer<typeof haulBookingSchema>;
export const haulBookingResponseSchema = z.object({ data: haulBookingSchema });

/**
 * POST /haul/offers/{id}/bookings: stalls, the horses (one's own, at most one per stall), where the rider
 * joins (`pickup_place_id`, checked against the driver's detour; the origin when absent) and the address
 * shared once confirmed. Instant offers answer `confirmed`, request offers `requested`.
 */
export const createHaulBookingRequestSchema = z.object({
  stalls: strictNumber(
    z
      .number({ error: M.stallsRange })
      .int({ error: M.stallsRange })
      .min(1, M.stallsRange)
      .max(L.stallsMax, M.stallsRange),
  ),
  horse_ids: z.array(id).max(L.stallsMax).default([]),
  message: z.string().trim().max(L.messageMax).default(''),
  pickup_place_id: placeIdSchema.optional(),
  pickup_address: z.string().trim().max(L.pickupAddressMax).default(''),
});
export type CreateHaulBookingRequest = z.input<typeof createHaulBookingRequestSchema>;

/** POST /haul/bookings/{id}/cancel: with a reason, which the other side reads. */
export const cancelHaulBookingRequestSchema = z.object(
  { reason: z.string({ error: M.cancelReasonRequired }).trim().min(1, M.cancelReasonRequired).max(L.reasonMax) },
  { error: M.cancelReasonRequired },
);
export const reviewHaulBookingRequestSchema = z.object({
  // A number, not its digits: a JSON body's rating is never a string, a list or true.
  rating: z.number({ error: M.ratingRange }).int({ error: M.ratingRange }).min(1, M.ratingRange).max(5, M.ratingRange),
  comment: z.string().trim().max(L.reviewMax).default(''),
});
export type ReviewHaulBookingRequest = z.input<typeof reviewHaulBookingRequestSchema>;

/** GET /me/hauls: my offers and requests (open first), my bookings as a rider, and bookings on my offers. */
export const myHaulsResponseSchema = z.object({
  offers: z.array(haulOfferSchema),
  requests: z.array(haulRequestSchema),
  bookings: z.array(haulBookingSchema),
  driving: z.array(haulBookingSchema),
  /** Onboarding's answer, for the first offer's rate type: null when the member said they do not haul. */
  suggested_rate_type: rateTypeSchema.nullable(),
});
export type MyHaulsResponse = z.infer<typeof myHaulsResponseSchema>;

/** A saved search: a new open offer matching it notifies its owner (kind `haul_match`). */
export const haulSavedSearchSchema = z.object({
  id: z.number().int(),
  event: haulEventSchema.nullable(),
  near: placeSchema,
  horses: z.number().int(),
  rate_type: rateTypeSchema.nullable(),
  created_at: z.string(),
});
export type HaulSavedSearch = z.infer<typeof haulSavedSearchSchema>;
export const createHaulSavedSearchRequestSchema = z.object({
  event_id: id.optional(),
  near_place_id: placeIdSchema,
  horses: strictNumber(z.number().int().min(1).max(L.horsesMax)).default(1),
  rate_type: rateTypeSchema.optional(),
});
export const haulSavedSearchesResponseSchema = z.object({ data: z.array(haulSavedSearchSchema) });

/** The stream's `haul_booking` event: a booking of the member's changed (the other side acted); pages refetch. */
export const haulStreamEvents = [
  z.object({
    type: z.literal('haul_booking'),
    booking: z.object({ id: z.number().int(), offer_id: z.number().int(), status: bookingStatusSchema }),
  }),
] as const;
