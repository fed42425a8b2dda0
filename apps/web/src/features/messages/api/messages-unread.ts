import { API_PATHS, type ConversationBox, type ConversationsResponse } from '@corral/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { conversationKeys } from '../../../lib/query-keys.ts';
import type { BoxData, MessagesUnread } from './conversations-cache.ts';

/*
 * The chat icon's counts, apart from the rest of the boxes' code: the icon is on every social page, so this
 * module is in their first load, and the lists, their cache and their answers load with the panel or page.
 */

/** GET /conversations?box=&cursor=: a page of the box, newest activity first, and the chat icon's counts. */
export const getConversations = (box: ConversationBox, cursor: string | null, signal?: AbortSignal) =>
  api.get<ConversationsResponse>(API_PATHS.conversations, { query: { box, cursor }, signal });

/**
 * The chat icon's counts. Asked once with the inbox's first page (kept for the list, which then opens at once);
 * from then on the live stream ('ready' and every message event) and every box page keep them right.
 */
export function useMessagesUnread() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: conversationKeys.unread(),
    queryFn: async ({ signal }): Promise<MessagesUnread> => {
      const answer = await getConversations('inbox', null, signal);
      if (!queryClient.getQueryData<BoxData>(conversationKeys.box('inbox'))) {
        queryClient.setQueryData<BoxData>(conversationKeys.box('inbox'), { pages: [answer], pageParams: [null] });
      }
      return answer.unread;
    },
    staleTime: 60_000,
  });
}

/** The badge's number: conversations with unread messages, in both boxes. */
export const unreadTotal = (unread: MessagesUnread | undefined) => (unread ? unread.inbox + unread.requests : 0);
