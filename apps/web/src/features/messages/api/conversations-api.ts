import {
  API_PATHS,
  type Conversation,
  type ConversationBox,
  type ConversationResponse,
  type OkResponse,
} from '@corral/contract';
import {
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { conversationKeys } from '../../../lib/query-keys.ts';
import { putConversation, putMessagesUnread, removeConversation } from './conversations-cache.ts';
import { getConversations } from './messages-unread.ts';

export const acceptConversation = (id: number) => api.post<ConversationResponse>(API_PATHS.conversationAccept(id));
export const deleteConversation = (id: number) => api.delete<OkResponse>(API_PATHS.conversation(id));

/**
 * One box, page after page ('Show more'). Every page also puts the chat icon's counts. The live stream keeps
 * the pages in step (messages-stream.ts), so a box shown again within half a minute is not asked again.
 */
export const boxQuery = (queryClient: QueryClient, box: ConversationBox) =>
  infiniteQueryOptions({
    queryKey: conversationKeys.box(box),
    queryFn: async ({ pageParam, signal }) => {
      const answer = await getConversations(box, pageParam, signal);
      putMessagesUnread(queryClient, answer.unread);
      return answer;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 30_000,
  });

export function useConversationBox(box: ConversationBox) {
  const queryClient = useQueryClient();
  return useInfiniteQuery(boxQuery(queryClient, box));
}

/** What an answer about the boxes changes besides: the icon's counts come again from the server. */
const refreshCounts = (queryClient: QueryClient) =>
  void queryClient.invalidateQueries({ queryKey: conversationKeys.unread(), exact: true });

/** Accept a request: both members' conversation moves to the inbox, and the sender sees "Seen" from now on. */
export function useAcceptConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversation: Conversation) => acceptConversation(conversation.id),
    onSuccess: (answer) => {
      putConversation(queryClient, answer.data);
      refreshCounts(queryClient);
    },
  });
}

/** Delete (a request) or remove (a conversation) from the member's boxes; the next message lists it again. */
export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversation: Conversation) => deleteConversation(conversation.id),
    onSuccess: (_answer, conversation) => {
      removeConversation(queryClient, conversation.id);
      // Its history is cleared from the member's view: none of it may come back from the cache.
      queryClient.removeQueries({ queryKey: conversationKeys.messages(conversation.id) });
      refreshCounts(queryClient);
    },
  });
}
