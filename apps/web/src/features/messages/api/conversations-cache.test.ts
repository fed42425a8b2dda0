import type { ConversationWithResponse } from '@corral/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { conversationKeys } from '../../../lib/query-keys.ts';
import {
  type BoxData,
  putConversation,
  putMessagesUnread,
  removeConversation,
  withConversation,
  withoutConversation,
} from './conversations-cache.ts';
import { unreadTotal } from './messages-unread.ts';
import { box, conversation, ids, page } from './test-conversations.ts';

describe('a box in the cache', () => {
  it('takes a conversation with new activity to the top, out of its old place', () => {
    const before = box(page([conversation(3), conversation(2)], 'c1'), page([conversation(1)]));
    const after = withConversation(before, conversation(1, 30));
    expect(ids(after)).toEqual([[1, 3, 2], []]);
    expect(ids(before)).toEqual([[3, 2], [1]]);
  });

  it('puts a conversation at its place by last activity among the loaded pages', () => {
    const before = box(page([conversation(5, 50), conversation(3, 30)], 'c1'), page([conversation(1, 10)]));
    expect(ids(withConversation(before, conversation(4, 40)))).toEqual([[5, 4, 3], [1]]);
    expect(ids(withConversation(before, conversation(2, 20)))).toEqual([
      [5, 3],
      [2, 1],
    ]);
  });

  it('leaves a conversation older than every loaded one to the pages still on the server', () => {
    const more = box(page([conversation(5, 50), conversation(3, 30)], 'c1'));
    expect(withConversation(more, conversation(1, 10))).toBe(more);
    // Already listed and now older than the loaded pages (its copy was stale): it leaves them.
    expect(ids(withConversation(more, conversation(3, 1)))).toEqual([[5]]);
    const all = box(page([conversation(5, 50), conversation(3, 30)]));
    expect(ids(withConversation(all, conversation(1, 10)))).toEqual([[5, 3, 1]]);
  });

  it('replaces the copy it holds, keeping one', () => {
    const before = box(page([conversation(2, 20), conversation(1, 10)]));
    const after = withConversation(before, conversation(2, 20, { unread: 3 }));
    expect(after?.pages[0]?.data.map((c) => [c.id, c.unread])).toEqual([
      [2, 3],
      [1, 0],
    ]);
  });

  it('drops a conversation, and is the same object when it is not there', () => {
    const before = box(page([conversation(2), conversation(1)]));
    expect(ids(withoutConversation(before, 2))).toEqual([[1]]);
    expect(withoutConversation(before, 9)).toBe(before);
    expect(withoutConversation(undefined, 2)).toBeUndefined();
    expect(withConversation(undefined, conversation(2))).toBeUndefined();
  });
});

describe('every copy of a conversation', () => {
  it('moves between the boxes and reaches the answer of GET /conversations/with', () => {
    const queryClient = new QueryClient();
    const request = conversation(7, 70, { box: 'requests', status: 'request' });
    queryClient.setQueryData(conversationKeys.box('inbox'), box(page([conversation(2, 20)])));
    queryClient.setQueryData(conversationKeys.box('requests'), box(page([request])));
    const other = request.other?.id ?? '';
    queryClient.setQueryData<ConversationWithResponse>(conversationKeys.with(other), {
      data: request,
      can_start: true,
      reason: null,
    });

    const accepted = { ...request, box: 'inbox' as const, status: 'accepted' as const };
    putConversation(queryClient, accepted);
    expect(ids(queryClient.getQueryData<BoxData>(conversationKeys.box('inbox')))).toEqual([[7, 2]]);
    expect(ids(queryClient.getQueryData<BoxData>(conversationKeys.box('requests')))).toEqual([[]]);
    expect(queryClient.getQueryData<ConversationWithResponse>(conversationKeys.with(other))?.data?.box).toBe('inbox');

    removeConversation(queryClient, 7);
    expect(ids(queryClient.getQueryData<BoxData>(conversationKeys.box('inbox')))).toEqual([[2]]);
    expect(queryClient.getQueryState(conversationKeys.with(other))?.isInvalidated).toBe(true);
  });

  it('leaves a box nobody has loaded alone (it is fetched when shown)', () => {
    const queryClient = new QueryClient();
    putConversation(queryClient, conversation(1));
    expect(queryClient.getQueryData(conversationKeys.box('inbox'))).toBeUndefined();
  });

  it('counts unread conversations of both boxes for the badge, never below zero', () => {
    const queryClient = new QueryClient();
    putMessagesUnread(queryClient, { inbox: 2, requests: -1 });
    expect(queryClient.getQueryData(conversationKeys.unread())).toEqual({ inbox: 2, requests: 0 });
    expect(unreadTotal({ inbox: 2, requests: 3 })).toBe(5);
    expect(unreadTotal(undefined)).toBe(0);
  });
});
