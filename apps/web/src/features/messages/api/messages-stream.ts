import type { StreamEvent } from '@corral/contract';
import type { QueryClient } from '@tanstack/react-query';
import { conversationKeys } from '../../../lib/query-keys.ts';
import {
  cachedConversation,
  patchCachedConversation,
  putConversation,
  removeConversation,
} from './conversations-cache.ts';
import { isMessageStreamEvent, type MessageStreamEvent } from './message-event-types.ts';
import { applyMessageStreamEvent } from './messages-cache.ts';

/**
 * What a message event does to the boxes (the chat icon's list and the messages page). The counts on the icon
 * are put by the stream's own handling (features/notifications/api/stream-events.ts) from the event's `unread`.
 */
export function applyBoxStreamEvent(queryClient: QueryClient, event: MessageStreamEvent): void {
  switch (event.type) {
    case 'message':
      // The conversation as the event's recipient sees it: to the top of its box, with its unread count.
      putConversation(queryClient, event.conversation);
      return;
    case 'conversation':
      if (event.conversation) putConversation(queryClient, event.conversation);
      else removeConversation(queryClient, event.id);
      return;
    case 'message_read': {
      const conversation = cachedConversation(queryClient, event.conversation_id);
      if (!conversation) return;
      if (conversation.other && event.user_id === conversation.other.id) {
        // Their "Seen": the list does not show it, but the conversation's copy stays true.
        patchCachedConversation(queryClient, conversation.id, (c) => ({
          ...c,
          other_last_read_id: Math.max(c.other_last_read_id ?? 0, event.message_id),
        }));
      } else if (conversation.last_message && event.message_id >= conversation.last_message.id) {
        // The member read it all in another tab (or this one).
        patchCachedConversation(queryClient, conversation.id, (c) => ({ ...c, unread: 0 }));
      } else {
        // Read up to an older message: only the server knows how many are left.
        void queryClient.invalidateQueries({ queryKey: conversationKeys.boxes() });
      }
      return;
    }
    case 'message_deleted': {
      // Deleted by its sender or removed by a moderator (the event does not say which): a list showing it as
      // the last message asks the server for the words to show.
      const shown = cachedConversation(queryClient, event.conversation_id)?.last_message?.id === event.message_id;
      if (shown) void queryClient.invalidateQueries({ queryKey: conversationKeys.boxes() });
      return;
    }
  }
}

/**
 * Every effect of a stream event on direct messages: the boxes here, the open conversation's messages in
 * messages-cache.ts. The live stream calls it with each message event, through `applyMessageEventLater`.
 */
export function applyMessagesStreamEvent(queryClient: QueryClient, event: StreamEvent): void {
  if (isMessageStreamEvent(event)) applyBoxStreamEvent(queryClient, event);
  applyMessageStreamEvent(queryClient, event);
}
