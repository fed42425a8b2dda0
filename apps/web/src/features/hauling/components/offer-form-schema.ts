import {
  type BOOKING_MODES,
  type CreateHaulOfferRequest,
  type EventPerformance,
  HAUL_LIMITS,
  HAUL_MESSAGES,
  type HAUL_VISIBILITIES,
  type Place,
  type PRICE_UNITS,
  type RATE_TYPES,
  type STALL_KINDS,
} from '@corral/contract';
import { z } from 'zod';
import { fromLocalInput } from './haul-times.ts';

const M = HAUL_MESSAGES;
const L = HAUL_LIMITS;

/** The offer form as typed: numbers as the inputs hold them, times on the event's wall clock. */
export interface OfferFormValues {
  origin: Place | null;
  depart_from: string;
  depart_until: string;
  arrive_performance_id: string;
  stalls: string;
  stall_kind: (typeof STALL_KINDS)[number];
  seats: string;
  tack_room: boolean;
  rate_type: (typeof RATE_TYPES)[number];
  price: string;
  price_unit: (typeof PRICE_UNITS)[number];
  cap_per_horse: string;
  usdot_number: string;
  mc_number: string;
  insurance_expires_on: string;
  booking_mode: (typeof BOOKING_MODES)[number];
  visibility: (typeof HAUL_VISIBILITIES)[number];
  detour_km: string;
  notes: string;
  next_legs: RunLegValues[];
}

/** A further leg of a run of events: it leaves from the previous leg's event. Times on this event's clock. */
export interface RunLegValues {
  event_id: string;
  arrive_performance_id: string;
  depart_from: string;
  depart_until: string;
  /** The leg's event's zone, put once its detail is loaded (the window is read on its clock). */
  time_zone: string;
}

export type OfferFormFieldName = Exclude<keyof OfferFormValues, 'next_legs'>;
export type OfferFormPath = OfferFormFieldName | `next_legs.${number}.${Exclude<keyof RunLegValues, 'time_zone'>}`;

export const newRunLeg = (): RunLegValues => ({
  event_id: '',
  arrive_performance_id: '',
  depart_from: '',
  depart_until: '',
  time_zone: '',
});

export const newOfferFormValues = (performances: EventPerformance[]): OfferFormValues => ({
  origin: null,
  depart_from: '',
  depart_until: '',
  arrive_performance_id: performances[0] ? String(performances[0].id) : '',
  stalls: '2',
  stall_kind: 'slant',
  seats: '0',
  tack_room: false,
  rate_type: 'fill',
  price: '',
  price_unit: 'horse',
  cap_per_horse: '',
  usdot_number: '',
  mc_number: '',
  insurance_expires_on: '',
  booking_mode: 'request',
  visibility: 'everyone',
  detour_km: String(L.detourKmDefault),
  notes: '',
  next_legs: [],
});

const wholeNumber = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN);

/**
 * The server's rules for an offer (haul.ts's createHaulOfferRequestSchema and the service's checks), with its
 * messages, on the form's fields; the answer is the request to send. The server checks them all again.
 */
export function offerFormSchema(
  event: { id: number; time_zone: string; performances: EventPerformance[] },
  now: () => number = Date.now,
) {
  return z
    .custom<OfferFormValues>()
    .superRefine((values, context) => {
      const issue = (path: OfferFormPath, message: string) =>
        context.addIssue({
          code: 'custom',
          path: path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
          message,
        });
      if (!values.origin) issue('origin', M.placeNotFound);
      const from = fromLocalInput(values.depart_from, event.time_zone);
      const until = fromLocalInput(values.depart_until, event.time_zone);
      if (!from) issue('depart_from', 'Give a date and time.');
      else if (Date.parse(from) <= now()) issue('depart_from', M.departurePast);
      if (!until) issue('depart_until', 'Give a date and time.');
      else if (from && Date.parse(until) <= Date.parse(from)) issue('depart_until', M.departureOrder);
      const performance = event.performances.find((p) => String(p.id) === values.arrive_performance_id);
      if (!performance) issue('arrive_performance_id', M.performanceNotOfEvent);
      else if (until && Date.parse(until) > Date.parse(performance.starts_at))
        issue('depart_until', M.departureAfterArrival);
      const stalls = wholeNumber(values.stalls);
      if (!(stalls >= 1 && stalls <= L.stallsMax)) issue('stalls', M.stallsRange);
      const seats = wholeNumber(values.seats || '0');
      if (!(seats >= 0 && seats <= L.seatsMax)) issue('seats', `Between 0 and ${L.seatsMax} seats.`);
      const price = wholeNumber(values.price);
      if (!(price >= 0 && price <= L.priceMax)) issue('price', 'Give the price in whole dollars.');
      const detour = wholeNumber(values.detour_km);
      if (!(detour >= 0 && detour <= L.detourKmMax)) issue('detour_km', `Between 0 and ${L.detourKmMax} km.`);
      if (values.notes.trim().length > L.notesMax) issue('notes', `At most ${L.notesMax} characters.`);
      if (values.rate_type === 'fill') {
        const cap = wholeNumber(values.cap_per_horse);
        if (values.cap_per_horse.trim() === '' || Number.isNaN(cap)) issue('cap_per_horse', M.fillNeedsCap);
        else if (stalls >= 1 && price >= 0) {
          // A trip's price is shared by its stalls (the server's rule: rounded up).
          const perHorse = values.price_unit === 'horse' ? price : Math.ceil(price / stalls);
          if (perHorse > cap) issue('price', M.priceAboveCap);
        }
      } else {
        const usdot = values.usdot_number.trim();
        const mc = values.mc_number.trim();
        if (!usdot && !mc) issue('usdot_number', M.professionalNeedsNumber);
        if (usdot && !new RegExp(L.usdotPattern).test(usdot)) issue('usdot_number', M.usdotInvalid);
        if (mc && !new RegExp(L.mcPattern).test(mc.toUpperCase())) issue('mc_number', M.mcInvalid);
        const insurance = values.insurance_expires_on;
        if (!insurance) issue('insurance_expires_on', M.professionalNeedsInsurance);
        else {
          // Valid on every leg's day of leaving (the server's rule: the last departure's UTC day).
          const lastDay = [until, ...values.next_legs.map((leg) => fromLocalInput(leg.depart_until, leg.time_zone))]
            .flatMap((at) => (at ? [at.slice(0, 10)] : []))
            .sort()
            .at(-1);
          if (lastDay && insurance < lastDay) issue('insurance_expires_on', M.insuranceExpired);
        }
      }
      values.next_legs.forEach((leg, index) => {
        const at = <F extends Exclude<keyof RunLegValues, 'time_zone'>>(field: F) =>
          `next_legs.${index}.${field}` as const;
        if (!leg.event_id) issue(at('event_id'), 'Pick the next event.');
        else if (!leg.arrive_performance_id) issue(at('arrive_performance_id'), M.performanceNotOfEvent);
        const legFrom = leg.time_zone ? fromLocalInput(leg.depart_from, leg.time_zone) : null;
        const legUntil = leg.time_zone ? fromLocalInput(leg.depart_until, leg.time_zone) : null;
        if (!legFrom) issue(at('depart_from'), 'Give a date and time.');
        if (!legUntil) issue(at('depart_until'), 'Give a date and time.');
        else if (legFrom && Date.parse(legUntil) <= Date.parse(legFrom)) issue(at('depart_until'), M.departureOrder);
      });
    })
    .transform((values): CreateHaulOfferRequest => {
      const professional = values.rate_type === 'professional';
      return {
        event_id: event.id,
        arrive_performance_id: Number(values.arrive_performance_id),
        depart_from: fromLocalInput(values.depart_from, event.time_zone) ?? '',
        depart_until: fromLocalInput(values.depart_until, event.time_zone) ?? '',
        origin_place_id: values.origin?.id ?? 0,
        stalls: Number(values.stalls),
        stall_kind: values.stall_kind,
        seats: Number(values.seats || 0),
        tack_room: values.tack_room,
        rate_type: values.rate_type,
        price: Number(values.price),
        price_unit: values.price_unit,
        cap_per_horse: professional ? null : Number(values.cap_per_horse),
        usdot_number: professional ? values.usdot_number.trim() || null : null,
        mc_number: professional ? values.mc_number.trim() || null : null,
        insurance_expires_on: professional ? values.insurance_expires_on : null,
        booking_mode: values.booking_mode,
        visibility: values.visibility,
        detour_km: Number(values.detour_km),
        notes: values.notes.trim(),
        next_legs: values.next_legs.map((leg) => ({
          event_id: Number(leg.event_id),
          arrive_performance_id: Number(leg.arrive_performance_id),
          depart_from: fromLocalInput(leg.depart_from, leg.time_zone) ?? '',
          depart_until: fromLocalInput(leg.depart_until, leg.time_zone) ?? '',
        })),
      };
    });
}

const LEG_FIELDS = ['event_id', 'arrive_performance_id', 'depart_from', 'depart_until'];

/** A server field's path on the form ('origin_place_id' is the origin typeahead; a run's legs keep theirs). */
export function offerFormField(serverField: string): OfferFormPath | null {
  const [field = '', index, legField = ''] = serverField.split('.');
  if (field === 'next_legs')
    return index && /^\d+$/.test(index) && LEG_FIELDS.includes(legField)
      ? (`next_legs.${Number(index)}.${legField}` as OfferFormPath)
      : null;
  if (field === 'origin_place_id') return 'origin';
  if (field === 'event_id') return null;
  const names = Object.keys(newOfferFormValues([])).filter((name) => name !== 'next_legs');
  return names.includes(field) ? (field as OfferFormFieldName) : null;
}
