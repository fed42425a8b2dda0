import { API_PATHS, type Comment } from '@corral/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The comment threads of items (not items themselves, so not under `itemKeys`). */
export const commentKeys = {
  all: ['comments'] as const,
  thread: (id: number) => [...commentKeys.all, id] as const,
};

export interface CommentsPage {
  data: Comment[];
  next_cursor: string | null;
}

/** GET /posts/{id}/comments: a page of an item's comments, oldest first. */
export const getComments = (id: number, cursor: string | null) =>
  api.get<CommentsPage>(API_PATHS.postComments(id), { query: { cursor } });

export const commentsQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: commentKeys.thread(id),
    queryFn: ({ pageParam }) => getComments(id, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export const useComments = (id: number) => useInfiniteQuery(commentsQuery(id));
