/**
 * The hauling board (docs/decisions/030-hauling-board.md): offers of stalls in a trailer to an event,
 * requests of riders who need stalls, bookings, horses and their papers, reviews.
 */

/** The kinds of stall a trailer has. */
export const STALL_KINDS = ['slant', 'straight', 'box'] as const;
export const STALL_KIND_LABELS = { slant: 'Slant load', straight: 'Straight load', box: 'Box stall' } as const;

/** Fill: a shared cost, capped per horse. Professional: a business, with a USDOT or MC number and insurance. */
export const RATE_TYPES = ['fill', 'professional'] as const;
export const RATE_TYPE_LABELS = { fill: 'Fill rate', professional: 'Professional' } as const;

/** What a price is for. */
export const PRICE_UNITS = ['horse', 'trip'] as const;
export const PRICE_UNIT_LABELS = { horse: 'per horse', trip: 'per trip' } as const;

/** Request: the driver accepts or declines. Instant: a booking is confirmed at once. */
export const BOOKING_MODES = ['request', 'instant'] as const;
export const BOOKING_MODE_LABELS = { request: 'Ask the driver first', instant: 'Instant booking' } as const;

/** Who sees an offer (and a request): the profile privacy words, by friendship distance. */
export const HAUL_VISIBILITIES = ['everyone', 'friends_of_friends', 'friends'] as const;
export const HAUL_VISIBILITY_LABELS = {
  everyone: 'Everyone',
  friends_of_friends: 'Friends of friends',
  friends: 'Friends only',
} as const;

/**
 * A booking's life: `requested` (request mode, until the driver answers or it expires), `confirmed`,
 * `declined`, `expired`, `cancelled` (by either side, with a reason), `completed` (after the event).
 */
export const BOOKING_STATUSES = ['requested', 'confirmed', 'declined', 'expired', 'cancelled', 'completed'] as const;

/** Onboarding's transport answer (TRANSPORT_OPTIONS ids) and the rate type it prefills on the first offer. */
export const TRANSPORT_RATE_TYPE: Record<number, (typeof RATE_TYPES)[number] | null> = {
  1: 'fill',
  2: 'professional',
  3: null,
};

export const HAUL_LIMITS = {
  stallsMax: 12,
  seatsMax: 8,
  horsesMax: 12,
  /** The detour a driver accepts, in km. */
  detourKmMax: 500,
  detourKmDefault: 50,
  /** Whole dollars. */
  priceMax: 100_000,
  notesMax: 1000,
  messageMax: 1000,
  reasonMax: 500,
  reviewMax: 1000,
  horseNameMax: 60,
  /** USDOT numbers have up to 8 digits; MC numbers up to 7 (FMCSA). */
  /** A USDOT number: up to 8 digits, not all zeros. */
  usdotPattern: '^(?!0+$)[0-9]{1,8}$',
  mcPattern: '^(MC-?)?(?!0+$)[0-9]{1,7}$',
  pickupAddressMax: 200,
  /** A run of events taken leg by leg. */
  legsMax: 8,
  /** Places in a typeahead answer. */
  placesMax: 8,
  placeQueryMax: 80,
  /** Horses of one member. */
  horsesPerMember: 30,
  /** Offers and requests of one member that are open at once. */
  openPerMember: 30,
  /** A requested booking not answered within this many hours expires (and never after departure). */
  requestExpiryHours: 24,
  /** A cancellation this close to departure is late, and shows on the profile. */
  lateCancelHours: 48,
  /** Reviews are hidden until both sides review, or this many days after completion. */
  reviewRevealDays: 14,
  /** A booking can be reviewed this long after completion. */
  reviewWindowDays: 30,
  /** Papers at departure: a Coggins test within 12 months, a health certificate within 30 days. */
  cogginsMaxDays: 365,
  healthCertificateMaxDays: 30,
  /** Both sides are reminded of the papers this long before departure. */
  reminderHoursBefore: 48,
  /** Saved searches of one member. */
  savedSearchesPerMember: 10,
} as const;

/** Texts of the board (ours: the spec has none), shown as the server answers them. */
export const HAUL_MESSAGES = {
  notFound: 'This haul is not available.',
  eventNotFound: 'This event is not available.',
  eventPast: 'This event is over.',
  eventCancelled: 'This event is cancelled.',
  /** A booking's reason when its event was cancelled (by nobody: neither side). */
  eventCancelledReason: 'The event was cancelled.',
  cancelReasonRequired: 'Say why you cancel: the other side is told.',
  requestAfterEvent: 'Leave before the event ends.',
  requestAlreadyOpen: 'You already asked for stalls to this event. Close that request to ask again.',
  performanceNotOfEvent: 'Pick the performance you will arrive for from this event.',
  placeNotFound: 'Pick a place from the list.',
  departureOrder: 'The departure window must end after it starts.',
  departureAfterArrival: 'The departure must be before the arrive-by time.',
  departurePast: 'The departure must be in the future.',
  professionalNeedsNumber: 'A professional haul needs a USDOT or MC number.',
  professionalNeedsInsurance: 'A professional haul needs the date its insurance expires.',
  insuranceExpired: 'The insurance must be valid on the day you leave.',
  usdotInvalid: 'A USDOT number has up to 8 digits.',
  mcInvalid: 'An MC number has up to 7 digits.',
  fillNeedsCap: 'A fill rate needs its cap per horse.',
  priceAboveCap: 'The price cannot be above the cap per horse.',
  stallsRange: `Offer between 1 and ${HAUL_LIMITS.stallsMax} stalls.`,
  horsesRange: `Between 1 and ${HAUL_LIMITS.horsesMax} horses.`,
  stallsBelowBooked: 'You cannot offer fewer stalls than are booked.',
  tooManyOpen: `You have ${HAUL_LIMITS.openPerMember} open offers and requests; close one first.`,
  ownOffer: 'This is your own offer.',
  notEnoughStalls: 'Not enough stalls are left on this haul.',
  offerClosed: 'This haul no longer takes bookings.',
  alreadyBooked: 'You already have a booking on this haul.',
  pickupTooFar: 'Your pickup is further off the route than the driver goes.',
  notYourHorse: 'Pick horses from your own list.',
  horsesMoreThanStalls: 'Name at most one horse per stall.',
  bookingNotFound: 'This booking is not available.',
  notTheDriver: 'Only the driver can answer this booking.',
  notRequested: 'This booking has already been answered.',
  notCancellable: 'This booking can no longer be cancelled.',
  notReviewable: 'You can review a haul once it is completed.',
  alreadyReviewed: 'You have already reviewed this haul.',
  ratingRange: 'Give between 1 and 5 stars.',
  blocked: 'You cannot book with this member.',
  tooManyHorses: `You can keep at most ${HAUL_LIMITS.horsesPerMember} horses.`,
  horseNotFound: 'This horse is not in your list.',
  horseDateFuture: 'This date cannot be in the future.',
  horseNameRequired: 'Give the horse a name.',
  horseNameTooLong: `A horse's name is at most ${HAUL_LIMITS.horseNameMax} characters.`,
  dateInvalid: 'Give a real date (YYYY-MM-DD).',
  tooManySavedSearches: `You can save at most ${HAUL_LIMITS.savedSearchesPerMember} searches.`,
  attribution: 'Places from GeoNames (geonames.org), CC BY 4.0.',
} as const;
