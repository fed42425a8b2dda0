import type { Conversation } from '@corral/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { putConversation } from '../api/conversations-cache.ts';
import { markConversationRead } from '../api/messages-api.ts';
import { putConversation as putMessagesConversation, putRead } from '../api/messages-cache.ts';

/**
 * What runs when the other member's newest message is on screen: POST read up to it, once per message, and
 * only while the conversation has unread messages; then the conversation as the answer gives it, here and in
 * the boxes (the chat icon's counts come with the stream's `message_read`). A failed read is tried again with the next message.
 */
export function useMarkRead(conversationId: number | null, conversation: Conversation | null, me: string) {
  const queryClient = useQueryClient();
  const posted = useRef(0);
  const unread = conversation?.unread ?? 0;
  return useCallback(
    (messageId: number) => {
      if (conversationId === null || unread === 0 || messageId <= posted.current) return;
      posted.current = messageId;
      markConversationRead(conversationId, messageId).then(
        (answer) => {
          // The conversation as it now stands, here and in the boxes.
          putRead(queryClient, conversationId, me, messageId);
          putMessagesConversation(queryClient, answer.data);
          putConversation(queryClient, answer.data);
        },
        () => {
          posted.current = 0;
        },
      );
    },
    [queryClient, conversationId, unread, me],
  );
}
