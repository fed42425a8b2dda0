import { type ReferenceItem, referenceListSchema } from '@corral/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ASSOCIATIONS, CIRCUITS, EVENT_TYPES } from '../../seed/reference-data.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = async (path: string) => {
  // No token: the lists are public.
  const response = await t.app.inject({ method: 'GET', url: `/api/setup/${path}` });
  expect(response.statusCode).toBe(200);
  return { response, items: referenceListSchema.parse(response.json()) };
};
const byName = (items: ReferenceItem[], name: string) => items.find((item) => item.name === name);
const abrs = (items: ReferenceItem[]) => items.map((item) => item.abr);

describe('reference lists', () => {
  it('lists the event types in their order, as a bare array of {id, name, abr}', async () => {
    const { response, items } = await list('event-types');
    expect(Array.isArray(response.json())).toBe(true);
    expect(Object.keys(response.json()[0]).sort()).toEqual(['abr', 'id', 'name']);
    expect(items.map((item) => item.name)).toEqual(EVENT_TYPES.map((item) => item.name));
    expect(byName(items, 'Bareback Riding')?.abr).toBe('BB');
    expect(byName(items, 'Barrel Racing')).toBeDefined();
    expect(byName(items, 'Team Roping')).toBeDefined();
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
  });

  it('lists the associations', async () => {
    const { items } = await list('associations');
    expect(abrs(items)).toEqual(ASSOCIATIONS.map((item) => item.abr));
    for (const abr of ['PRCA', 'WPRA', 'PBR', 'NBHA', 'IPRA', 'NIRA', 'NHSRA', 'ACRA', 'USTRC']) {
      expect(abrs(items)).toContain(abr);
    }
    expect(items.find((item) => item.abr === 'PRCA')?.name).toBe('Professional Rodeo Cowboys Association');
  });

  it('lists the PRCA circuits', async () => {
    const { items, response } = await list('circuits');
    expect(items).toHaveLength(CIRCUITS.length);
    expect(byName(items, 'Texas Circuit')?.abr).toBe('TXC');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });
});
