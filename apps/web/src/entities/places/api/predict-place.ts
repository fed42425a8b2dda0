import type { Place } from '@corral/contract';

/** Folded as the server folds names (lower case, no accents), for comparing a typed city with a place. */
export const foldPlaceName = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** "Stampede Park, Cody, WY 82414" → the first "city, region" to ask about: what the server reads first. */
export function locationQuery(location: string): { q: string; city: string; hasRegion: boolean } {
  const [city = '', region = ''] = location.split(',').map((part) => part.replace(/\s+/g, ' ').trim());
  const bareRegion = region.replace(/\s+\d{5}(-\d{4})?$/, '').replace(/\s+[A-Za-z]\d[A-Za-z]\s?\d[A-Za-z]\d$/, '');
  return { q: bareRegion ? `${city}, ${bareRegion}` : city, city, hasRegion: bareRegion !== '' };
}

/**
 * The place the server will take a location for (modules/places resolvePlace, first reading): a place
 * named exactly as the city, in the region when one is given, or the only one of that name when none is.
 */
export function predictPlace(location: string, answer: Place[] | undefined): Place | null {
  const { city, hasRegion } = locationQuery(location);
  const exact = (answer ?? []).filter((place) => foldPlaceName(place.name) === foldPlaceName(city));
  if (hasRegion) return exact[0] ?? null;
  return exact.length === 1 ? (exact[0] ?? null) : null;
}
