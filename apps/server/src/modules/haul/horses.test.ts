import { HAUL_LIMITS, HAUL_MESSAGES } from '@corral/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, onboardMember, setUpMember, signUpMember } from '../../../test/factories.ts';
import { denverAt, eventDay, type References, references } from '../../../test/fixtures/events.fixtures.ts';
import {
  DEPART_FROM,
  DEPART_UNTIL,
  haulCount,
  offerBody,
  placedEvent,
  placeId,
  postOffer,
} from '../../../test/fixtures/haul.fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { selectRows } from '../../db/sql.ts';

/** Horses, requests, saved searches and my hauls, through the API on a real database. */
let t: TestApp;
let refs: References;
let denver: number;
let cheyenne: number;
let greeley: number;
let pueblo: number;
beforeAll(async () => {
  t = await createTestApp({ env: { SEED_PLACES: 'true' } });
  refs = await references(t.app);
  denver = await placeId(t.app, 'Denver', 'CO');
  cheyenne = await placeId(t.app, 'Cheyenne', 'WY');
  greeley = await placeId(t.app, 'Greeley', 'CO');
  pueblo = await placeId(t.app, 'Pueblo', 'CO');
}, 120_000);
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('horses', () => {
  it('lists, adds, edits and deletes the owner’s horses only; no papers dated in the future', async () => {
    const owner = await setUpMember(t.app);
    const other = await setUpMember(t.app);
    const added = await call('POST', '/api/me/horses', owner.token, { name: ' Dually ', coggins_on: '2026-03-01' });
    expect(added.statusCode, added.body).toBe(201);
    const horse = added.json().data;
    expect(horse).toMatchObject({ name: 'Dually', coggins_on: '2026-03-01', health_certificate_on: null });
    const future = await call('POST', '/api/me/horses', owner.token, { name: 'Later', coggins_on: '2099-01-01' });
    expect(future.statusCode).toBe(422);
    expect(future.json().message).toBe(HAUL_MESSAGES.horseDateFuture);
    expect((await call('POST', '/api/me/horses', owner.token, { name: '' })).statusCode).toBe(422);
    // Each refusal in its own words; year 0000 is no date PostgreSQL has (it answered 500).
    for (const [payload, message] of [
      [{ name: 'Zero', coggins_on: '0000-01-01' }, HAUL_MESSAGES.dateInvalid],
      [{ name: 'Leap', health_certificate_on: '2026-02-30' }, HAUL_MESSAGES.dateInvalid],
      [{ name: 'x'.repeat(HAUL_LIMITS.horseNameMax + 1) }, HAUL_MESSAGES.horseNameTooLong],
      [{ name: 7 }, HAUL_MESSAGES.horseNameRequired],
    ] as const) {
      const refused = await call('POST', '/api/me/horses', owner.token, payload);
      expect(refused.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(422);
      expect(refused.json().message).toBe(message);
    }
    expect(
      (await call('PATCH', `/api/me/horses/${horse.id}`, owner.token, { coggins_on: '0000-06-01' })).statusCode,
    ).toBe(422);

    expect((await call('PATCH', `/api/me/horses/${horse.id}`, other.token, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/me/horses/${horse.id}`, other.token)).statusCode).toBe(404);
    const edited = await call('PATCH', `/api/me/horses/${horse.id}`, owner.token, {
      health_certificate_on: '2026-11-20',
      coggins_on: null,
    });
    expect(edited.json().data).toMatchObject({ name: 'Dually', coggins_on: null, health_certificate_on: '2026-11-20' });
    expect((await call('GET', '/api/me/horses', other.token)).json().data).toEqual([]);
    expect((await call('GET', '/api/me/horses', owner.token)).json().data).toHaveLength(1);
    expect((await call('DELETE', `/api/me/horses/${horse.id}`, owner.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/me/horses', owner.token)).json().data).toEqual([]);
  });

  it(`keeps at most ${HAUL_LIMITS.horsesPerMember} horses`, async () => {
    const owner = await setUpMember(t.app);
    await t.ctx.db.execute(sql`insert into horses (owner_id, name)
      select ${owner.user.id}, 'Horse ' || g from generate_series(1, ${HAUL_LIMITS.horsesPerMember}) g`);
    const refused = await call('POST', '/api/me/horses', owner.token, { name: 'One more' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(HAUL_MESSAGES.tooManyHorses);
  });
});

describe('requests, saved searches and my hauls', () => {
  it('a rider posts and closes a request; bad input stores nothing', async () => {
    const organiser = await setUpMember(t.app);
    const rider = await setUpMember(t.app);
    const other = await setUpMember(t.app);
    const event = await placedEvent(t.app, organiser.token, refs, cheyenne);
    const body = {
      event_id: event.id,
      origin_place_id: greeley,
      depart_from: DEPART_FROM,
      depart_until: DEPART_UNTIL,
      horses: 2,
    };
    const before = await haulCount(t.app);
    for (const bad of [
      { ...body, horses: 99 },
      { ...body, origin_place_id: 2147483000 },
      { ...body, event_id: 999999999 },
      { ...body, depart_from: '2020-01-01T00:00:00Z' },
      { ...body, horses: 'two' },
      // Leaving after the event ends (END_DATE, 22:00 Denver): two days after, 08:00–11:00.
      {
        ...body,
        depart_from: denverAt(eventDay(4), '08:00').toISOString(),
        depart_until: denverAt(eventDay(4), '11:00').toISOString(),
      },
    ]) {
      const refused = await call('POST', '/api/haul/requests', rider.token, bad);
      expect(refused.statusCode, refused.body).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode, refused.body).toBeLessThan(500);
    }
    expect(await haulCount(t.app)).toEqual(before);
    const created = await call('POST', '/api/haul/requests', rider.token, body);
    expect(created.statusCode, created.body).toBe(201);
    // One open request a rider and event.
    const again = await call('POST', '/api/haul/requests', rider.token, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(HAUL_MESSAGES.requestAlreadyOpen);
    const request = created.json().data;
    expect(request).toMatchObject({ horses: 2, is_mine: true, closed: false, origin: { name: 'Greeley' } });
    expect((await call('DELETE', `/api/haul/requests/${request.id}`, other.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/haul/requests/${request.id}`, rider.token)).statusCode).toBe(200);
    const tab = await call('GET', `/api/events/${event.id}/hauling`, other.token);
    expect(tab.json().requests).toEqual([]);
  }, 60_000);

  it('a new offer that fits a saved search notifies its owner (haul_match); one that does not, not', async () => {
    const organiser = await setUpMember(t.app);
    const driver = await setUpMember(t.app);
    const near = await setUpMember(t.app);
    const far = await setUpMember(t.app);
    const event = await placedEvent(t.app, organiser.token, refs, cheyenne);
    const save = (token: string, payload: object) => call('POST', '/api/haul/saved-searches', token, payload);
    const saved = await save(near.token, { event_id: event.id, near_place_id: greeley, horses: 2 });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().data).toMatchObject({ near: { name: 'Greeley' }, horses: 2, rate_type: null });
    expect((await save(far.token, { near_place_id: pueblo })).statusCode).toBe(201);
    expect((await save(far.token, { near_place_id: 2147483000 })).statusCode).toBe(422);
    expect((await call('GET', '/api/haul/saved-searches', near.token)).json().data).toHaveLength(1);

    const offer = await postOffer(t.app, driver.token, offerBody(event.id, event.performances[0] ?? 0, denver));
    expect(offer.statusCode, offer.body).toBe(201);
    const matches = async (userId: string) =>
      (
        await selectRows<{ n: number }>(
          t.ctx.db,
          sql`select count(*)::int as n from notifications where user_id = ${userId} and kind = 'haul_match'`,
        )
      )[0]?.n;
    expect(await matches(near.user.id)).toBe(1);
    expect(await matches(far.user.id)).toBe(0);
    const id = saved.json().data.id;
    expect((await call('DELETE', `/api/haul/saved-searches/${id}`, far.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/haul/saved-searches/${id}`, near.token)).statusCode).toBe(200);
  }, 60_000);

  it('my hauls: my offers and requests, and the rate type my transport answer suggests', async () => {
    const member = await signUpMember(t.app);
    await onboardMember(t.app, member.token, { transport_id: 2 });
    await t.ctx.db.execute(sql`update users set phone_number_verified = true where id = ${member.user.id}`);
    const organiser = await setUpMember(t.app);
    const event = await placedEvent(t.app, organiser.token, refs, cheyenne);
    const mine = await call('GET', '/api/me/hauls', member.token);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ offers: [], requests: [], suggested_rate_type: 'professional' });
    const created = await postOffer(t.app, member.token, offerBody(event.id, event.performances[0] ?? 0, denver));
    expect(created.statusCode, created.body).toBe(201);
    const after = (await call('GET', '/api/me/hauls', member.token)).json();
    expect(after.offers.map((o: { id: number }) => o.id)).toEqual([created.json().data[0].id]);
    expect(after.offers[0].is_mine).toBe(true);
  }, 60_000);
});
