import { HAUL_MESSAGES, type Place, type PlacesResponse } from '@corral/contract';
import type { Tx } from '../../db/sql.ts';
import { AppError } from '../../lib/errors.ts';
import { toPlace } from './places.mapper.ts';
import { placesNamed, searchPlaces, selectPlacesByIds } from './places.queries.ts';

export { toPlace } from './places.mapper.ts';
export { PLACE_COLUMNS, type PlaceRow } from './places.queries.ts';

/** The US states (and DC) and the Canadian provinces and territories, by their postal codes. */
const REGION_CODES = new Set(
  (
    'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH ' +
    'OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY AB BC MB NB NL NS NT NU ON PE QC SK YT'
  ).split(' '),
);

/**
 * "Cody, WY" → the name and the region (null when none is given), spaces tidied. The region is the part after
 * the first comma ("Houston, TX, USA": a country after it says nothing more), or a region code ending a
 * name without a comma ("Calgary AB").
 */
export function splitPlaceQuery(text: string): { name: string; region: string | null } {
  const tidy = (part: string) => part.replace(/\s+/g, ' ').trim();
  const [name = '', region = '', ...rest] = text.split(',').map(tidy);
  if (rest.length > 0 || text.includes(',')) return { name, region: region || null };
  const code = /^(.+) ([A-Za-z]{2})$/.exec(name);
  if (code?.[1] && code[2] && REGION_CODES.has(code[2].toUpperCase())) return { name: code[1], region: code[2] };
  return { name, region: null };
}

/** Words that places' names spell out ("Saint", "Fort", "Mount") or shorten ("St.", "Ft.", "Mt."). */
const ABBREVIATIONS: ReadonlyArray<[RegExp, readonly string[]]> = [
  [/^(st\.?|saint)\s+/i, ['St. ', 'Saint ']],
  [/^(ft\.?|fort)\s+/i, ['Fort ', 'Ft. ']],
  [/^(mt\.?|mount)\s+/i, ['Mount ', 'Mt. ']],
];

/** The name as typed and, when it starts with one of those words, its other spellings ("St Albert" → "St. Albert"). */
export function nameVariants(name: string): string[] {
  for (const [word, spellings] of ABBREVIATIONS) {
    const match = word.exec(name);
    if (match) return [name, ...spellings.map((spelling) => spelling + name.slice(match[0].length))];
  }
  return [name];
}

/**
 * GET /places?q=&near=: the gazetteer's typeahead (docs/decisions/030-hauling-board.md). The name's prefix
 * (or its other spellings), an optional region; exact names first, then the nearest to `near` (the event's
 * place, on the hauling board) or else shorter names, then by name and region. One statement; no network.
 */
export async function findPlaces(db: Tx, q: string, near?: number): Promise<PlacesResponse> {
  const { name, region } = splitPlaceQuery(q);
  let rows = name ? await searchPlaces(db, { names: nameVariants(name), region, near }) : [];
  // Two letters ending the text were read as a region code: a name still being typed ("Red De") may be meant.
  if (rows.length === 0 && region !== null && !q.includes(',')) {
    const whole = splitPlaceQuery(`${q},`).name;
    rows = await searchPlaces(db, { names: nameVariants(whole), region: null, near });
  }
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
    const part = parts[i];
    if (!part || /\d/.test(part) || part.length > 80) continue;
    const rawRegion = parts[i + 1];
    // Without a region after it, a region code may end the part itself ("Calgary AB").
    const { name, region } = rawRegion
      ? { name: part, region: withoutPostalCode(rawRegion) || null }
      : splitPlaceQuery(part);
    const rows = await placesNamed(db, { name, region });
    const [first] = rows;
    if (first && (region !== null || rows.length === 1)) return toPlace(first);
  }
  return null;
}
