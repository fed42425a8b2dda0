import { type EventDraftForm, toEventMultipartFields } from '@corral/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { bearer } from '../../../test/factories.ts';
import { selectRows } from '../../db/sql.ts';

/** Test helpers for the events module (POST /events through the real multipart route). */

export interface References {
  associations: number[];
  circuits: number[];
  eventTypes: number[];
}

export async function references(app: FastifyInstance): Promise<References> {
  const ids = async (table: string) =>
    (await selectRows<{ id: number }>(app.ctx.db, sql.raw(`select id from ${table} order by id`))).map((r) => r.id);
  return {
    associations: await ids('associations'),
    circuits: await ids('circuits'),
    eventTypes: await ids('event_types'),
  };
}

/** A whole valid draft, in 'America/Denver', as the web's form sends it (text fields). */
export function draftFields(refs: References, overrides: Partial<Record<string, string>> = {}): Record<string, string> {
  const draft = {
    eventTitle: 'Cheyenne Frontier Days',
    startDate: '2026-12-02',
    startTime: '18:00',
    endDate: '2026-12-04',
    endTime: '22:00',
    timeZone: 'America/Denver',
    eventLocation: 'Frontier Park Arena',
    eventAddress: '4610 Carey Ave, Cheyenne, WY',
    eventType: 'rodeo',
    eventTypeIds: [refs.eventTypes[0] ?? 1, refs.eventTypes[1] ?? 2],
    privateEvent: false,
    performances: [
      { name: 'Team Roping', date: '2026-12-02', time: '19:00' },
      { name: 'Bareback Riding', date: '2026-12-03', time: '20:30' },
    ],
    associationType: refs.associations[0] ?? 1,
    circuits: refs.circuits[0] ?? 1,
    tour: 'no',
    syncEvent: true,
    eventConfirmation: 'confirmed',
    addedMoney: '$1,500',
  } satisfies EventDraftForm;
  const fields = toEventMultipartFields({ ...draft, addedMoney: 1500 } as never);
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete fields[key];
    else fields[key] = value;
  }
  return fields;
}

export async function multipart(
  app: FastifyInstance,
  method: 'POST' | 'PATCH',
  url: string,
  token: string,
  fields: Record<string, string>,
  images: Buffer[] = [],
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [index, image] of images.entries())
    form.append('eventImage', new Blob([new Uint8Array(image)]), `event-${index}.jpg`);
  const request = new Request('http://corral.test/api', { method: 'POST', body: form });
  return app.inject({
    method,
    url,
    headers: { ...bearer(token), 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

export const photo = (width = 800, height = 500) =>
  sharp({ create: { width, height, channels: 3, background: { r: 150, g: 90, b: 40 } } })
    .jpeg()
    .toBuffer();

/** Creates an event through POST /api/events; answers its id. */
export async function createEventVia(
  app: FastifyInstance,
  token: string,
  refs: References,
  overrides: Partial<Record<string, string>> = {},
  images: Buffer[] = [],
): Promise<number> {
  const response = await multipart(app, 'POST', '/api/events', token, draftFields(refs, overrides), images);
  if (response.statusCode !== 200) throw new Error(`event failed: ${response.statusCode} ${response.body}`);
  return response.json().data.id;
}
