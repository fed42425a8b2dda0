import type { HaulBooking, HaulMember, HaulOffer, HaulRequest, MyHaulsResponse } from '@corral/contract';

/** Test data of the hauling board's own pages: a driver, a rider, an offer, a booking, a request. */
export const member = (id: string, first: string, last: string): HaulMember => ({
  id,
  first_name: first,
  last_name: last,
  avatar: null,
  phone_verified: true,
  completed_hauls: 3,
  rating: 4.5,
  reviews_count: 2,
  late_cancellations: 0,
});

export const DRIVER = member('driver-1', 'Cody', 'Braddock');
export const RIDER = member('member-1', 'Kaycee', 'Feild');

const place = (id: number, name: string, region_code: string) => ({
  id,
  name,
  region: region_code,
  region_code,
  country: 'US' as const,
  latitude: 44,
  longitude: -109,
});

export const offer = (changes: Partial<HaulOffer> = {}): HaulOffer => ({
  id: 7,
  event: {
    id: 40,
    title: 'Cody Stampede',
    from_date: '2027-07-01',
    to_date: '2027-07-04',
    time_zone: 'America/Denver',
    location: 'Cody, WY',
    place: place(2, 'Cody', 'WY'),
    is_cancelled: false,
  },
  driver: DRIVER,
  run_id: null,
  origin: place(1, 'Sheridan', 'WY'),
  depart_from: '2027-06-30T12:00:00.000Z',
  depart_until: '2027-06-30T15:00:00.000Z',
  arrive_performance: { id: 3, name: 'Slack', starts_at: '2027-07-01T14:00:00.000Z' },
  arrive_by: '2027-07-01T14:00:00.000Z',
  stalls_total: 4,
  stalls_free: 2,
  stall_kind: 'slant',
  seats: 1,
  tack_room: true,
  rate_type: 'fill',
  price: 80,
  price_unit: 'horse',
  cap_per_horse: 100,
  professional: null,
  booking_mode: 'request',
  visibility: 'everyone',
  detour_km: 50,
  notes: '',
  distance_km: 180,
  fit: null,
  friends_going: 0,
  is_mine: false,
  my_booking: null,
  closed: false,
  created_at: '2026-11-20T10:00:00.000Z',
  ...changes,
});

export const booking = (changes: Partial<HaulBooking> = {}): HaulBooking => ({
  id: 11,
  offer: offer(),
  rider: RIDER,
  stalls: 1,
  horses: [{ id: 5, name: 'Dusty', coggins_on: '2026-01-10', health_certificate_on: '2026-06-01' }],
  pickup: null,
  pickup_address: null,
  phones: null,
  message: 'Two quiet geldings.',
  status: 'requested',
  expires_at: null,
  cancelled_by_me: null,
  cancel_reason: null,
  late: false,
  conversation_id: 99,
  checklist: [{ horse_id: 5, horse_name: 'Dusty', coggins: 'ok', health_certificate: 'old' }],
  my_review: null,
  their_review: null,
  can_review: false,
  created_at: '2026-11-24T10:00:00.000Z',
  ...changes,
});

export const request = (changes: Partial<HaulRequest> = {}): HaulRequest => ({
  id: 21,
  event: offer().event,
  rider: RIDER,
  origin: place(1, 'Sheridan', 'WY'),
  depart_from: '2027-06-30T12:00:00.000Z',
  depart_until: '2027-06-30T15:00:00.000Z',
  horses: 2,
  visibility: 'everyone',
  notes: '',
  distance_km: null,
  is_mine: true,
  closed: false,
  created_at: '2026-11-20T10:00:00.000Z',
  ...changes,
});

export const myHauls = (changes: Partial<MyHaulsResponse> = {}): MyHaulsResponse => ({
  offers: [],
  requests: [],
  bookings: [],
  driving: [],
  suggested_rate_type: null,
  ...changes,
});
