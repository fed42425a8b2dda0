import type { Place } from '@corral/contract';
import type { PlaceRow } from './places.queries.ts';

/** A place as every answer shows it (node-postgres and PGlite give the same types for these columns). */
export function toPlace(row: PlaceRow): Place {
  return {
    id: Number(row.id),
    name: row.name,
    region: row.region,
    region_code: row.region_code,
    country: row.country,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
  };
}
