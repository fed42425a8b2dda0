import { CONVERSATION_LIMITS, CONVERSATION_MESSAGES, MESSAGES } from '@corral/contract';
import { describe, expect, it } from 'vitest';
import { isSuspended, pairKey, readOnlyReason, type StartFacts, startRefusal } from './conversations.policy.ts';

const HOUR = 3_600_000;
const stranger: StartFacts = {
  blocked: false,
  friends: false,
  policy: 'everyone',
  mutualFriend: false,
  senderPhoneVerified: true,
  senderAgeMs: 100 * HOUR,
  minAccountAgeMs: CONVERSATION_LIMITS.strangerMinAccountAgeHours * HOUR,
  startedToday: 0,
};

describe('startRefusal', () => {
  it('checks in the ADR’s order: block, friendship, policy, phone, account age, daily cap', () => {
    expect(startRefusal(stranger)).toBeNull();
    expect(startRefusal({ ...stranger, blocked: true, friends: true })).toEqual({
      status: 404,
      message: MESSAGES.http.notFound,
    });
    // A friend may start one whatever their phone, age or cap, and under any policy but 'nobody'.
    expect(startRefusal({ ...stranger, friends: true, policy: 'nobody' })?.message).toBe(
      CONVERSATION_MESSAGES.policyNobody,
    );
    expect(
      startRefusal({
        ...stranger,
        friends: true,
        policy: 'friends',
        senderPhoneVerified: false,
        senderAgeMs: 0,
        startedToday: CONVERSATION_LIMITS.newPerDay,
      }),
    ).toBeNull();
    expect(startRefusal({ ...stranger, policy: 'nobody', senderAgeMs: 0 })?.message).toBe(
      CONVERSATION_MESSAGES.policyNobody,
    );
    expect(startRefusal({ ...stranger, policy: 'friends', mutualFriend: true })?.message).toBe(
      CONVERSATION_MESSAGES.policyFriends,
    );
    expect(startRefusal({ ...stranger, policy: 'friends_of_friends' })?.message).toBe(
      CONVERSATION_MESSAGES.policyFriendsOfFriends,
    );
    expect(startRefusal({ ...stranger, policy: 'friends_of_friends', mutualFriend: true })).toBeNull();
    expect(startRefusal({ ...stranger, senderPhoneVerified: false, senderAgeMs: 0 })).toEqual({
      status: 403,
      message: CONVERSATION_MESSAGES.phoneUnverified,
    });
    const hours = CONVERSATION_LIMITS.strangerMinAccountAgeHours;
    expect(startRefusal({ ...stranger, senderAgeMs: hours * HOUR - 1 })?.message).toBe(
      CONVERSATION_MESSAGES.newAccount(72),
    );
    expect(startRefusal({ ...stranger, senderAgeMs: hours * HOUR })).toBeNull();
    // MESSAGE_STRANGER_MIN_AGE_HOURS=0 (the browser tests' server) lets a new account write to a stranger.
    expect(startRefusal({ ...stranger, senderAgeMs: 0, minAccountAgeMs: 0 })).toBeNull();
    expect(startRefusal({ ...stranger, startedToday: CONVERSATION_LIMITS.newPerDay - 1 })).toBeNull();
    expect(startRefusal({ ...stranger, startedToday: CONVERSATION_LIMITS.newPerDay })).toEqual({
      status: 429,
      message: CONVERSATION_MESSAGES.dailyCap,
    });
  });
});

describe('readOnlyReason', () => {
  const open = { blocked: false, otherLive: true, requestedByViewer: false, requestSent: 0 };
  it('a deleted member, then a block, then a used-up request allowance', () => {
    expect(readOnlyReason(open)).toBeNull();
    expect(readOnlyReason({ ...open, otherLive: false, blocked: true })).toBe(CONVERSATION_MESSAGES.deletedMember);
    expect(readOnlyReason({ ...open, blocked: true })).toBe(CONVERSATION_MESSAGES.blocked);
    const max = CONVERSATION_LIMITS.requestMessagesMax;
    expect(readOnlyReason({ ...open, requestedByViewer: true, requestSent: max - 1 })).toBeNull();
    expect(readOnlyReason({ ...open, requestedByViewer: true, requestSent: max })).toBe(
      CONVERSATION_MESSAGES.requestWaiting,
    );
    // The recipient of a request may always answer it.
    expect(readOnlyReason({ ...open, requestSent: max })).toBeNull();
  });
});

describe('pairKey and isSuspended', () => {
  it('orders the pair, whichever side starts', () => {
    expect(pairKey('b', 'a')).toBe('a b');
    expect(pairKey('a', 'b')).toBe('a b');
  });
  it('a suspension counts until its end', () => {
    expect(isSuspended(null, 10)).toBe(false);
    expect(isSuspended(new Date(11), 10)).toBe(true);
    expect(isSuspended(new Date(10), 10)).toBe(false);
  });
});
