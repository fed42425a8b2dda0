/** Direct messages (docs/decisions/029-direct-messages.md): the words and numbers both sides share. */

/** Who may start a conversation with a member. The default is friends of friends. */
export const MESSAGE_POLICIES = ['everyone', 'friends_of_friends', 'friends', 'nobody'] as const;
export type MessagePolicy = (typeof MESSAGE_POLICIES)[number];
export const DEFAULT_MESSAGE_POLICY: MessagePolicy = 'friends_of_friends';

export const MESSAGE_POLICY_LABELS: Record<MessagePolicy, string> = {
  everyone: 'Everyone',
  friends_of_friends: 'Friends of friends',
  friends: 'Friends',
  nobody: 'Nobody',
};

/** The boxes of a member's conversations: the inbox, and requests from non-friends waiting for an answer. */
export const CONVERSATION_BOXES = ['inbox', 'requests'] as const;
export type ConversationBox = (typeof CONVERSATION_BOXES)[number];

export const CONVERSATION_LIMITS = {
  bodyMax: 2000,
  photosMax: 4,
  /** `client_id`: what the client names a message by, so that a resend is the same message. */
  clientIdMax: 64,
  conversationsPageSize: 20,
  messagesPageSize: 30,
  /** Messages a sender may send before the recipient accepts the request: the first and one more. */
  requestMessagesMax: 2,
  /** Younger accounts (or without a verified phone) cannot start a conversation with a non-friend. */
  strangerMinAccountAgeHours: 72,
  /** New conversations a member may start in a day (a resend of the same client id is not a new one). */
  newPerDay: 20,
  /** Messages around a reported one that the moderation queue shows, on each side. */
  reportContext: 5,
} as const;

/** Why a member cannot send in a conversation (the view shows it in place of the composer), and refusals. */
export const CONVERSATION_MESSAGES = {
  empty: 'No conversations yet.',
  emptyRequests: 'No message requests.',
  bodyRequired: 'Write a message or add a photo.',
  bodyTooLong: `Messages can be at most ${CONVERSATION_LIMITS.bodyMax} characters.`,
  tooManyPhotos: `At most ${CONVERSATION_LIMITS.photosMax} photos per message.`,
  clientIdInvalid: 'client_id must be 1–64 letters, digits, - or _.',
  /** A client id names one message: the same id again for another conversation is refused (409). */
  clientIdReused: 'This client_id was already used for a message in another conversation.',
  notFound: 'Conversation not found',
  messageNotFound: 'Message not found',
  self: 'You cannot message yourself.',
  policyNobody: 'This member does not take messages.',
  policyFriends: 'This member takes messages from friends only.',
  policyFriendsOfFriends: 'This member takes messages from friends and friends of friends only.',
  /** `hours`: MESSAGE_STRANGER_MIN_AGE_HOURS (72 by default: '3 days'). */
  newAccount: (hours: number) =>
    `New accounts can message friends only for their first ${
      hours % 24 === 0 ? `${hours / 24} day${hours === 24 ? '' : 's'}` : `${hours} hour${hours === 1 ? '' : 's'}`
    }.`,
  phoneUnverified: 'Verify your phone number to message members who are not your friends.',
  dailyCap: `You have started ${CONVERSATION_LIMITS.newPerDay} conversations today. Try again tomorrow.`,
  blocked: 'You cannot message this member.',
  requestPending: 'You can send one more message until they accept your request.',
  requestWaiting: 'Waiting for them to accept your request.',
  deletedMember: 'This account was deleted.',
  suspended: 'Your account is suspended.',
  deletedMessage: 'This message was deleted.',
  removedMessage: 'This message was removed by a moderator.',
  deletedMemberName: 'Deleted member',
  accepted: 'Request accepted.',
  removed: 'Conversation removed.',
  seen: 'Seen',
  sendFailed: 'Not sent.',
  retry: 'Retry',
  deleteTitle: 'Delete this message?',
  deleteText: 'It will show as deleted for both of you.',
} as const;
