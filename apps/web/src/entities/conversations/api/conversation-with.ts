import { API_PATHS, type ConversationWithResponse } from '@corral/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { conversationKeys } from '../../../lib/query-keys.ts';

/**
 * GET /conversations/with/{user_id}: the viewer's conversation with a member, if any, and whether the viewer
 * may write to them now (`reason` when not). Shared by the profile's Message button and the messages pages.
 */
export const getConversationWith = (userId: string, signal?: AbortSignal) =>
  api.get<ConversationWithResponse>(API_PATHS.conversationWith(userId), { signal });

/** Asked afresh each time it is needed: a block, a policy change or a new friendship changes the answer. */
export const conversationWithQuery = (userId: string) =>
  queryOptions({
    queryKey: conversationKeys.with(userId),
    queryFn: ({ signal }) => getConversationWith(userId, signal),
    staleTime: 0,
  });

export const useConversationWith = (userId: string) => useQuery(conversationWithQuery(userId));
