import { type EventDetail, HAUL_MESSAGES } from '@corral/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, setUpMember } from '../../../test/factories.ts';
import {
  createEventVia,
  draftFields,
  multipart,
  type References,
  references,
} from '../../../test/fixtures/events.fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { selectRows } from '../../db/sql.ts';

/** An event's place (docs/decisions/030-hauling-board.md): resolved from its location, or picked. */
let t: TestApp;
let refs: References;
let owner: { token: string };
beforeAll(async () => {
  t = await createTestApp({ env: { SEED_PLACES: 'true' } });
  refs = await references(t.app);
  owner = await setUpMember(t.app);
});
afterAll(() => t.close());

const detail = async (id: number): Promise<EventDetail> => {
  const response = await t.app.inject({ method: 'GET', url: `/api/events/${id}`, headers: bearer(owner.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const label = (event: EventDetail) => (event.place ? `${event.place.name}, ${event.place.region_code}` : null);
const edit = (id: number, overrides: Partial<Record<string, string>>) =>
  multipart(t.app, 'PATCH', `/api/events/${id}`, owner.token, draftFields(refs, overrides));
const placeIdOf = async (name: string, regionCode: string) => {
  const [row] = await selectRows<{ id: number }>(
    t.ctx.db,
    sql`select id from places where name = ${name} and region_code = ${regionCode}`,
  );
  if (!row) throw new Error(`no place ${name}, ${regionCode}`);
  return row.id;
};
const eventPlaceRows = async () =>
  (await selectRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from event_places`))[0]?.n;

describe('an event’s place', () => {
  it('is resolved from the location on creation, and null when the location names no known place', async () => {
    const cody = await createEventVia(t.app, owner.token, refs, { eventLocation: 'Cody, WY' });
    const event = await detail(cody);
    expect(label(event)).toBe('Cody, WY');
    expect(event.place).toMatchObject({ region: 'Wyoming', country: 'US' });

    const arena = await createEventVia(t.app, owner.token, refs, { eventLocation: 'Frontier Park Arena' });
    expect((await detail(arena)).place).toBeNull();
  });

  it('is the place the organiser picks, on creation and on an edit, whatever the location says', async () => {
    const redDeer = await placeIdOf('Red Deer', 'AB');
    const id = await createEventVia(t.app, owner.token, refs, {
      eventLocation: 'Westerner Park',
      place_id: String(redDeer),
    });
    expect(label(await detail(id))).toBe('Red Deer, AB');

    const cody = await placeIdOf('Cody', 'WY');
    const response = await edit(id, { eventLocation: 'Westerner Park', place_id: String(cody) });
    expect(response.statusCode, response.body).toBe(200);
    expect(label(response.json().data)).toBe('Cody, WY');
  });

  it('stays on an edit that keeps the location, and follows a new location', async () => {
    const pendleton = await placeIdOf('Pendleton', 'OR');
    const id = await createEventVia(t.app, owner.token, refs, {
      eventLocation: 'Happy Canyon Arena',
      place_id: String(pendleton),
    });
    // Same location, no place_id: the organiser's pick stays.
    expect(label((await edit(id, { eventLocation: 'Happy Canyon Arena', eventTitle: 'Renamed' })).json().data)).toBe(
      'Pendleton, OR',
    );
    // A new location that names a place: resolved again.
    expect(label((await edit(id, { eventLocation: 'Calgary, Alberta' })).json().data)).toBe('Calgary, AB');
    // A new location that names none: no place (the old one would be wrong).
    expect((await edit(id, { eventLocation: 'Somewhere Arena' })).json().data.place).toBeNull();
  });

  it('refuses a place that does not exist, and changes nothing', async () => {
    const before = await eventPlaceRows();
    for (const placeId of ['1', '2147483647', '0', '-5', 'abc', '99999999999']) {
      const response = await multipart(
        t.app,
        'POST',
        '/api/events',
        owner.token,
        draftFields(refs, { eventLocation: 'Cody, WY', place_id: placeId }),
      );
      expect(response.statusCode, `${placeId}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${placeId}: ${response.body}`).toBeLessThan(500);
      expect(response.json().message).toBe(HAUL_MESSAGES.placeNotFound);
    }
    const missing = await multipart(t.app, 'POST', '/api/events', owner.token, draftFields(refs, { place_id: '1' }));
    expect(missing.statusCode).toBe(400);
    const id = await createEventVia(t.app, owner.token, refs, { eventLocation: 'Cody, WY' });
    expect((await edit(id, { eventLocation: 'Cody, WY', place_id: '1' })).statusCode).toBe(400);
    expect(label(await detail(id))).toBe('Cody, WY');
    expect(await eventPlaceRows()).toBe((before ?? 0) + 1);
  });
});
