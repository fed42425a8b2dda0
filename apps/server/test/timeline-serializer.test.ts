import { type FeedItem, pagedFeedSchema } from '@corral/contract';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledSerializer } from '../src/lib/compiled-serializer.ts';
import { DEMO_MEMBER, seedDemoCommunity } from '../src/seed/demo-community.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * The timeline is written by Fastify's compiled serializer (lib/compiled-serializer.ts, ADR 032) where every
 * other route has the zod serializer compiler: it must write what zod's would, byte for byte.
 */
const route = { schema: pagedFeedSchema, method: 'GET', url: '/api/home/timeline', httpStatus: '200' };
const zodWrite = (serializerCompiler as FastifySerializerCompiler<unknown>)(route);
const compiledWrite = compiledSerializer(route);

const item = (overrides: Partial<FeedItem>): FeedItem => ({
  id: 7,
  type: '1',
  title: 'Calf roping "practice" \u2028 at dawn 🐂',
  images: ['/media/a/1600.webp'],
  media: [
    { src: '/media/a/1600.webp', srcset: '/media/a/800.webp 800w', width: 1600, height: 1000, placeholder: 'data:x' },
  ],
  sort_date: '2026-11-20T10:00:00.000Z',
  created_at: '2026-11-20T10:00:00.000Z',
  likes_count: 3,
  is_liked: true,
  comments_count: 0,
  shares_count: 1,
  user_id: 'u1',
  user_image: '',
  first_name: 'Ada',
  last_name: "O'Neil",
  user: { id: 'u1', first_name: 'Ada', last_name: "O'Neil", avatar: null },
  shared_by_user_id: null,
  sharer_image: null,
  sharer_first_name: null,
  sharer_last_name: null,
  added_money: null,
  from_date: null,
  to_date: null,
  location: null,
  address: null,
  url: null,
  is_cancelled: false,
  event_types: [],
  associations: [],
  edited_at: null,
  moderation_state: null,
  maxValueEvent: 0,
  maxValueAssoc: 0,
  shared_item: null,
  ...overrides,
});

describe('the timeline written by the compiled serializer', () => {
  it('writes what zod writes for every kind of item, a share of an event inside a share included', () => {
    const event = item({
      id: 9,
      type: '4',
      added_money: 5000,
      from_date: '2026-12-01T18:00:00.000Z',
      to_date: '2026-12-02T22:00:00.000Z',
      location: 'Cheyenne, WY',
      address: '1 Frontier Park',
      url: 'https://example.com/rodeo',
      is_cancelled: true,
      event_types: ['Barrel racing'],
      associations: ['PRCA'],
      maxValueEvent: 1,
      maxValueAssoc: 1,
    });
    const share = item({
      id: 10,
      type: '5',
      title: null,
      images: [],
      media: [],
      shared_by_user_id: 'u2',
      sharer_image: '/media/u2.webp',
      sharer_first_name: 'Bo',
      sharer_last_name: 'Lee',
      edited_at: '2026-11-21T10:00:00.000Z',
      moderation_state: 'held',
      shared_item: event,
    });
    const page = {
      data: [item({}), event, share, item({ type: '2', shared_item: share })],
      next_cursor: 'WyIyMDI2Il0',
    };
    expect(compiledWrite(page)).toBe(zodWrite(page));
    expect(compiledWrite({ data: [], next_cursor: null })).toBe(zodWrite({ data: [], next_cursor: null }));
  });

  it('leaves out fields the contract does not have, as zod does, and refuses an item missing one', () => {
    const extra = { data: [{ ...item({}), password: 'secret' }], next_cursor: null };
    expect(compiledWrite(extra)).not.toContain('secret');
    expect(compiledWrite(extra)).toBe(zodWrite(extra));
    const { title: _title, ...missing } = item({});
    expect(() => compiledWrite({ data: [missing], next_cursor: null })).toThrow();
  });
});

describe('the demo timeline', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoCommunity(t.ctx);
  });
  afterAll(() => t.close());

  it('answers every page as zod would have written it', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: DEMO_MEMBER });
    const headers = { authorization: `Bearer ${login.json().user.api_token}` };
    const types = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
      const response = await t.app.inject({ method: 'GET', url: `/api/home/timeline${query}`, headers });
      expect(response.statusCode).toBe(200);
      const page = response.json();
      expect(response.body).toBe(zodWrite(page));
      for (const { type } of page.data) types.add(type);
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor && pages < 20);
    expect(pages).toBeGreaterThan(1);
    expect(types).toEqual(new Set(['1', '2', '3', '4']));
  });
});
