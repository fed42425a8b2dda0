import { API_PATHS, HAUL_LIMITS, type Place, type PlacesResponse } from '@corral/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The gazetteer's answers, by what was asked (they do not change while the app runs). */
export const placeKeys = {
  all: ['places'] as const,
  search: (q: string) => [...placeKeys.all, 'search', q] as const,
};

/** What the typeahead asks: spaces tidied, at most the server's length (a longer text would be refused). */
export const normalizePlaceQuery = (text: string) =>
  text.replace(/\s+/g, ' ').trim().slice(0, HAUL_LIMITS.placeQueryMax);

/** GET /places?q=: places whose name starts with `q` ("Cody", "Cody, WY", "Red Deer, Alberta"). */
export const fetchPlaces = (q: string, signal?: AbortSignal) =>
  api.get<PlacesResponse>(API_PATHS.places, { signal, query: { q } });

export const placesQueryOptions = (q: string) =>
  queryOptions({
    queryKey: placeKeys.search(q),
    queryFn: ({ signal }) => fetchPlaces(q, signal),
    enabled: q.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });

export const usePlaces = (q: string) => useQuery(placesQueryOptions(q));

/** "Cody, WY": how a place is shown in a field and in lists. */
export const placeLabel = (place: Pick<Place, 'name' | 'region_code'>) => `${place.name}, ${place.region_code}`;
