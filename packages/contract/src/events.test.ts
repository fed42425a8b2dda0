import { describe, expect, it } from 'vitest';
import { eventIssueSummary, eventTitleCounter, ordinal, performanceIssue } from './events.constants.ts';
import { type EventDetail, eventDetailSchema } from './events.ts';
import { type EventDraftForm, eventDraftSchema, eventUpdateSchema } from './events-draft.ts';
import { DEFAULT_EVENT_DRAFT, eventDraftFromDetail, eventInstants, newEventDraft } from './events-draft-values.ts';
import {
  eventDraftFromMultipart,
  eventDraftMultipartSchema,
  eventUpdateMultipartSchema,
  toEventMultipartFields,
} from './events-multipart.ts';
import { LIMITS } from './limits.ts';
import { isTimeZone } from './time-zone.ts';

/** A complete, valid draft: Cheyenne Frontier Days, in Mountain time. */
const valid = {
  eventTitle: 'Cheyenne Frontier Days',
  startDate: '2026-07-17',
  startTime: '09:00',
  endDate: '2026-07-26',
  endTime: '22:00',
  timeZone: 'America/Denver',
  eventLocation: 'Frontier Park',
  eventAddress: '4610 Carey Ave, Cheyenne, WY 82001',
  eventType: 'rodeo',
  eventTypeIds: [1, 3],
  privateEvent: false,
  performances: [
    { name: 'Team Roping', date: '2026-07-18', time: '13:00' },
    { name: 'Bareback Riding', date: '2026-07-26', time: '19:30' },
  ],
  associationType: 1,
  circuits: 4,
  tour: 'yes',
  syncEvent: true,
  eventConfirmation: 'planning',
  addedMoney: 250_000,
} satisfies EventDraftForm;

type Patch = Record<string, unknown>;

/** Every failing field and its messages, by path ('performances.1.date'). */
function messagesOf(input: unknown, schema: { safeParse(input: unknown): unknown } = eventDraftSchema) {
  const result = schema.safeParse(input) as {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
  const messages: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const path = issue.path.join('.');
    messages[path] = [...(messages[path] ?? []), issue.message];
  }
  return messages;
}

/** The valid draft with one performance row changed. */
const withPerformance = (index: number, row: Patch): Patch => ({
  performances: valid.performances.map((performance, i) => (i === index ? { ...performance, ...row } : performance)),
});

/** A one-day event: 2026-07-17, performances that day. */
const oneDay = (startTime: string, endTime: string): Patch => ({
  startDate: '2026-07-17',
  endDate: '2026-07-17',
  startTime,
  endTime,
  performances: [{ name: 'Team Roping', date: '2026-07-17', time: '13:00' }],
});

describe('event draft (spec section 5 "Create event")', () => {
  it('accepts a complete draft, trimmed, with numeric ids and dollars', () => {
    const draft = eventDraftSchema.parse({ ...valid, eventTitle: '  Cheyenne Frontier Days ', associationType: '1' });
    expect(draft).toEqual({ ...valid, associationType: 1 });
  });

  // Each spec message, triggered on its own: one failing field per case, every other field valid.
  it.each<[string, Patch, string, string]>([
    ['a missing title', { eventTitle: '' }, 'eventTitle', 'Event title is required.'],
    ['an absent title', { eventTitle: undefined }, 'eventTitle', 'Event title is required.'],
    ['a title over 50 characters', { eventTitle: 'x'.repeat(51) }, 'eventTitle', 'Title cannot exceed 50 characters.'],
    ['a missing start date', { startDate: '' }, 'startDate', 'Start date is required.'],
    ['a start date not on the calendar', { startDate: '2026-02-30' }, 'startDate', 'Start date is required.'],
    ['a missing start time', { startTime: '' }, 'startTime', 'Start time is required.'],
    ['a start time that is no time', { startTime: '25:00' }, 'startTime', 'Start time is required.'],
    ['a missing end date', { endDate: '' }, 'endDate', 'End date is required.'],
    [
      'an end date before the start date',
      { endDate: '2026-07-16' },
      'endDate',
      'End date must be on or after start date.',
    ],
    ['a missing end time', { endTime: '' }, 'endTime', 'End time is required.'],
    ['a missing location', { eventLocation: '' }, 'eventLocation', 'Event location is required.'],
    ['a missing address', { eventAddress: '' }, 'eventAddress', 'Event address is required.'],
    ['no event type chosen', { eventType: '' }, 'eventType', 'Event type is required.'],
    ['an unknown event type', { eventType: 'party' }, 'eventType', 'Event type is required.'],
    ['no private answer', { privateEvent: undefined }, 'privateEvent', 'Please specify if event is private.'],
    [
      'a private answer that is no boolean',
      { privateEvent: 'maybe' },
      'privateEvent',
      'Please specify if event is private.',
    ],
    ['no performance', { performances: [] }, 'performances', 'At least one performance is required.'],
    ['no performance list', { performances: undefined }, 'performances', 'At least one performance is required.'],
    [
      'a performance without a name',
      withPerformance(1, { name: '' }),
      'performances.1.name',
      'Performance name is required.',
    ],
    [
      'a performance without a date',
      withPerformance(0, { date: '' }),
      'performances.0.date',
      'Performance date is required.',
    ],
    [
      'a performance after the event',
      withPerformance(1, { date: '2026-07-27' }),
      'performances.1.date',
      'Performance date must be within event dates.',
    ],
    [
      'a performance before the event',
      withPerformance(0, { date: '2026-07-16' }),
      'performances.0.date',
      'Performance date must be within event dates.',
    ],
    [
      'a performance without a time',
      withPerformance(0, { time: '' }),
      'performances.0.time',
      'Performance time is required.',
    ],
    ['no association chosen', { associationType: '' }, 'associationType', 'Association type is required.'],
    ['no association', { associationType: undefined }, 'associationType', 'Association type is required.'],
    ['no circuit chosen', { circuits: '' }, 'circuits', 'Circuits selection is required.'],
    ['no tour answer', { tour: '' }, 'tour', 'Tour selection is required.'],
    [
      'no confirmation status',
      { eventConfirmation: '' },
      'eventConfirmation',
      'Event confirmation status is required.',
    ],
    [
      'an unknown confirmation status',
      { eventConfirmation: 'maybe' },
      'eventConfirmation',
      'Event confirmation status is required.',
    ],
  ])('refuses %s with its message alone', (_case, patch, path, message) => {
    expect(messagesOf({ ...valid, ...patch })).toEqual({ [path]: [message] });
  });

  it.each<[string, Patch, string]>([
    ['title', { eventTitle: ' \t ' }, 'eventTitle'],
    ['location', { eventLocation: '   ' }, 'eventLocation'],
    ['address', { eventAddress: '\n' }, 'eventAddress'],
    ['start date', { startDate: '  ' }, 'startDate'],
    ['performance name', withPerformance(0, { name: '  ' }), 'performances.0.name'],
    ['performance time', withPerformance(0, { time: ' ' }), 'performances.0.time'],
  ])('counts a whitespace-only %s as empty', (_case, patch, path) => {
    expect(Object.keys(messagesOf({ ...valid, ...patch }))).toEqual([path]);
  });

  it('counts the title after trimming: 50 characters pass, 51 do not', () => {
    expect(messagesOf({ ...valid, eventTitle: ` ${'x'.repeat(50)} ` })).toEqual({});
    expect(eventTitleCounter('Open rodeo')).toBe('10/50');
  });

  it('takes performances on the first and last day of the event', () => {
    const performances = [
      { name: 'Slack', date: '2026-07-17', time: '08:00' },
      { name: 'Finals', date: '2026-07-26', time: '23:30' },
    ];
    expect(messagesOf({ ...valid, performances })).toEqual({});
  });

  it('checks the performances against the event dates while other fields fail', () => {
    expect(messagesOf({ ...valid, eventTitle: '', ...withPerformance(1, { date: '2026-08-01' }) })).toEqual({
      eventTitle: ['Event title is required.'],
      'performances.1.date': ['Performance date must be within event dates.'],
    });
  });

  it('does not judge performance dates against an end date before the start', () => {
    expect(messagesOf({ ...valid, endDate: '2026-07-10' })).toEqual({
      endDate: ['End date must be on or after start date.'],
    });
  });

  it('gives every message of an empty form at once', () => {
    expect(messagesOf(DEFAULT_EVENT_DRAFT)).toEqual({
      eventTitle: ['Event title is required.'],
      startDate: ['Start date is required.'],
      startTime: ['Start time is required.'],
      endDate: ['End date is required.'],
      endTime: ['End time is required.'],
      timeZone: ['Event time zone is required.'],
      eventLocation: ['Event location is required.'],
      eventAddress: ['Event address is required.'],
      eventType: ['Event type is required.'],
      'performances.0.name': ['Performance name is required.'],
      'performances.0.date': ['Performance date is required.'],
      'performances.0.time': ['Performance time is required.'],
      'performances.1.name': ['Performance name is required.'],
      'performances.1.date': ['Performance date is required.'],
      'performances.1.time': ['Performance time is required.'],
      associationType: ['Association type is required.'],
      circuits: ['Circuits selection is required.'],
      tour: ['Tour selection is required.'],
    });
  });
});

describe('event draft: our own rules (not in the spec)', () => {
  it('refuses an end before the start on the same day, and equal times', () => {
    expect(messagesOf({ ...valid, ...oneDay('09:00', '08:00') })).toEqual({
      endTime: ['End time must be after start time.'],
    });
    expect(messagesOf({ ...valid, ...oneDay('09:00', '09:00') })).toEqual({
      endTime: ['End time must be after start time.'],
    });
    expect(messagesOf({ ...valid, ...oneDay('09:00', '09:01') })).toEqual({});
  });

  it('compares the times as instants: 02:30 on the spring-forward night is 03:30, after 03:15', () => {
    const night = { ...oneDay('02:30', '03:15'), startDate: '2026-03-08', endDate: '2026-03-08' };
    const performances = [{ name: 'Night show', date: '2026-03-08', time: '01:00' }];
    expect(messagesOf({ ...valid, ...night, performances })).toEqual({
      endTime: ['End time must be after start time.'],
    });
  });

  it('asks for a known IANA time zone and spells it as the runtime does', () => {
    expect(messagesOf({ ...valid, timeZone: '' })).toEqual({ timeZone: ['Event time zone is required.'] });
    for (const timeZone of ['Mars/Olympus_Mons', '+05:00', 'America/Denver; DROP', 'x'.repeat(65)])
      expect(messagesOf({ ...valid, timeZone })).toEqual({ timeZone: ['Please choose a valid time zone.'] });
    expect(eventDraftSchema.parse({ ...valid, timeZone: 'america/denver' }).timeZone).toBe('America/Denver');
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
  });

  it('reads added money as whole dollars, blank as 0', () => {
    const money = (addedMoney: unknown) => eventDraftSchema.safeParse({ ...valid, addedMoney });
    expect(money('$1,500').data?.addedMoney).toBe(1500);
    expect(money('').data?.addedMoney).toBe(0);
    expect(money(undefined).data?.addedMoney).toBe(0);
    expect(money(Number.NaN).data?.addedMoney).toBe(0);
    expect(money(LIMITS.eventAddedMoneyMax).data?.addedMoney).toBe(100_000_000);
    expect(messagesOf({ ...valid, addedMoney: '12.50' })).toEqual({
      addedMoney: ['Added money must be a whole number of dollars.'],
    });
    expect(messagesOf({ ...valid, addedMoney: 'lots' })).toEqual({
      addedMoney: ['Added money must be a whole number of dollars.'],
    });
    expect(messagesOf({ ...valid, addedMoney: -1 })).toEqual({ addedMoney: ['Added money cannot be negative.'] });
    expect(messagesOf({ ...valid, addedMoney: 100_000_001 })).toEqual({
      addedMoney: ['Added money cannot be more than $100,000,000.'],
    });
  });

  it('takes optional event types, without repeats', () => {
    expect(eventDraftSchema.parse({ ...valid, eventTypeIds: [3, '3', 1] }).eventTypeIds).toEqual([3, 1]);
    expect(eventDraftSchema.parse({ ...valid, eventTypeIds: undefined }).eventTypeIds).toEqual([]);
    expect(messagesOf({ ...valid, eventTypeIds: ['roping'] })).toEqual({
      'eventTypeIds.0': ['Please choose event types from the list.'],
    });
  });

  it('refuses ids that name no row', () => {
    expect(messagesOf({ ...valid, circuits: 0 })).toEqual({ circuits: ['Circuits selection is required.'] });
    expect(messagesOf({ ...valid, circuits: 2_147_483_648 })).toEqual({
      circuits: ['Circuits selection is required.'],
    });
    expect(messagesOf({ ...valid, associationType: '1.5' })).toEqual({
      associationType: ['Association type is required.'],
    });
  });

  it('bounds the free texts and the number of performances', () => {
    expect(messagesOf({ ...valid, eventLocation: 'x'.repeat(201) })).toEqual({
      eventLocation: ['The maximum length allowed is 200'],
    });
    expect(messagesOf({ ...valid, eventAddress: 'x'.repeat(301) })).toEqual({
      eventAddress: ['The maximum length allowed is 300'],
    });
    expect(messagesOf({ ...valid, ...withPerformance(0, { name: 'x'.repeat(101) }) })).toEqual({
      'performances.0.name': ['The maximum length allowed is 100'],
    });
    const many = Array.from({ length: 51 }, () => valid.performances[0]);
    expect(messagesOf({ ...valid, performances: many })).toEqual({
      performances: ['An event can have at most 50 performances.'],
    });
  });

  it('keeps times as HH:mm, dropping the seconds some time inputs send', () => {
    expect(eventDraftSchema.parse({ ...valid, startTime: '09:00:00' }).startTime).toBe('09:00');
  });
});

describe('event draft over multipart', () => {
  const parsed = eventDraftSchema.parse(valid);

  it('parses the fields the web sends to the same draft', () => {
    const fields = toEventMultipartFields(parsed);
    expect(Object.values(fields).every((value) => typeof value === 'string')).toBe(true);
    expect(eventDraftMultipartSchema.parse(fields)).toEqual(parsed);
  });

  it('reads strings: performances as JSON text, booleans, digits, ids as a comma list', () => {
    const fields = {
      ...Object.fromEntries(Object.entries(valid).map(([key, value]) => [key, String(value)])),
      performances: JSON.stringify(valid.performances),
      eventTypeIds: '1, 3',
      privateEvent: 'false',
      syncEvent: '1',
    };
    expect(eventDraftMultipartSchema.parse(fields)).toEqual(parsed);
    expect(eventDraftMultipartSchema.parse({ ...fields, privateEvent: 'Yes', syncEvent: 'off' })).toMatchObject({
      privateEvent: true,
      syncEvent: false,
    });
    expect(eventDraftMultipartSchema.parse({ ...fields, syncEvent: '' }).syncEvent).toBe(true);
  });

  it('answers the same messages at the same paths', () => {
    const fields = toEventMultipartFields(parsed);
    const rows = JSON.stringify([{ name: ' ', date: '2026-07-18', time: '13:00' }]);
    expect(messagesOf({ ...fields, performances: rows }, eventDraftMultipartSchema)).toEqual({
      'performances.0.name': ['Performance name is required.'],
    });
    for (const performances of ['', '[]', 'not json', '[{"name":'])
      expect(messagesOf({ ...fields, performances }, eventDraftMultipartSchema)).toEqual({
        performances: ['At least one performance is required.'],
      });
    for (const privateEvent of ['', 'maybe'])
      expect(messagesOf({ ...fields, privateEvent }, eventDraftMultipartSchema)).toEqual({
        privateEvent: ['Please specify if event is private.'],
      });
    expect(messagesOf({ ...fields, endDate: '2026-07-01' }, eventDraftMultipartSchema)).toEqual({
      endDate: ['End date must be on or after start date.'],
    });
  });

  it('leaves what is not a form to the schema', () => {
    expect(eventDraftFromMultipart('text')).toBe('text');
    expect(eventDraftMultipartSchema.safeParse(null).success).toBe(false);
  });

  it('takes removeImage on an edit', () => {
    const fields = toEventMultipartFields(eventUpdateSchema.parse({ ...valid, removeImage: true }));
    expect(fields.removeImage).toBe('true');
    expect(eventUpdateMultipartSchema.parse(fields).removeImage).toBe(true);
    expect(eventUpdateMultipartSchema.parse({ ...fields, removeImage: undefined }).removeImage).toBe(false);
    expect(messagesOf({ ...fields, eventTitle: '' }, eventUpdateMultipartSchema)).toEqual({
      eventTitle: ['Event title is required.'],
    });
  });
});

describe('performance ordinals (spec section 4)', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [101, '101st'],
    [111, '111th'],
  ])('%i is %s', (n, expected) => {
    expect(ordinal(n)).toBe(expected);
  });

  it('prefixes the ordinal in a summary and keeps the field message verbatim', () => {
    expect(performanceIssue(0, 'Performance name is required.')).toBe('1st performance: Performance name is required.');
    expect(eventIssueSummary(['performances', 1, 'date'], 'Performance date must be within event dates.')).toBe(
      '2nd performance: Performance date must be within event dates.',
    );
    expect(eventIssueSummary('performances.10.time', 'Performance time is required.')).toBe(
      '11th performance: Performance time is required.',
    );
    expect(eventIssueSummary(['performances'], 'At least one performance is required.')).toBe(
      'At least one performance is required.',
    );
    expect(eventIssueSummary('eventTitle', 'Event title is required.')).toBe('Event title is required.');
  });
});

describe('new drafts, instants and edits', () => {
  it("gives the event's and each performance's instants", () => {
    expect(eventInstants(eventDraftSchema.parse(valid))).toEqual({
      from_date: '2026-07-17T15:00:00.000Z',
      to_date: '2026-07-27T04:00:00.000Z',
      performances: [
        { position: 0, name: 'Team Roping', starts_at: '2026-07-18T19:00:00.000Z' },
        { position: 1, name: 'Bareback Riding', starts_at: '2026-07-27T01:30:00.000Z' },
      ],
    });
  });

  it('starts with two blank performances, sync on and planning (spec section 9)', () => {
    expect(DEFAULT_EVENT_DRAFT.performances).toEqual([
      { name: '', date: '', time: '' },
      { name: '', date: '', time: '' },
    ]);
    expect(DEFAULT_EVENT_DRAFT).toMatchObject({ syncEvent: true, eventConfirmation: 'planning', privateEvent: false });
    const draft = newEventDraft('America/Chicago');
    expect(draft.timeZone).toBe('America/Chicago');
    expect(draft.performances).not.toBe(DEFAULT_EVENT_DRAFT.performances);
    expect(isTimeZone(newEventDraft().timeZone)).toBe(true);
  });

  it('fills the edit form from the event detail, in the event time zone', () => {
    const draft = eventDraftSchema.parse(valid);
    const instants = eventInstants(draft);
    const detail: EventDetail = eventDetailSchema.parse({
      id: 7,
      title: draft.eventTitle,
      kind: draft.eventType,
      from_date: instants.from_date,
      to_date: instants.to_date,
      time_zone: draft.timeZone,
      location: draft.eventLocation,
      address: draft.eventAddress,
      place: null,
      added_money: draft.addedMoney,
      is_private: draft.privateEvent,
      tour: true,
      sync: true,
      confirmation: draft.eventConfirmation,
      circuit: { id: 4, name: 'Mountain States Circuit', abr: 'MSC' },
      association: { id: 1, name: 'Professional Rodeo Cowboys Association', abr: 'PRCA' },
      event_types: [
        { id: 1, name: 'Bareback Riding', abr: 'BB' },
        { id: 3, name: 'Team Roping', abr: 'TR' },
      ],
      performances: instants.performances.map(({ position, name, starts_at }) => ({
        id: position + 10,
        name,
        starts_at,
      })),
      followers_count: 3,
      is_following: false,
      is_cancelled: false,
      likes_count: 0,
      is_liked: false,
      image: null,
      owner: { id: 'u1', first_name: 'Ty', last_name: 'Murray', avatar: null },
      created_at: '2026-05-01T12:00:00.000Z',
      updated_at: '2026-05-01T12:00:00.000Z',
    });
    expect(eventUpdateSchema.parse(eventDraftFromDetail(detail))).toEqual({ ...draft, removeImage: false });
  });
});
