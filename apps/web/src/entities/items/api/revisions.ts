import { API_PATHS, type Revision } from '@corral/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The earlier versions of edited posts and comments (not items, so not under `itemKeys`). */
export const revisionKeys = {
  all: ['revisions'] as const,
  post: (id: number) => [...revisionKeys.all, 'post', id] as const,
  comment: (id: number) => [...revisionKeys.all, 'comment', id] as const,
};

/** What was edited: a post or share (by its number) or a comment. */
export type RevisionsTarget = { type: 'post' | 'comment'; id: number };

/** GET /posts/{id}/revisions or /comments/{id}/revisions: the earlier versions, newest first. */
export const getRevisions = ({ type, id }: RevisionsTarget) =>
  api.get<{ data: Revision[] }>(type === 'post' ? API_PATHS.postRevisions(id) : API_PATHS.commentRevisions(id));

export const revisionsQuery = (target: RevisionsTarget) =>
  queryOptions({
    queryKey: target.type === 'post' ? revisionKeys.post(target.id) : revisionKeys.comment(target.id),
    queryFn: () => getRevisions(target),
    select: (answer) => answer.data,
  });

export const useRevisions = (target: RevisionsTarget) => useQuery(revisionsQuery(target));
