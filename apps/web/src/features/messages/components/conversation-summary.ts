import { CONVERSATION_MESSAGES, type Conversation } from '@corral/contract';

/** What a list row says of a last message that is only photos. */
export const PHOTO_EXCERPT = 'Photo';
/** Before the excerpt of the member's own last message. */
export const OWN_MESSAGE_PREFIX = 'You: ';

/** The other member's name, or 'Deleted member' once their account is gone. */
export function conversationName(conversation: Conversation): string {
  const other = conversation.other;
  if (!other) return CONVERSATION_MESSAGES.deletedMemberName;
  return `${other.first_name} ${other.last_name}`.trim() || CONVERSATION_MESSAGES.deletedMemberName;
}

/**
 * The last message in one line: its words, 'Photo' for photos alone, what became of a deleted or removed
 * one, and 'You: ' before the member's own. Empty when there is nothing to show (no message, or one from a
 * deleted member, whose words are gone).
 */
export function conversationExcerpt(conversation: Conversation): string {
  const message = conversation.last_message;
  if (!message) return '';
  if (message.state === 'deleted') return CONVERSATION_MESSAGES.deletedMessage;
  if (message.state === 'removed') return CONVERSATION_MESSAGES.removedMessage;
  const words = message.body.replace(/\s+/g, ' ').trim();
  const text = words || (message.images.length > 0 ? PHOTO_EXCERPT : '');
  const own = message.sender_id !== null && message.sender_id !== conversation.other?.id;
  return own && text ? `${OWN_MESSAGE_PREFIX}${text}` : text;
}

/** "3 unread messages" for a screen reader; the row shows the number alone. */
export const unreadLabel = (unread: number) => `${unread} unread ${unread === 1 ? 'message' : 'messages'}`;
