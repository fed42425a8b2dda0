import { type EventDetail, type FeedItem, MESSAGES } from '@corral/contract';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, befriend, setUpMember } from '../../../test/factories.ts';
import {
  createEventVia,
  denverAt,
  denverWords,
  draftFields,
  EVENT_TIMES,
  eventDay,
  multipart,
  photo,
  type References,
  references,
  START_DATE,
  utcSeconds,
} from '../../../test/fixtures/events.fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { selectRows } from '../../db/sql.ts';
import { toIcs } from './events.ics.ts';
import { EVENT_MESSAGES } from './events.service.ts';

const M = MESSAGES.createEvent;
const statements: string[] = [];
let t: TestApp;
let refs: References;
beforeAll(async () => {
  t = await createTestApp({ statements });
  refs = await references(t.app);
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const send = (method: 'POST' | 'DELETE', url: string, token: string) =>
  t.app.inject({ method, url, headers: bearer(token) });

async function counts() {
  const [row] = await selectRows<Record<string, number>>(
    t.ctx.db,
    sql`select (select count(*)::int from posts where kind = 'event') as posts,
      (select count(*)::int from event_details) as details,
      (select count(*)::int from event_performances) as performances,
      (select count(*)::int from event_event_types) as types,
      (select count(*)::int from event_associations) as associations,
      (select count(*)::int from post_images) as images`,
  );
  return row;
}

describe('POST /api/events', () => {
  it('stores a valid event with its image and answers its feed card, first in the timeline and upcoming', async () => {
    const owner = await setUpMember(t.app);
    const response = await multipart(t.app, 'POST', '/api/events', owner.token, draftFields(refs), [await photo()]);
    expect(response.statusCode, response.body).toBe(200);
    const item: FeedItem = response.json().data;
    expect(item).toMatchObject({
      type: '4',
      title: 'Cheyenne Frontier Days',
      // 18:00 in Denver (UTC-7 in winter, UTC-6 in summer) is 01:00 (00:00) UTC the next day.
      from_date: utcSeconds(EVENT_TIMES.start),
      to_date: utcSeconds(EVENT_TIMES.end),
      location: 'Frontier Park Arena',
      added_money: 1500,
    });
    expect(item.media).toHaveLength(1);
    expect(item.event_types).toHaveLength(2);
    expect(item.associations).toHaveLength(1);

    const detail: EventDetail = (await get(`/api/events/${item.id}`, owner.token)).json().data;
    expect(detail).toMatchObject({
      id: item.id,
      kind: 'rodeo',
      time_zone: 'America/Denver',
      confirmation: 'confirmed',
      tour: false,
      sync: true,
      is_private: false,
      is_cancelled: false,
      followers_count: 0,
      is_following: false,
      owner: { id: owner.user.id },
      circuit: { id: refs.circuits[0] },
      association: { id: refs.associations[0] },
    });
    expect(detail.performances.map((p) => [p.name, p.starts_at])).toEqual([
      ['Team Roping', utcSeconds(EVENT_TIMES.performances[0] as Date)],
      ['Bareback Riding', utcSeconds(EVENT_TIMES.performances[1] as Date)],
    ]);
    expect(detail.image?.src).toMatch(/\.webp$/);

    const timeline = (await get('/api/home/timeline', owner.token)).json();
    expect(timeline.data[0].id).toBe(item.id);
    const upcoming = (await get('/api/home/upcoming-events', owner.token)).json();
    expect(upcoming.upcoming_events[0]).toMatchObject({ id: item.id, title: 'Cheyenne Frontier Days' });
  });

  it.each([
    ['eventTitle', '   ', M.titleRequired],
    ['eventTitle', 'x'.repeat(51), M.titleTooLong],
    ['startDate', '', M.startDateRequired],
    ['startTime', '25:00', M.startTimeRequired],
    ['endDate', eventDay(-1), M.endDateBeforeStart],
    ['endTime', '', M.endTimeRequired],
    ['timeZone', 'Mars/Olympus', M.timeZoneInvalid],
    ['eventLocation', '', M.locationRequired],
    ['eventAddress', '', M.addressRequired],
    ['eventType', 'parade', M.eventTypeRequired],
    ['privateEvent', 'maybe', M.privateRequired],
    ['performances', '[]', M.performancesRequired],
    ['performances', `[{"name":"","date":"${START_DATE}","time":"19:00"}]`, M.performanceNameRequired],
    ['performances', `[{"name":"Roping","date":"${eventDay(7)}","time":"19:00"}]`, M.performanceDateOutside],
    ['performances', `[{"name":"Roping","date":"${START_DATE}","time":""}]`, M.performanceTimeRequired],
    ['associationType', '', M.associationRequired],
    ['associationType', '999999', M.associationRequired],
    ['circuits', '999999', M.circuitsRequired],
    ['eventTypeIds', '[999999]', M.eventTypesInvalid],
    ['tour', 'maybe', M.tourRequired],
    ['eventConfirmation', 'perhaps', M.confirmationRequired],
    ['addedMoney', '-5', M.addedMoneyNegative],
  ])('refuses %s = %j with its message and stores nothing', async (field, value, message) => {
    const owner = await setUpMember(t.app);
    const before = await counts();
    const response = await multipart(t.app, 'POST', '/api/events', owner.token, draftFields(refs, { [field]: value }), [
      await photo(),
    ]);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().message).toBe(message);
    expect(Object.values(response.json().errors ?? {}).flat()).toContain(message);
    expect(await counts()).toEqual(before);
  });

  it('refuses a missing field, two images, and a JSON body', async () => {
    const owner = await setUpMember(t.app);
    const before = await counts();
    const missing = await multipart(
      t.app,
      'POST',
      '/api/events',
      owner.token,
      draftFields(refs, { eventTitle: undefined }),
    );
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe(M.titleRequired);
    const two = await multipart(t.app, 'POST', '/api/events', owner.token, draftFields(refs), [
      await photo(),
      await photo(),
    ]);
    expect(two.statusCode).toBe(422);
    expect(two.json().message).toBe(EVENT_MESSAGES.oneImage);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: bearer(owner.token),
      payload: { eventTitle: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(await counts()).toEqual(before);
  });
});

describe('private events', () => {
  it('are invisible to non-friends in every list, by id, in search and in .ics', async () => {
    const owner = await setUpMember(t.app);
    const friend = await setUpMember(t.app);
    const stranger = await setUpMember(t.app);
    await befriend(t.app, owner.user.id, friend.user.id);
    const title = `Branding ${Math.random().toString(36).slice(2, 8)}`;
    const id = await createEventVia(t.app, owner.token, refs, { privateEvent: 'true', eventTitle: title });

    for (const viewer of [owner, friend]) {
      expect((await get(`/api/events/${id}`, viewer.token)).statusCode).toBe(200);
      expect((await get(`/api/events/${id}/calendar.ics`, viewer.token)).statusCode).toBe(200);
    }
    const ids = async (url: string, token: string) =>
      ((await get(url, token)).json().data as FeedItem[]).map((item) => item.id);
    expect(await ids('/api/events?scope=upcoming', friend.token)).toContain(id);
    expect(await ids('/api/home/timeline', friend.token)).toContain(id);

    expect((await get(`/api/events/${id}`, stranger.token)).json()).toEqual({ message: MESSAGES.http.notFound });
    expect((await get(`/api/events/${id}`, stranger.token)).statusCode).toBe(404);
    expect((await get(`/api/events/${id}/calendar.ics`, stranger.token)).statusCode).toBe(404);
    expect((await send('POST', `/api/events/${id}/follow`, stranger.token)).statusCode).toBe(404);
    for (const scope of ['upcoming', 'mine', 'history'])
      expect(await ids(`/api/events?scope=${scope}`, stranger.token)).not.toContain(id);
    expect(await ids('/api/home/timeline', stranger.token)).not.toContain(id);
    expect(await ids(`/api/user/posts-and-events/${owner.user.id}`, stranger.token)).not.toContain(id);
    const suggested = (await get('/api/home/upcoming-events-home', stranger.token)).json();
    expect(suggested.suggested_events.map((item: FeedItem) => item.id)).not.toContain(id);
    const search = (await get(`/api/search?q=${encodeURIComponent(title)}`, stranger.token)).json();
    expect(search.events.data.map((event: { id: number }) => event.id)).not.toContain(id);
    const friendSearch = (await get(`/api/search?q=${encodeURIComponent(title)}`, friend.token)).json();
    expect(friendSearch.events.data.map((event: { id: number }) => event.id)).toContain(id);
  });
});

describe('following', () => {
  it('is idempotent both ways, refuses one own event, and an edit notifies each follower once', async () => {
    const owner = await setUpMember(t.app);
    const [a, b] = [await setUpMember(t.app), await setUpMember(t.app)];
    const id = await createEventVia(t.app, owner.token, refs);
    for (let i = 0; i < 2; i++)
      expect((await send('POST', `/api/events/${id}/follow`, a.token)).json()).toEqual({
        is_following: true,
        followers_count: 1,
      });
    expect((await send('POST', `/api/events/${id}/follow`, b.token)).json().followers_count).toBe(2);
    const own = await send('POST', `/api/events/${id}/follow`, owner.token);
    expect(own.statusCode).toBe(422);
    expect(own.json().message).toBe(EVENT_MESSAGES.followOwn);
    for (let i = 0; i < 2; i++)
      expect((await send('DELETE', `/api/events/${id}/follow`, b.token)).json()).toEqual({
        is_following: false,
        followers_count: 1,
      });
    await send('POST', `/api/events/${id}/follow`, b.token);
    expect((await get(`/api/events/${id}`, a.token)).json().data.is_following).toBe(true);
    expect(((await get('/api/events?scope=mine', a.token)).json().data as FeedItem[]).map((i) => i.id)).toContain(id);

    // Only the owner may edit: anyone else gets 404.
    const changed = draftFields(refs, { startTime: '19:00', eventTitle: 'Cheyenne Days' });
    expect((await multipart(t.app, 'PATCH', `/api/events/${id}`, a.token, changed)).statusCode).toBe(404);
    const edit = await multipart(t.app, 'PATCH', `/api/events/${id}`, owner.token, changed, [await photo(640, 480)]);
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data).toMatchObject({
      title: 'Cheyenne Days',
      from_date: utcSeconds(denverAt(START_DATE, '19:00')),
    });
    expect(edit.json().data.image.width).toBe(640);
    // A second edit folds into the same notification, on top and unread.
    const removed = await multipart(t.app, 'PATCH', `/api/events/${id}`, owner.token, {
      ...changed,
      removeImage: 'true',
    });
    expect(removed.json().data.image).toBeNull();

    const bell = async (token: string) => (await get('/api/notifications', token)).json();
    for (const follower of [a, b]) {
      const mine = (await bell(follower.token)).data.filter((n: { post_id: number }) => n.post_id === id);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ kind: 'event_update', isRead: false });
      expect(mine[0].info).toBe(EVENT_MESSAGES.updated);
      expect(mine[0].title).toMatch(/ updated an event you follow\.$/);
    }
    expect((await bell(owner.token)).data.filter((n: { post_id: number }) => n.post_id === id)).toHaveLength(0);
    const [row] = await selectRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from notifications where post_id = ${id}`,
    );
    expect(row?.n).toBe(2);

    // Cancelling: still visible, marked cancelled, followers told once more (same row), idempotent.
    expect((await send('POST', `/api/events/${id}/cancel`, a.token)).statusCode).toBe(404);
    const cancelled = await send('POST', `/api/events/${id}/cancel`, owner.token);
    expect(cancelled.json().data.is_cancelled).toBe(true);
    await send('POST', `/api/events/${id}/cancel`, owner.token);
    const note = (await bell(a.token)).data.find((n: { post_id: number }) => n.post_id === id);
    expect(note.info).toBe(EVENT_MESSAGES.cancelled);
    expect(note.title).toBe(`${owner.user.first_name} ${owner.user.last_name} cancelled an event you follow.`);
    expect(note.kind).toBe('event_update');
    expect((await get(`/api/events/${id}`, b.token)).json().data.is_cancelled).toBe(true);
    // Marked cancelled wherever it shows: cards (feed items) and the Upcoming Event card.
    const card = (await get('/api/events?scope=mine', a.token)).json().data.find((item: FeedItem) => item.id === id);
    expect(card?.is_cancelled).toBe(true);
    const upcoming = (await get('/api/home/upcoming-events', a.token)).json().upcoming_events;
    expect(upcoming.find((event: { id: number }) => event.id === id)?.isCancelled).toBe(true);

    // A cancelled event is frozen: no edit can overwrite the followers' cancellation notice, no new follower.
    const frozen = await multipart(
      t.app,
      'PATCH',
      `/api/events/${id}`,
      owner.token,
      draftFields(refs, { eventTitle: 'Back on' }),
      [],
    );
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().message).toBe(EVENT_MESSAGES.cancelledFrozen);
    expect((await bell(a.token)).data.find((n: { post_id: number }) => n.post_id === id).info).toBe(
      EVENT_MESSAGES.cancelled,
    );
    const latecomer = await setUpMember(t.app);
    expect((await send('POST', `/api/events/${id}/follow`, latecomer.token)).statusCode).toBe(409);
  });

  it('says what changed: a new start in the event time zone', async () => {
    const owner = await setUpMember(t.app);
    const fan = await setUpMember(t.app);
    const id = await createEventVia(t.app, owner.token, refs);
    await send('POST', `/api/events/${id}/follow`, fan.token);
    await multipart(t.app, 'PATCH', `/api/events/${id}`, owner.token, draftFields(refs, { startTime: '17:30' }));
    const note = (await get('/api/notifications', fan.token))
      .json()
      .data.find((n: { post_id: number }) => n.post_id === id);
    expect(note.info).toBe(`New start: ${denverWords(START_DATE, '17:30')}`);
  });
});

describe('GET /api/events', () => {
  it('pages upcoming soonest first with a keyset cursor, filters, and uses at most 3 statements', async () => {
    const owner = await setUpMember(t.app);
    const viewer = await setUpMember(t.app);
    const association = refs.associations.at(-1) ?? 1;
    const ids: number[] = [];
    // Twelve days in a row, from 39 days after the draft's first (as Jan 10–21, 2027 were after Dec 2, 2026).
    for (let day = 39; day < 51; day++) {
      const date = eventDay(day);
      ids.push(
        await createEventVia(t.app, owner.token, refs, {
          startDate: date,
          endDate: date,
          endTime: '23:00',
          performances: JSON.stringify([{ name: 'Roping', date, time: '19:00' }]),
          associationType: String(association),
        }),
      );
    }
    const url = `/api/events?scope=upcoming&association=${association}`;
    statements.length = 0;
    const first = await get(url, viewer.token);
    expect(statements.length).toBeLessThanOrEqual(3);
    const page1 = first.json();
    expect(page1.data.map((item: FeedItem) => item.id)).toEqual(ids.slice(0, 10));
    expect(page1.data.every((item: FeedItem) => item.type === '4')).toBe(true);
    statements.length = 0;
    const page2 = (await get(`${url}&cursor=${page1.next_cursor}`, viewer.token)).json();
    expect(statements.length).toBeLessThanOrEqual(3);
    expect(page2.data.map((item: FeedItem) => item.id)).toEqual(ids.slice(10));
    expect(page2.next_cursor).toBeNull();

    const byType = (await get(`/api/events?event_type=${refs.eventTypes.at(-1)}`, viewer.token)).json();
    expect(byType.data.map((item: FeedItem) => item.id)).not.toContain(ids[0]);
    expect((await get('/api/events?scope=mine', viewer.token)).json().data).toEqual([]);
    expect((await get('/api/events?cursor=nonsense', viewer.token)).statusCode).toBe(400);
  });

  it('history: past events created or followed, newest first', async () => {
    const owner = await setUpMember(t.app);
    const fan = await setUpMember(t.app);
    const past = async (date: string) =>
      createEventVia(t.app, owner.token, refs, {
        startDate: date,
        endDate: date,
        performances: JSON.stringify([{ name: 'Roping', date, time: '19:00' }]),
      });
    const older = await past('2025-03-01');
    const newer = await past('2025-06-01');
    const upcoming = await createEventVia(t.app, owner.token, refs);
    await send('POST', `/api/events/${older}/follow`, fan.token);
    await send('POST', `/api/events/${upcoming}/follow`, fan.token);
    const ids = async (scope: string, token: string) =>
      ((await get(`/api/events?scope=${scope}`, token)).json().data as FeedItem[]).map((item) => item.id);
    expect(await ids('history', owner.token)).toEqual([newer, older]);
    expect(await ids('history', fan.token)).toEqual([older]);
    expect(await ids('mine', fan.token)).toEqual([upcoming]);
  });
});

describe('calendars', () => {
  it('VTIMEZONE follows the zone across daylight saving time, as a parser reads it', () => {
    const summer = '2026-07-04T00:00:00.000Z'; // 6 PM MDT (UTC-6) on July 3
    const winter = '2026-12-03T01:00:00.000Z'; // 6 PM MST (UTC-7) on December 2
    const text = toIcs(
      [summer, winter].map((from, index) => ({
        id: index + 1,
        title: `Rodeo ${index}`,
        from_date: from,
        to_date: from,
        time_zone: 'America/Denver',
        location: 'Cheyenne',
        address: 'Frontier Park',
        is_cancelled: false,
        created_at: from,
        updated_at: from,
        performances: [],
      })) as unknown as Parameters<typeof toIcs>[0],
      { publicUrl: 'http://corral.test', now: new Date(winter), name: 'Test' },
    );
    expect(text).toContain('DTSTART;TZID=America/Denver:20260703T180000');
    expect(text).toContain('DTSTART;TZID=America/Denver:20261202T180000');
    const calendar = new ICAL.Component(ICAL.parse(text));
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    const starts = calendar
      .getAllSubcomponents('vevent')
      .map((vevent) => new ICAL.Event(vevent).startDate.toJSDate().toISOString());
    expect(starts).toEqual([summer, winter]);
    // 2026's changes in Denver: 2 AM MST on March 8 and 2 AM MDT on November 1.
    expect(text).toContain('BEGIN:DAYLIGHT\r\nDTSTART:20260308T020000\r\nTZOFFSETFROM:-0700\r\nTZOFFSETTO:-0600');
    expect(text).toContain('BEGIN:STANDARD\r\nDTSTART:20261101T020000\r\nTZOFFSETFROM:-0600\r\nTZOFFSETTO:-0700');
  });

  it('one event as RFC 5545 that a real parser reads, with the right times', async () => {
    const owner = await setUpMember(t.app);
    const id = await createEventVia(t.app, owner.token, refs, {
      eventTitle: 'Roping, Riding; and \\ more',
      eventAddress: 'A very long address that goes on and on, past seventy-five octets for sure, Cheyenne, WY',
    });
    const response = await get(`/api/events/${id}/calendar.ics`, owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    const text = response.body;
    expect(text).toContain('\r\n');
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(text).not.toMatch(/[^\r]\n/);
    const calendar = new ICAL.Component(ICAL.parse(text));
    // The event's own zone: its wall clock with TZID, and the VTIMEZONE that the parser places it by.
    expect(text).toContain(`DTSTART;TZID=America/Denver:${START_DATE.replaceAll('-', '')}T180000`);
    const zones = calendar.getAllSubcomponents('vtimezone');
    expect(zones.map((zone) => zone.getFirstPropertyValue('tzid'))).toEqual(['America/Denver']);
    for (const zone of zones) ICAL.TimezoneService.register(zone);
    const vevent = calendar.getFirstSubcomponent('vevent');
    if (!vevent) throw new Error('no VEVENT');
    const event = new ICAL.Event(vevent);
    expect(event.startDate.zone?.tzid).toBe('America/Denver');
    expect(event.summary).toBe('Roping, Riding; and \\ more');
    expect(event.startDate.toJSDate().toISOString()).toBe(EVENT_TIMES.start.toISOString());
    expect(event.endDate.toJSDate().toISOString()).toBe(EVENT_TIMES.end.toISOString());
    expect(event.uid).toContain(`event-${id}@`);
    expect(event.location).toContain('Cheyenne, WY');
    expect(event.description).toContain(`Times in America/Denver: ${denverWords(START_DATE, '18:00')}`);
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    // The link opens the event's page in the app.
    expect(String(vevent.getFirstPropertyValue('url'))).toMatch(new RegExp(`/social_home/event/${id}$`));
    const planned = await createEventVia(t.app, owner.token, refs, { eventConfirmation: 'planning' });
    const tentative = new ICAL.Component(
      ICAL.parse((await get(`/api/events/${planned}/calendar.ics`, owner.token)).body),
    );
    expect(tentative.getFirstSubcomponent('vevent')?.getFirstPropertyValue('status')).toBe('TENTATIVE');

    await send('POST', `/api/events/${id}/cancel`, owner.token);
    const after = new ICAL.Component(ICAL.parse((await get(`/api/events/${id}/calendar.ics`, owner.token)).body));
    expect(after.getFirstSubcomponent('vevent')?.getFirstPropertyValue('status')).toBe('CANCELLED');
  });

  it('a private feed URL: own synced and followed events, remade and revoked answer 404', async () => {
    const member = await setUpMember(t.app);
    const other = await setUpMember(t.app);
    const synced = await createEventVia(t.app, member.token, refs, { eventTitle: 'Synced' });
    await createEventVia(t.app, member.token, refs, { eventTitle: 'Not synced', syncEvent: 'false' });
    const followed = await createEventVia(t.app, other.token, refs, { eventTitle: 'Followed' });
    await send('POST', `/api/events/${followed}/follow`, member.token);

    const made = await send('POST', '/api/me/calendar-feed', member.token);
    expect(made.statusCode).toBe(200);
    const url = new URL(made.json().url);
    expect(url.pathname).toMatch(/^\/api\/calendar\/[\w-]{43}\.ics$/);
    const feed = await get(url.pathname);
    expect(feed.statusCode).toBe(200);
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    const titles = calendar.getAllSubcomponents('vevent').map((v) => String(v.getFirstPropertyValue('summary')));
    expect(titles.sort()).toEqual(['Followed', 'Synced']);
    const uids = calendar.getAllSubcomponents('vevent').map((v) => String(v.getFirstPropertyValue('uid')));
    expect(uids.some((uid) => uid.startsWith(`event-${synced}@`))).toBe(true);
    const [stored] = await selectRows<{ token_hash: string }>(
      t.ctx.db,
      sql`select token_hash from calendar_feeds where user_id = ${member.user.id}`,
    );
    expect(stored?.token_hash).not.toContain(url.pathname.split('/').at(-1)?.replace('.ics', ''));

    const remade = new URL((await send('POST', '/api/me/calendar-feed', member.token)).json().url);
    expect((await get(url.pathname)).statusCode).toBe(404);
    expect((await get(remade.pathname)).statusCode).toBe(200);
    expect((await send('DELETE', '/api/me/calendar-feed', member.token)).statusCode).toBe(200);
    expect((await get(remade.pathname)).statusCode).toBe(404);
    expect((await get('/api/calendar/nonsense.ics')).statusCode).toBe(404);
  });
});
