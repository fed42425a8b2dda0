import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, test } from 'vitest';
import { conversationKeys } from '../../../lib/query-keys.ts';
import { applyMessageStreamEvent, type MessagesData } from './messages-cache.ts';
import { conversation, ME, message, messagesData, OTHER, page } from './test-messages.ts';

const unread = { inbox: 1, requests: 0 };
let queryClient: QueryClient;
const cached = () => queryClient.getQueryData<MessagesData>(conversationKeys.messages(7));
const ids = () => cached()?.pages.map((entry) => entry.data.map((item) => item.id));

beforeEach(() => {
  queryClient = new QueryClient();
  queryClient.setQueryData(
    conversationKeys.messages(7),
    messagesData(page([message(12), message(11, { sender_id: ME, client_id: 'c-11' })], 'older'), page([message(10)])),
  );
});

describe('a message event', () => {
  test('puts a new message first in the newest page, with the conversation as the event gives it', () => {
    const now = conversation({ unread: 1, last_message: message(13) });
    applyMessageStreamEvent(queryClient, { type: 'message', message: message(13), conversation: now, unread });
    expect(ids()).toEqual([[13, 12, 11], [10]]);
    expect(cached()?.pages.map((entry) => entry.conversation.unread)).toEqual([1, 1]);
  });

  test('the same message again (a replay, or this tab hearing its own send) replaces its copy', () => {
    const edited = message(12, { body: 'Again' });
    applyMessageStreamEvent(queryClient, { type: 'message', message: edited, conversation: conversation(), unread });
    expect(ids()).toEqual([[12, 11], [10]]);
    expect(cached()?.pages[0]?.data[0]?.body).toBe('Again');
  });

  test('a message with the client id of one of mine already there is that message, not another', () => {
    // The server's copy of an own message the cache holds under another id (a resend answered 200).
    const resent = message(11, { id: 14, sender_id: ME, client_id: 'c-11' });
    applyMessageStreamEvent(queryClient, { type: 'message', message: resent, conversation: conversation(), unread });
    expect(ids()).toEqual([[14, 12], [10]]);
  });

  test("the other member's message with a client id like mine is a message of its own", () => {
    const theirs = message(13, { client_id: 'c-11' });
    applyMessageStreamEvent(queryClient, { type: 'message', message: theirs, conversation: conversation(), unread });
    expect(ids()).toEqual([[13, 12, 11], [10]]);
  });

  test('a message of a conversation not loaded changes nothing (it is fetched when opened)', () => {
    const elsewhere = message(30, { conversation_id: 8 });
    applyMessageStreamEvent(queryClient, {
      type: 'message',
      message: elsewhere,
      conversation: conversation({ id: 8 }),
      unread,
    });
    expect(queryClient.getQueryData(conversationKeys.messages(8))).toBeUndefined();
    expect(ids()).toEqual([[12, 11], [10]]);
  });
});

test('a deleted message keeps its place, emptied, and its conversation is fetched again', async () => {
  queryClient.setQueryData(
    conversationKeys.messages(7),
    messagesData(
      page([message(12, { images: [{ src: 'a', srcset: 'a', width: 1, height: 1, placeholder: 'p' }] })], null),
    ),
  );
  applyMessageStreamEvent(queryClient, { type: 'message_deleted', conversation_id: 7, message_id: 12 });
  expect(cached()?.pages[0]?.data[0]).toMatchObject({ id: 12, state: 'deleted', body: '', images: [] });
  expect(queryClient.getQueryState(conversationKeys.messages(7))?.isInvalidated).toBe(true);
});

describe('a read event', () => {
  test("the other member's read moves their marker forward, never back", () => {
    applyMessageStreamEvent(queryClient, {
      type: 'message_read',
      conversation_id: 7,
      user_id: OTHER,
      message_id: 11,
      unread,
    });
    expect(cached()?.pages[0]?.conversation.other_last_read_id).toBe(11);
    applyMessageStreamEvent(queryClient, {
      type: 'message_read',
      conversation_id: 7,
      user_id: OTHER,
      message_id: 9,
      unread,
    });
    expect(cached()?.pages[0]?.conversation.other_last_read_id).toBe(11);
  });

  test("the viewer's own read (another tab) leaves nothing unread and no marker moved", () => {
    queryClient.setQueryData(
      conversationKeys.messages(7),
      messagesData(page([message(12)], null, conversation({ unread: 2 }))),
    );
    applyMessageStreamEvent(queryClient, {
      type: 'message_read',
      conversation_id: 7,
      user_id: ME,
      message_id: 12,
      unread,
    });
    expect(cached()?.pages[0]?.conversation).toMatchObject({ unread: 0, other_last_read_id: null });
  });
});

describe('a conversation event', () => {
  test('puts its new state (blocked: read-only with the reason)', () => {
    const blocked = conversation({ can_send: false, read_only_reason: 'You cannot message this member.' });
    applyMessageStreamEvent(queryClient, { type: 'conversation', conversation: blocked, id: 7 });
    expect(cached()?.pages.map((entry) => entry.conversation.can_send)).toEqual([false, false]);
    expect(ids()).toEqual([[12, 11], [10]]);
  });

  test('removed from the boxes: its messages are fetched again (cleared for the viewer)', () => {
    applyMessageStreamEvent(queryClient, { type: 'conversation', conversation: null, id: 7 });
    expect(queryClient.getQueryState(conversationKeys.messages(7))?.isInvalidated).toBe(true);
  });
});
