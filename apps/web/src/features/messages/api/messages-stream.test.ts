import type { StreamEvent } from '@corral/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { conversationKeys } from '../../../lib/query-keys.ts';
import type { BoxData } from './conversations-cache.ts';
import { applyMessagesStreamEvent } from './messages-stream.ts';
import { box, conversation, ids, message, page } from './test-conversations.ts';

const unread = { inbox: 1, requests: 0 };

function boxes() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(conversationKeys.box('inbox'), box(page([conversation(3, 30), conversation(2, 20)])));
  queryClient.setQueryData(
    conversationKeys.box('requests'),
    box(page([conversation(5, 25, { box: 'requests', status: 'request', unread: 1 })])),
  );
  const inbox = () => queryClient.getQueryData<BoxData>(conversationKeys.box('inbox'));
  const requests = () => queryClient.getQueryData<BoxData>(conversationKeys.box('requests'));
  const find = (id: number) =>
    [...(inbox()?.pages ?? []), ...(requests()?.pages ?? [])].flatMap((p) => p.data).find((c) => c.id === id);
  const apply = (event: StreamEvent) => applyMessagesStreamEvent(queryClient, event);
  return { queryClient, inbox, requests, find, apply };
}

describe('what the stream’s message events do to the boxes', () => {
  it('a message takes its conversation to the top of its box, with its excerpt and unread count', () => {
    const { inbox, find, apply } = boxes();
    const updated = conversation(2, 40, {
      unread: 2,
      last_message: message(41, { body: 'Howdy', conversation_id: 2 }),
    });
    apply({ type: 'message', message: message(41, { conversation_id: 2 }), conversation: updated, unread });
    expect(ids(inbox())).toEqual([[2, 3]]);
    expect(find(2)).toMatchObject({ unread: 2, last_message: { body: 'Howdy' } });
  });

  it('a message in a new conversation lists it; an accepted request moves to the inbox', () => {
    const { inbox, requests, apply } = boxes();
    const fresh = conversation(9, 50);
    apply({ type: 'message', message: message(90, { conversation_id: 9 }), conversation: fresh, unread });
    expect(ids(inbox())).toEqual([[9, 3, 2]]);
    const accepted = conversation(5, 25, { box: 'inbox' });
    apply({ type: 'conversation', conversation: accepted, id: 5 });
    expect(ids(inbox())).toEqual([[9, 3, 5, 2]]);
    expect(ids(requests())).toEqual([[]]);
  });

  it('a conversation removed (Delete in another tab) leaves the boxes', () => {
    const { requests, apply } = boxes();
    apply({ type: 'conversation', conversation: null, id: 5 });
    expect(ids(requests())).toEqual([[]]);
  });

  it('the member’s own read of the last message clears its unread count; the other’s moves their marker', () => {
    const { find, apply } = boxes();
    apply({ type: 'message_read', conversation_id: 5, user_id: 'member-1', message_id: 50, unread });
    expect(find(5)?.unread).toBe(0);
    apply({ type: 'message_read', conversation_id: 3, user_id: 'u-4', message_id: 30, unread });
    expect(find(3)).toMatchObject({ other_last_read_id: 30, unread: 0 });
  });

  it('a read up to an older message, or the deletion of a last message, asks the server again', () => {
    const { queryClient, apply } = boxes();
    const stale = () => queryClient.getQueryState(conversationKeys.box('inbox'))?.isInvalidated;
    apply({ type: 'message_deleted', conversation_id: 3, message_id: 29 });
    expect(stale()).toBe(false);
    apply({ type: 'message_read', conversation_id: 3, user_id: 'member-1', message_id: 12, unread });
    expect(stale()).toBe(true);
    const again = boxes();
    again.apply({ type: 'message_deleted', conversation_id: 3, message_id: 30 });
    expect(again.queryClient.getQueryState(conversationKeys.box('inbox'))?.isInvalidated).toBe(true);
  });

  it('events about other things leave the boxes alone', () => {
    const { inbox, apply } = boxes();
    const before = inbox();
    apply({ type: 'unread', unread: 3 });
    expect(inbox()).toBe(before);
  });
});
