import type { EventDetail, HaulingResponse, HaulMember, HaulOffer, HaulRequest, Place } from '@corral/contract';

/** The board's test data: an upcoming event in Denver's zone, places, a driver, an offer, a request. */

export const CODY: Place = {
  id: 101,
  name: 'Cody',
  region: 'Wyoming',
  region_code: 'WY',
  country: 'US',
  latitude: 44.5263,
  longitude: -109.0565,
};
export const CHEYENNE: Place = { ...CODY, id: 102, name: 'Cheyenne', latitude: 41.14, longitude: -104.82 };

export const EVENT: EventDetail = {
  id: 5,
  title: 'Cheyenne Frontier Days',
  kind: 'rodeo',
  from_date: '2031-07-20T15:00:00.000Z',
  to_date: '2031-07-27T03:00:00.000Z',
  time_zone: 'America/Denver',
  location: 'Frontier Park Arena, Cheyenne, WY',
  address: '4610 Carey Ave',
  place: CHEYENNE,
  added_money: 0,
  is_private: false,
  tour: false,
  sync: null,
  confirmation: 'confirmed',
  circuit: null,
  association: null,
  event_types: [],
  performances: [
    { id: 11, name: 'Slack', starts_at: '2031-07-20T15:00:00.000Z' },
    { id: 12, name: 'Finals', starts_at: '2031-07-26T20:00:00.000Z' },
  ],
  followers_count: 0,
  is_following: false,
  is_cancelled: false,
  likes_count: 0,
  is_liked: false,
  image: null,
  owner: { id: 'owner-1', first_name: 'Dakota', last_name: 'Reyes', avatar: null },
  created_at: '2026-05-01T12:00:00.000Z',
  updated_at: '2026-05-01T12:00:00.000Z',
};

export const DRIVER: HaulMember = {
  id: 'driver-1',
  first_name: 'Tuf',
  last_name: 'Cooper',
  avatar: null,
  phone_verified: true,
  completed_hauls: 4,
  rating: 4.5,
  reviews_count: 2,
  late_cancellations: 0,
};

const haulEvent = {
  id: EVENT.id,
  title: EVENT.title,
  from_date: EVENT.from_date,
  to_date: EVENT.to_date,
  time_zone: EVENT.time_zone,
  location: EVENT.location,
  place: CHEYENNE,
  is_cancelled: false,
};

export const makeOffer = (changes: Partial<HaulOffer> = {}): HaulOffer => ({
  id: 21,
  event: haulEvent,
  driver: DRIVER,
  run_id: null,
  origin: CODY,
  depart_from: '2031-07-19T12:00:00.000Z',
  depart_until: '2031-07-19T15:00:00.000Z',
  arrive_performance: EVENT.performances[0] ?? null,
  arrive_by: '2031-07-20T15:00:00.000Z',
  stalls_total: 4,
  stalls_free: 3,
  stall_kind: 'slant',
  seats: 1,
  tack_room: true,
  rate_type: 'fill',
  price: 150,
  price_unit: 'horse',
  cap_per_horse: 200,
  professional: null,
  booking_mode: 'instant',
  visibility: 'everyone',
  detour_km: 50,
  notes: '',
  distance_km: 600,
  fit: null,
  friends_going: 2,
  is_mine: false,
  my_booking: null,
  closed: false,
  created_at: '2026-11-20T12:00:00.000Z',
  ...changes,
});

export const makeRequest = (changes: Partial<HaulRequest> = {}): HaulRequest => ({
  id: 31,
  event: haulEvent,
  rider: { ...DRIVER, id: 'rider-1', first_name: 'Sage', last_name: 'Kimzey', phone_verified: false, rating: null },
  origin: CODY,
  depart_from: '2031-07-18T14:00:00.000Z',
  depart_until: '2031-07-19T14:00:00.000Z',
  horses: 2,
  visibility: 'everyone',
  notes: '',
  distance_km: null,
  is_mine: false,
  closed: false,
  created_at: '2026-11-20T12:00:00.000Z',
  ...changes,
});

export const board = (changes: Partial<HaulingResponse> = {}): HaulingResponse => ({
  offers: [],
  requests: [],
  near: null,
  friends_going: 0,
  ...changes,
});
