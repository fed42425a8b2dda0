import { API_PATHS, type ReferenceItem } from '@corral/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Spec: a list that is not an array is treated as empty. */
const asList = (value: unknown): ReferenceItem[] => (Array.isArray(value) ? (value as ReferenceItem[]) : []);

export const getEventTypes = async () => asList(await api.get<unknown>(API_PATHS.eventTypes));
export const getAssociations = async () => asList(await api.get<unknown>(API_PATHS.associations));

export const eventTypesQuery = queryOptions({
  queryKey: ['setup', 'event-types'],
  queryFn: getEventTypes,
  staleTime: Infinity,
});
export const associationsQuery = queryOptions({
  queryKey: ['setup', 'associations'],
  queryFn: getAssociations,
  staleTime: Infinity,
});

export const useEventTypes = () => useQuery(eventTypesQuery);
export const useAssociations = () => useQuery(associationsQuery);
