import { z } from 'zod';
import { cursorQuerySchema, pagedSchema } from './common.ts';
import {
  CONVERSATION_BOXES,
  CONVERSATION_LIMITS,
  CONVERSATION_MESSAGES,
  MESSAGE_POLICIES,
} from './conversations.constants.ts';
import { feedUserSchema, imageMediaSchema } from './feed.ts';

export const messagePolicySchema = z.enum(MESSAGE_POLICIES);
export const conversationBoxSchema = z.enum(CONVERSATION_BOXES);

/**
 * One message. `sender_id` null: the sender's account is deleted (shown as from a deleted member). A deleted or
 * removed message keeps its place with `body` '' and no images; `state` says which. `client_id` is shown to
 * its sender only.
 */
export const messageSchema = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  sender_id: z.string().nullable(),
  body: z.string(),
  images: z.array(imageMediaSchema),
  state: z.enum(['sent', 'deleted', 'removed']),
  client_id: z.string().nullable(),
  created_at: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

/**
 * A conversation as one member sees it. `other` is null when the other member's account is deleted.
 * `status` 'request' while the recipient has not accepted; `requested_by_me` tells the two sides apart.
 * `other_last_read_id` is the other member's read marker ("Seen"), null while the viewer's own request waits.
 * `can_send` false with `read_only_reason` when the viewer may not write (a block either way, a deleted member,
 * a request's allowance used up).
 */
export const conversationSchema = z.object({
  id: z.number().int(),
  other: feedUserSchema.nullable(),
  box: conversationBoxSchema,
  status: z.enum(['accepted', 'request']),
  requested_by_me: z.boolean(),
  last_message: messageSchema.nullable(),
  last_message_at: z.string(),
  unread: z.number().int(),
  other_last_read_id: z.number().int().nullable(),
  can_send: z.boolean(),
  read_only_reason: z.string().nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** GET /conversations?box=inbox|requests&cursor= : the box's page, newest activity first, and the unread counts. */
export const conversationsQuerySchema = cursorQuerySchema.extend({ box: conversationBoxSchema.default('inbox') });
export const conversationsResponseSchema = pagedSchema(conversationSchema).extend({
  /** Conversations with unread messages, in the inbox and in requests: the chat icon's count is their sum. */
  unread: z.object({ inbox: z.number().int(), requests: z.number().int() }),
});
export type ConversationsResponse = z.infer<typeof conversationsResponseSchema>;

export const conversationResponseSchema = z.object({ data: conversationSchema });
export type ConversationResponse = z.infer<typeof conversationResponseSchema>;

/**
 * GET /conversations/with/{user_id}: the viewer's conversation with a member, if there is one, and whether
 * the viewer may write to them now (`reason` says why not: the member's policy, a block, the new-account rule…).
 */
export const conversationWithResponseSchema = z.object({
  data: conversationSchema.nullable(),
  can_start: z.boolean(),
  reason: z.string().nullable(),
});
export type ConversationWithResponse = z.infer<typeof conversationWithResponseSchema>;

/** GET /conversations/{id}/messages?cursor= : newest first (the web shows them oldest at the top). */
export const messagesQuerySchema = cursorQuerySchema;
export const messagesResponseSchema = pagedSchema(messageSchema).extend({ conversation: conversationSchema });
export type MessagesResponse = z.infer<typeof messagesResponseSchema>;

const clientId = z
  .string({ error: CONVERSATION_MESSAGES.clientIdInvalid })
  .regex(/^[A-Za-z0-9_-]+$/, CONVERSATION_MESSAGES.clientIdInvalid)
  .min(1, CONVERSATION_MESSAGES.clientIdInvalid)
  .max(CONVERSATION_LIMITS.clientIdMax, CONVERSATION_MESSAGES.clientIdInvalid);
// Trimmed before it is measured: spaces around a message are not counted against it (the server trims them).
const body = z.string().trim().max(CONVERSATION_LIMITS.bodyMax, CONVERSATION_MESSAGES.bodyTooLong).default('');

/**
 * POST /conversations/{id}/messages: JSON `{ body, client_id }`, or multipart with these fields and up to
 * `photosMax` `photos`. A body of only white space with no photo is refused. The same client_id again answers
 * the message already sent (200) instead of a new one (201).
 */
export const sendMessageRequestSchema = z.object({ body, client_id: clientId });
export type SendMessageRequest = z.input<typeof sendMessageRequestSchema>;

/** POST /conversations: the pair's conversation, created if new, and the first (or next) message. */
export const startConversationRequestSchema = sendMessageRequestSchema.extend({
  recipient_id: z.string().min(1).max(64),
});
export type StartConversationRequest = z.input<typeof startConversationRequestSchema>;

export const sendMessageResponseSchema = z.object({ message: messageSchema, conversation: conversationSchema });
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>;

/** POST /conversations/{id}/read: everything up to this message is read. */
export const readConversationRequestSchema = z.object({
  message_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export type ReadConversationRequest = z.infer<typeof readConversationRequestSchema>;

export const conversationIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export const conversationWithParamsSchema = z.object({ user_id: z.string().min(1).max(64) });

/** What the stream sends of messages (in `streamEventSchema`). */
export const messageStreamEvents = [
  /** A message in one of the member's conversations (sent by the other member, or by the member in another tab). */
  z.object({
    type: z.literal('message'),
    message: messageSchema,
    conversation: conversationSchema,
    unread: z.object({ inbox: z.number().int(), requests: z.number().int() }),
  }),
  /** A message was deleted by its sender or removed by a moderator. */
  z.object({ type: z.literal('message_deleted'), conversation_id: z.number().int(), message_id: z.number().int() }),
  /** A member read up to a message: the other member's "Seen", or the member's own read in another tab. */
  z.object({
    type: z.literal('message_read'),
    conversation_id: z.number().int(),
    user_id: z.string(),
    message_id: z.number().int(),
    unread: z.object({ inbox: z.number().int(), requests: z.number().int() }),
  }),
  /** A conversation changed for the member: accepted, removed from a box, blocked, read-only. */
  z.object({ type: z.literal('conversation'), conversation: conversationSchema.nullable(), id: z.number().int() }),
] as const;
