import type { HaulMember, HaulOffer, HaulRequest } from '@corral/contract';
import type { OfferRow } from './offers.queries.ts';

/** Rows of the hauling statements as the contract's shapes (numbers from bigint text, stats rounded). */

export function toHaulMember(row: OfferRow['driver']): HaulMember {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    avatar: row.avatar,
    phone_verified: row.phone_verified,
    completed_hauls: Number(row.completed_hauls),
    rating: row.rating === null ? null : Number(row.rating),
    reviews_count: Number(row.reviews_count),
    late_cancellations: Number(row.late_cancellations),
  };
}

const km = (value: number | string | null) => (value === null ? null : Math.round(Number(value) * 10) / 10);

export function toHaulOffer(row: OfferRow, viewerId: string): HaulOffer {
  const detour = km(row.fit_detour_km);
  return {
    id: Number(row.id),
    event: { ...row.event, id: Number(row.event.id) },
    driver: toHaulMember(row.driver),
    run_id: row.run_id === null ? null : Number(row.run_id),
    origin: row.origin,
    depart_from: row.depart_from,
    depart_until: row.depart_until,
    arrive_performance: row.arrive_performance
      ? { ...row.arrive_performance, id: Number(row.arrive_performance.id) }
      : null,
    arrive_by: row.arrive_by,
    stalls_total: row.stalls_total,
    stalls_free: row.stalls_free,
    stall_kind: row.stall_kind,
    seats: row.seats,
    tack_room: row.tack_room,
    rate_type: row.rate_type,
    price: row.price,
    price_unit: row.price_unit,
    cap_per_horse: row.cap_per_horse,
    professional:
      row.rate_type === 'professional' && row.insurance_expires_on
        ? {
            usdot_number: row.usdot_number,
            mc_number: row.mc_number,
            insurance_expires_on: row.insurance_expires_on,
          }
        : null,
    booking_mode: row.booking_mode,
    visibility: row.visibility,
    detour_km: row.detour_km,
    notes: row.notes,
    distance_km: km(row.distance_km),
    fit: detour === null ? null : { detour_km: detour, fits: detour <= row.detour_km },
    friends_going: Number(row.friends_going),
    is_mine: row.driver_id === viewerId,
    my_booking: row.my_booking ? { id: Number(row.my_booking.id), status: row.my_booking.status } : null,
    closed: row.closed,
    created_at: row.created_at,
  };
}

/** A request's row (requests statements in hauling.queries.ts and my-hauls). */
export interface RequestRow {
  id: string;
  rider_id: string;
  event: HaulRequest['event'];
  rider: OfferRow['driver'];
  origin: HaulRequest['origin'];
  depart_from: string;
  depart_until: string;
  horses: number;
  visibility: HaulRequest['visibility'];
  notes: string;
  distance_km: number | string | null;
  closed: boolean;
  created_at: string;
}

export function toHaulRequest(row: RequestRow, viewerId: string): HaulRequest {
  return {
    id: Number(row.id),
    event: { ...row.event, id: Number(row.event.id) },
    rider: toHaulMember(row.rider),
    origin: row.origin,
    depart_from: row.depart_from,
    depart_until: row.depart_until,
    horses: row.horses,
    visibility: row.visibility,
    notes: row.notes,
    distance_km: km(row.distance_km),
    is_mine: row.rider_id === viewerId,
    closed: row.closed,
    created_at: row.created_at,
  };
}
