import {
  API_PATHS,
  type ConversationResponse,
  type MessagesResponse,
  type Profile,
  type SendMessageResponse,
} from '@corral/contract';
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { conversationKeys, profileKeys } from '../../../lib/query-keys.ts';

/** GET /conversations/{id}/messages?cursor=: a page of messages, newest first, and the conversation. */
export const getMessages = (conversationId: number, cursor: string | null, signal?: AbortSignal) =>
  api.get<MessagesResponse>(API_PATHS.conversationMessages(conversationId), { query: { cursor }, signal });

/**
 * A conversation's messages, page after page back in time (the first page is the newest). Kept in step by the
 * live stream (messages-cache.ts), so it is not fetched again on every visit.
 */
export const messagesQuery = (conversationId: number) =>
  infiniteQueryOptions({
    queryKey: conversationKeys.messages(conversationId),
    queryFn: ({ pageParam, signal }) => getMessages(conversationId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export const useMessages = (conversationId: number | null) =>
  useInfiniteQuery({ ...messagesQuery(conversationId ?? 0), enabled: conversationId !== null });

/** The member a new conversation is with (its header before the first message): their profile's query. */
export const useRecipient = (userId: string | null) =>
  useQuery({
    queryKey: profileKeys.profile(userId ?? ''),
    queryFn: ({ signal }) => api.get<Profile>(API_PATHS.user(userId ?? ''), { signal }),
    enabled: userId !== null,
  });

/** Where a message goes: an existing conversation, or the member a conversation starts with. */
export type MessageTarget = { conversationId: number } | { recipientId: string };

export interface OutgoingMessage {
  body: string;
  client_id: string;
  photos: Blob[];
}

/**
 * POST /conversations/{id}/messages, or POST /conversations to start one: JSON without photos, multipart with
 * them (through the upload, whose `onProgress` gets the share of bytes sent). The same `client_id` again is
 * the same message: the server answers the one it has.
 */
export function sendMessage(
  target: MessageTarget,
  message: OutgoingMessage,
  onProgress?: (sent: number) => void,
): Promise<SendMessageResponse> {
  const path =
    'conversationId' in target ? API_PATHS.conversationMessages(target.conversationId) : API_PATHS.conversations;
  const recipient = 'recipientId' in target ? { recipient_id: target.recipientId } : {};
  if (message.photos.length === 0) {
    return api.post<SendMessageResponse>(path, { ...recipient, body: message.body, client_id: message.client_id });
  }
  const form = new FormData();
  if ('recipientId' in target) form.append('recipient_id', target.recipientId);
  form.append('body', message.body);
  form.append('client_id', message.client_id);
  message.photos.forEach((photo, index) => {
    form.append('photos', photo, photo instanceof File ? photo.name : `photo-${index + 1}.jpg`);
  });
  return api.upload<SendMessageResponse>(path, form, { onProgress });
}

/** POST /conversations/{id}/read: everything up to `messageId` is read. */
export const markConversationRead = (conversationId: number, messageId: number) =>
  api.post<ConversationResponse>(API_PATHS.conversationRead(conversationId), { message_id: messageId });

/** DELETE /messages/{id}: one's own message, shown as deleted to both members. */
export const deleteMessage = (messageId: number) => api.delete<unknown>(API_PATHS.message(messageId));
