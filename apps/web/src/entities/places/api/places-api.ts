import { API_PATHS, HAUL_LIMITS, type Place, type PlacesResponse } from '@corral/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The gazetteer's answers, by what was asked (they do not change while the app runs). */
export const placeKeys = {
  all: ['places'] as const,
  search: (q: string, near?: number) => [...placeKeys.all, 'search', q, near ?? null] as const,
};

/** What the typeahead asks: spaces tidied, at most the server's length (a longer text would be refused). */
export const normalizePlaceQuery = (text: string) =>
  text.replace(/\s+/g, ' ').trim().slice(0, HAUL_LIMITS.placeQueryMax);

/**
 * GET /places?q=&near=: places whose name starts with `q` ("Cody", "Cody, WY", "Red Deer, Alberta"), the
 * nearest to `near` (a place id: the event's, on the hauling board) first after exact names.
 */
export const fetchPlaces = (q: string, near?: number, signal?: AbortSignal) =>
  api.get<PlacesResponse>(API_PATHS.places, { signal, query: near ? { q, near: String(near) } : { q } });

export const placesQueryOptions = (q: string, near?: number) =>
  queryOptions({
    queryKey: placeKeys.search(q, near),
    queryFn: ({ signal }) => fetchPlaces(q, near, signal),
    enabled: q.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });

export const usePlaces = (q: string, near?: number) => useQuery(placesQueryOptions(q, near));

/** "Cody, WY": how a place is shown in a field and in lists. */
export const placeLabel = (place: Pick<Place, 'name' | 'region_code'>) => `${place.name}, ${place.region_code}`;
