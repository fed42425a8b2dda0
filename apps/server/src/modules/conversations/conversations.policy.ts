import { CONVERSATION_LIMITS, CONVERSATION_MESSAGES, MESSAGES, type MessagePolicy } from '@corral/contract';

/*
 * Who may write to whom (docs/decisions/029-direct-messages.md, "Who may write"), as pure functions of facts
 * the queries read. A refusal is its status and the contract's sentence.
 */

export interface Refusal {
  status: 403 | 404 | 429;
  message: string;
}

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** What starting a conversation with a live member depends on (the recipient's own side, and the sender's). */
export interface StartFacts {
  blocked: boolean;
  friends: boolean;
  policy: MessagePolicy;
  mutualFriend: boolean;
  senderPhoneVerified: boolean;
  /** How long the sender's account has existed. */
  senderAgeMs: number;
  /** How old an account must be to write to a non-friend (MESSAGE_STRANGER_MIN_AGE_HOURS, default 72 h). */
  minAccountAgeMs: number;
  /** Conversations the sender started in the last 24 hours. */
  startedToday: number;
}

const POLICY_REFUSALS: Record<MessagePolicy, string | null> = {
  everyone: null,
  friends_of_friends: CONVERSATION_MESSAGES.policyFriendsOfFriends,
  friends: CONVERSATION_MESSAGES.policyFriends,
  nobody: CONVERSATION_MESSAGES.policyNobody,
};

/**
 * Why the sender may not start a conversation, or null: a block either way (404, as a missing member: the profile
 * behind it is missing to both, and a conversation with nobody in it is too); a
 * recipient who takes no new conversations ('nobody'); a friend otherwise always may; otherwise the recipient's policy (friends of friends need a mutual friend), then the
 * sender's verified phone and account age, then the daily cap.
 */
export function startRefusal(facts: StartFacts): Refusal | null {
  // Across a block there is nobody to write to: the answer of a missing member (ADR 028, "hidden is missing").
  if (facts.blocked) return { status: 404, message: MESSAGES.http.notFound };
  // Nobody means nobody: friends included (conversations under way go on).
  if (facts.policy === 'nobody') return { status: 403, message: CONVERSATION_MESSAGES.policyNobody };
  if (facts.friends) return null;
  const policy = POLICY_REFUSALS[facts.policy];
  if (policy && !(facts.policy === 'friends_of_friends' && facts.mutualFriend)) return { status: 403, message: policy };
  if (!facts.senderPhoneVerified) return { status: 403, message: CONVERSATION_MESSAGES.phoneUnverified };
  if (facts.senderAgeMs < facts.minAccountAgeMs)
    return { status: 403, message: CONVERSATION_MESSAGES.newAccount(Math.round(facts.minAccountAgeMs / HOUR_MS)) };
  if (facts.startedToday >= CONVERSATION_LIMITS.newPerDay)
    return { status: 429, message: CONVERSATION_MESSAGES.dailyCap };
  return null;
}

/** What writing in an existing conversation depends on, for one of its members. */
export interface SendFacts {
  blocked: boolean;
  /** The other member's account is live. */
  otherLive: boolean;
  /** The conversation is a request that the viewer sent. */
  requestedByViewer: boolean;
  /** Messages the requester sent while it is a request. */
  requestSent: number;
}

/**
 * Why the viewer cannot write in the conversation now, or null: a deleted member makes it read-only, a block
 * either way stops it, and a request's sender has `requestMessagesMax` messages until it is accepted.
 */
export function readOnlyReason(facts: SendFacts): string | null {
  if (!facts.otherLive) return CONVERSATION_MESSAGES.deletedMember;
  if (facts.blocked) return CONVERSATION_MESSAGES.blocked;
  if (facts.requestedByViewer && facts.requestSent >= CONVERSATION_LIMITS.requestMessagesMax)
    return CONVERSATION_MESSAGES.requestWaiting;
  return null;
}

/** A suspended member is refused before anything else (they hold no session anyway). */
export function isSuspended(suspendedUntil: Date | null, now: number): boolean {
  return suspendedUntil !== null && suspendedUntil.getTime() > now;
}

/** A direct conversation's key: the two member ids ordered, joined by a space. */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a} ${b}` : `${b} ${a}`;
}
