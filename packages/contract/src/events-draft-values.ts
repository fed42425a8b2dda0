import type { EventDetail } from './events.ts';
import type { EventDraft, EventDraftForm, EventUpdateForm, PerformanceDraftForm } from './events-draft.ts';
import { LIMITS } from './limits.ts';
import { deviceTimeZone, instantToLocalTime, localTimeToInstant } from './time-zone.ts';

/*
 * Drafts as values, without the schema library: a new draft for the Create Event form, a draft's UTC
 * instants (what the server stores), and the edit form's draft of an existing event.
 */

const blankPerformance = (): PerformanceDraftForm => ({ name: '', date: '', time: '' });

/**
 * A new draft (spec section 9): two blank performance rows, sync on, confirmation planning; private No (the
 * Yes/No toggle starts on No); nothing chosen for the kind, association, circuit and tour; no time zone
 * (use `newEventDraft()` for one with the device's zone). Copy it before changing it.
 */
export const DEFAULT_EVENT_DRAFT: EventDraftForm = {
  eventTitle: '',
  startDate: '',
  startTime: '',
  endDate: '',
  endTime: '',
  timeZone: '',
  eventLocation: '',
  eventAddress: '',
  eventType: '',
  eventTypeIds: [],
  privateEvent: false,
  performances: Array.from({ length: LIMITS.eventPerformanceRowsDefault }, blankPerformance),
  associationType: '',
  circuits: '',
  tour: '',
  syncEvent: true,
  eventConfirmation: 'planning',
  addedMoney: '',
};

/** A fresh copy of DEFAULT_EVENT_DRAFT in `timeZone` (the device's by default). */
export function newEventDraft(timeZone: string = deviceTimeZone()): EventDraftForm {
  return {
    ...DEFAULT_EVENT_DRAFT,
    timeZone,
    eventTypeIds: [],
    performances: Array.from({ length: LIMITS.eventPerformanceRowsDefault }, blankPerformance),
  };
}

/** A blank performance row, for the form's add control. */
export const newPerformanceRow = blankPerformance;

/** What the server stores for a checked draft: the event's and each performance's UTC instants (ISO). */
export interface EventInstants {
  from_date: string;
  to_date: string;
  performances: Array<{ position: number; name: string; starts_at: string }>;
}

export function eventInstants(
  draft: Pick<EventDraft, 'startDate' | 'startTime' | 'endDate' | 'endTime' | 'timeZone' | 'performances'>,
): EventInstants {
  return {
    from_date: localTimeToInstant(draft.startDate, draft.startTime, draft.timeZone),
    to_date: localTimeToInstant(draft.endDate, draft.endTime, draft.timeZone),
    performances: draft.performances.map((performance, position) => ({
      position,
      name: performance.name,
      starts_at: localTimeToInstant(performance.date, performance.time, draft.timeZone),
    })),
  };
}

/** The edit form's values for an event, its times back in the event's own zone. */
export function eventDraftFromDetail(detail: EventDetail): EventUpdateForm {
  const start = instantToLocalTime(detail.from_date, detail.time_zone);
  const end = instantToLocalTime(detail.to_date, detail.time_zone);
  return {
    eventTitle: detail.title,
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    timeZone: detail.time_zone,
    eventLocation: detail.location,
    eventAddress: detail.address,
    eventType: detail.kind,
    eventTypeIds: detail.event_types.map((type) => type.id),
    privateEvent: detail.is_private,
    performances: detail.performances.map((performance) => {
      const at = instantToLocalTime(performance.starts_at, detail.time_zone);
      return { name: performance.name, date: at.date, time: at.time };
    }),
    associationType: detail.association?.id ?? '',
    circuits: detail.circuit?.id ?? '',
    tour: detail.tour ? 'yes' : 'no',
    syncEvent: detail.sync ?? true,
    eventConfirmation: detail.confirmation,
    addedMoney: detail.added_money,
    removeImage: false,
  };
}
