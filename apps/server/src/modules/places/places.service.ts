import { HAUL_MESSAGES, type Place, type PlacesResponse } from '@corral/contract';
import type { Tx } from '../../db/sql.ts';
import { AppError } from '../../lib/errors.ts';
import { toPlace } from './places.mapper.ts';
import { placesNamed, searchPlaces, selectPlacesByIds } from './places.queries.ts';

export { toPlace } from './places.mapper.ts';
export { PLACE_COLUMNS, type PlaceRow } from './places.queries.ts';

/** "Cody, WY" → the name and the region (null when there is no comma or nothing after it), spaces tidied. */
export function splitPlaceQuery(text: string): { name: string; region: string | null } {
  const tidy = (part: string) => part.replace(/\s+/g, ' ').trim();
  const comma = text.indexOf(',');
  if (comma < 0) return { name: tidy(text), region: null };
  const region = tidy(text.slice(comma + 1));
  return { name: tidy(text.slice(0, comma)), region: region || null };
}

/**
 * GET /places?q=: the gazetteer's typeahead (docs/decisions/030-hauling-board.md). The name's prefix, an
 * optional region after a comma; exact names first, then shorter names, then by name and region. One
 * statement; no network.
 */
export async function findPlaces(db: Tx, q: string): Promise<PlacesResponse> {
  const { name, region } = splitPlaceQuery(q);
  const rows = name ? await searchPlaces(db, { name, region }) : [];
  return { data: rows.map(toPlace), attribution: HAUL_MESSAGES.attribution };
}

/** The places of these ids (those that exist), by id. */
export async function placesByIds(db: Tx, ids: readonly number[]): Promise<Map<number, Place>> {
  const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647))];
  if (wanted.length === 0) return new Map();
  const rows = await selectPlacesByIds(db, wanted);
  return new Map(rows.map((row) => [Number(row.id), toPlace(row)]));
}

export async function placeById(db: Tx, id: number): Promise<Place | null> {
  return (await placesByIds(db, [id])).get(id) ?? null;
}

/** The place of this id, or a 400 that asks to pick one from the list (a form's place_id). */
export async function requirePlace(db: Tx, id: number): Promise<Place> {
  const place = await placeById(db, id);
  if (!place) throw new AppError(400, HAUL_MESSAGES.placeNotFound);
  return place;
}

/** "WY 82414" → "WY", "AB T4N 5E1" → "AB": a postal code after the region is not part of it. */
const withoutPostalCode = (region: string) =>
  region
    .replace(/\s+\d{5}(-\d{4})?$/, '')
    .replace(/\s+[A-Za-z]\d[A-Za-z]\s?\d[A-Za-z]\d$/, '')
    .replace(/\.$/, '')
    .trim();

/**
 * The place an event's free-text location names, or null: the city before the first comma and the region
 * after it ("Cody, WY", "Red Deer, Alberta"). A location that starts with a venue ("Stampede Park, Cody, WY")
 * is tried again from each later comma. The name must match whole; with a region the first match is taken,
 * without one only a name that is unique (there are many Springfields). The organiser confirms or picks
 * another in the form.
 */
export async function resolvePlace(db: Tx, locationText: string): Promise<Place | null> {
  const parts = locationText
    .split(',')
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .slice(0, 5);
  for (let i = 0; i < parts.length; i++) {
    const name = parts[i];
    if (!name || /\d/.test(name) || name.length > 80) continue;
    const rawRegion = parts[i + 1];
    const region = rawRegion ? withoutPostalCode(rawRegion) || null : null;
    const rows = await placesNamed(db, { name, region });
    const [first] = rows;
    if (first && (region !== null || rows.length === 1)) return toPlace(first);
  }
  return null;
}
