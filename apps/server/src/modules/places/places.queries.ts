import { HAUL_LIMITS, type Place } from '@corral/contract';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { literal, preparedStatements, selectRows, type Tx } from '../../db/sql.ts';

/** A row of `places` as the queries answer it. */
export type PlaceRow = Place;

/** The columns of a place, for other modules' SQL that answers places (`p` the alias of `places`). */
export const PLACE_COLUMNS = (p: SQL = sql.raw('places')) =>
  sql`${p}.id, ${p}.name, ${p}.region, ${p}.region_code, ${p}.country, ${p}.latitude, ${p}.longitude`;

/** Folded as `places.search_name` is (seed-places.ts): accents and case off. */
const folded = (text: SQL | Placeholder) => sql`lower(immutable_unaccent(${text}::text))`;

/*
 * The name's prefix as a range on `search_name` in byte order (the `text_pattern_ops` index): from the prefix
 * up to the prefix followed by the last code point, so no LIKE pattern is built from what was typed. A region,
 * when given, matches its code or the start of its full name ("WY", "Wyo", "Red Deer, Alberta").
 */
type SearchValues = { name: string; region: string };
type SearchAnyValues = { name1: string; name2: string; name3: string; region: string; near: number };
const prefixOf = (name: SQL | Placeholder) => sql`(p.search_name operator(pg_catalog.~>=~) ${name}
  and p.search_name operator(pg_catalog.~<~) (${name} || chr(1114111)))`;
const searchStatement = preparedStatements<
  { region: boolean; near: boolean; limit: number },
  SearchAnyValues,
  PlaceRow
>(
  ({ region, near, limit }, v) => sql`
    with q as (select ${folded(v.name1)} as n1, ${folded(v.name2)} as n2, ${folded(v.name3)} as n3,
      ${folded(v.region)} as region)
    select ${PLACE_COLUMNS(sql.raw('p'))}
    from q, places p ${near ? sql`, places np` : sql``}
    where (${prefixOf(sql`q.n1`)} or ${prefixOf(sql`q.n2`)} or ${prefixOf(sql`q.n3`)})
      ${region ? sql`and (lower(p.region_code) = q.region or starts_with(lower(immutable_unaccent(p.region)), q.region))` : sql``}
      ${near ? sql`and np.id = ${v.near}` : sql``}
    order by (p.search_name in (q.n1, q.n2, q.n3)) desc,
      ${
        near
          ? sql`earth_distance(ll_to_earth(p.latitude, p.longitude), ll_to_earth(np.latitude, np.longitude)),`
          : sql`length(p.name),`
      }
      p.name, p.region, p.id
    limit ${literal(limit)}`,
);

/**
 * Places whose folded name starts with one of `names` (the typed name and its spelled-out or shortened forms),
 * in `region` when given; exact names first, then the nearest to `near` (a place id) when given, else the
 * shortest names.
 */
export function searchPlaces(
  db: Tx,
  query: { names: readonly string[]; region: string | null; near?: number | undefined; limit?: number },
) {
  const region = query.region !== null && query.region !== '';
  const [first = '', second = first, third = second] = query.names;
  return searchStatement({ region, near: query.near !== undefined, limit: query.limit ?? HAUL_LIMITS.placesMax })(db, {
    name1: first,
    name2: second,
    name3: third,
    region: query.region ?? '',
    near: query.near ?? 0,
  });
}

/** Places named exactly `name` (folded), in `region` when given, best first: what a location resolves to. */
const exactStatement = preparedStatements<{ region: boolean }, SearchValues, PlaceRow>(
  ({ region }, v) => sql`
    with q as (select ${folded(v.name)} as name, ${folded(v.region)} as region)
    select ${PLACE_COLUMNS(sql.raw('p'))}
    from q, places p
    where p.search_name = q.name
      ${region ? sql`and (lower(p.region_code) = q.region or starts_with(lower(immutable_unaccent(p.region)), q.region))` : sql``}
    order by p.region, p.id
    limit 2`,
);

export function placesNamed(db: Tx, query: { name: string; region: string | null }) {
  const region = query.region !== null && query.region !== '';
  return exactStatement({ region })(db, { name: query.name, region: query.region ?? '' });
}

export function selectPlacesByIds(db: Tx, ids: readonly number[]): Promise<PlaceRow[]> {
  return selectRows<PlaceRow>(
    db,
    sql`select ${PLACE_COLUMNS(sql.raw('p'))} from places p
      where p.id = any(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::integer[])`,
  );
}
