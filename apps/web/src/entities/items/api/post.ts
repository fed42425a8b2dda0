import { API_PATHS } from '@corral/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { itemKeys } from '../../../lib/query-keys.ts';
import type { ItemResponse } from './item-cache.ts';

/** GET /posts/{id}: one post or event, cached as its detail (the item cache patches it with every other copy). */
export const getPost = (id: number) => api.get<ItemResponse>(API_PATHS.post(id));

export const postQuery = (id: number) =>
  queryOptions({ queryKey: itemKeys.detail(id), queryFn: () => getPost(id), select: (answer) => answer.data });

export const usePost = (id: number) => useQuery(postQuery(id));
