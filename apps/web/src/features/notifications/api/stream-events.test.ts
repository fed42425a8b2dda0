import type { FriendRequest, Notification, StreamEvent } from '@corral/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  accountKeys,
  conversationKeys,
  friendKeys,
  haulKeys,
  itemKeys,
  notificationKeys,
  profileKeys,
  safetyKeys,
} from '../../../lib/query-keys.ts';
import { applyCacheActions, cacheActionsFor, parseStreamEvent, STREAM_EVENT_TYPES } from './stream-events.ts';

const notification: Notification = {
  id: 7,
  kind: 'like',
  title: 'Ty Murray liked your post.',
  info: 'Saturday at the arena',
  isRead: false,
  thumbnail: '',
  time: '2026-11-23T10:00:00.000Z',
  actor: { id: 'u-1', name: 'Ty Murray' },
  post_id: 3,
  can_accept: false,
  accepted: false,
  action_id: null,
};
const request: FriendRequest = {
  id: 4,
  time: '2026-11-23T10:00:00.000Z',
  mutualFriends: 0,
  mutualFriendAvatars: [],
  user: { id: 'u-1', name: 'Ty Murray', avatarUrl: '' },
};

const messages = { inbox: 1, requests: 2 };

const invalidated = (event: StreamEvent) =>
  cacheActionsFor(event).flatMap((action) => (action.kind === 'invalidate' ? [action.queryKey] : []));
const unreadPut = (event: StreamEvent) =>
  cacheActionsFor(event).flatMap((action) => (action.kind === 'unread' ? [action.unread] : []));

describe('what a stream event does to the cache', () => {
  it('a notification puts the count and refreshes the bell’s pages', () => {
    const event: StreamEvent = { type: 'notification', notification, unread: 4 };
    expect(unreadPut(event)).toEqual([4]);
    expect(invalidated(event)).toEqual([notificationKeys.pages()]);
  });

  it("a moderator's decision also refreshes the member's account standing", () => {
    const decision: Notification = { ...notification, kind: 'moderation', post_id: null, action_id: 12 };
    const event: StreamEvent = { type: 'notification', notification: decision, unread: 1 };
    expect(invalidated(event)).toEqual([notificationKeys.pages(), safetyKeys.standing()]);
  });

  it("the member's data export being ready also refreshes the Account page's export section", () => {
    const ready: Notification = { ...notification, kind: 'data_export', post_id: null };
    const event: StreamEvent = { type: 'notification', notification: ready, unread: 1 };
    expect(invalidated(event)).toEqual([notificationKeys.pages(), accountKeys.dataExport()]);
  });

  it('unread and a resumed ready only put the counts (the bell’s and the chat icon’s)', () => {
    expect(cacheActionsFor({ type: 'unread', unread: 2 })).toEqual([{ kind: 'unread', unread: 2 }]);
    expect(cacheActionsFor({ type: 'ready', unread: 5, messages, resumed: true })).toEqual([
      { kind: 'unread', unread: 5 },
      { kind: 'messagesUnread', unread: messages },
    ]);
  });

  it('a fresh ready (events may have been missed) also refreshes notifications, friends and conversations', () => {
    const event: StreamEvent = { type: 'ready', unread: 1, messages, resumed: false };
    expect(unreadPut(event)).toEqual([1]);
    expect(invalidated(event)).toEqual([notificationKeys.pages(), friendKeys.all, conversationKeys.all]);
  });

  it('message events put the chat icon’s counts they carry; the boxes are the messages feature’s', () => {
    const unread = { inbox: 2, requests: 1 };
    const message = { type: 'message', unread } as Extract<StreamEvent, { type: 'message' }>;
    expect(cacheActionsFor(message)).toEqual([{ kind: 'messagesUnread', unread }]);
    const read: StreamEvent = { type: 'message_read', conversation_id: 4, user_id: 'u-2', message_id: 9, unread };
    expect(cacheActionsFor(read)).toEqual([{ kind: 'messagesUnread', unread }]);
    expect(cacheActionsFor({ type: 'message_deleted', conversation_id: 4, message_id: 9 })).toEqual([]);
    expect(cacheActionsFor({ type: 'conversation', conversation: null, id: 4 })).toEqual([]);
    const queryClient = new QueryClient();
    applyCacheActions(queryClient, cacheActionsFor(read));
    expect(queryClient.getQueryData(conversationKeys.unread())).toEqual(unread);
  });

  it('a request arriving or going refreshes the requests; arriving, the asker’s profile and suggestions', () => {
    expect(invalidated({ type: 'friend_request', request })).toEqual([
      friendKeys.requests(),
      profileKeys.profile(request.user.id),
      itemKeys.suggestions(),
    ]);
    expect(invalidated({ type: 'friend_request_removed', id: 4 })).toEqual([friendKeys.requests()]);
  });

  it('a friendship refreshes the friends, that member’s profile and posts, the timeline and suggestions', () => {
    expect(invalidated({ type: 'friendship', user_id: 'u-9', friendship_status: 'friends' })).toEqual([
      friendKeys.all,
      profileKeys.profile('u-9'),
      itemKeys.profilePosts('u-9'),
      itemKeys.timeline(),
      itemKeys.suggestions(),
    ]);
  });

  it('lands in a real query cache: the count put, the lists marked stale, nothing else touched', async () => {
    const queryClient = new QueryClient();
    const keys = [
      notificationKeys.page('all', 1),
      friendKeys.requests(),
      friendKeys.list(''),
      itemKeys.timeline(),
      profileKeys.profile('u-3'),
    ];
    for (const key of keys) queryClient.setQueryData(key, { data: [] });
    applyCacheActions(queryClient, cacheActionsFor({ type: 'friend_request', request }));
    await Promise.resolve();
    const stale = () => keys.map((key) => queryClient.getQueryState(key)?.isInvalidated);
    expect(stale()).toEqual([false, true, false, false, false]);
    applyCacheActions(queryClient, cacheActionsFor({ type: 'ready', unread: 3, messages, resumed: false }));
    expect(queryClient.getQueryData(notificationKeys.unread())).toBe(3);
    expect(stale()).toEqual([true, true, true, false, false]);
  });

  it('a fresh ready refreshes only the lists answered before its connection was asked for', () => {
    // A page's first load: the stream opens with the lists it shows, and a list answered (or asked for) since is
    // as new as the stream; only a reconnection finds lists older than itself.
    const queryClient = new QueryClient();
    const connectedAt = 10_000;
    queryClient.setQueryData(friendKeys.list(''), { data: [] }, { updatedAt: connectedAt - 1 });
    queryClient.setQueryData(friendKeys.requests(), { data: [] }, { updatedAt: connectedAt + 1 });
    queryClient.setQueryData(conversationKeys.unread(), { inbox: 0, requests: 0 }, { updatedAt: connectedAt + 5 });
    applyCacheActions(
      queryClient,
      cacheActionsFor({ type: 'ready', unread: 0, messages, resumed: false }, connectedAt),
    );
    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect([stale(friendKeys.list('')), stale(friendKeys.requests()), stale(conversationKeys.unread())]).toEqual([
      true,
      false,
      false,
    ]);
  });
});

describe('reading the stream', () => {
  it('listens for every kind of event in the contract', () => {
    expect([...STREAM_EVENT_TYPES].sort()).toEqual([
      'conversation',
      'friend_request',
      'friend_request_removed',
      'friendship',
      'haul_booking',
      'message',
      'message_deleted',
      'message_read',
      'notification',
      'ready',
      'unread',
    ]);
  });

  it('takes the event name as the type, with or without the type in the data', () => {
    expect(parseStreamEvent('unread', '{"unread":3}')).toEqual({ type: 'unread', unread: 3 });
    expect(parseStreamEvent('unread', '{"type":"unread","unread":3}')).toEqual({ type: 'unread', unread: 3 });
    expect(parseStreamEvent('notification', JSON.stringify({ notification, unread: 1 }))).toEqual({
      type: 'notification',
      notification,
      unread: 1,
    });
  });

  it('skips what it cannot read instead of failing', () => {
    expect(parseStreamEvent('unread', 'not json')).toBeNull();
    expect(parseStreamEvent('unread', '{"unread":"many"}')).toBeNull();
    expect(parseStreamEvent('unread', '[1]')).toBeNull();
    expect(parseStreamEvent('unread', '{"type":"ready","unread":1,"resumed":true}')).toBeNull();
    expect(parseStreamEvent('something_new', '{"type":"something_new"}')).toBeNull();
  });

  it('reads a haul booking event, which refreshes every hauling query', () => {
    const event = parseStreamEvent('haul_booking', '{"booking":{"id":3,"offer_id":2,"status":"confirmed"}}');
    expect(event).toEqual({ type: 'haul_booking', booking: { id: 3, offer_id: 2, status: 'confirmed' } });
    expect(parseStreamEvent('haul_booking', '{"booking":3}')).toBeNull();
    if (event) expect(invalidated(event)).toEqual([haulKeys.all]);
  });

  it('reads the message events, and a ready with or without the chat icon’s counts', () => {
    expect(parseStreamEvent('ready', '{"unread":1,"messages":{"inbox":1,"requests":0},"resumed":true}')).toEqual({
      type: 'ready',
      unread: 1,
      messages: { inbox: 1, requests: 0 },
      resumed: true,
    });
    expect(parseStreamEvent('ready', '{"unread":1,"resumed":true}')).not.toBeNull();
    expect(parseStreamEvent('ready', '{"unread":1,"messages":{"inbox":"x"},"resumed":true}')).toBeNull();
    const conversation = { id: 4, box: 'inbox', last_message_at: '2026-11-23T10:00:00.000Z', unread: 1 };
    const message = { id: 9, conversation_id: 4 };
    const unread = { inbox: 1, requests: 0 };
    expect(parseStreamEvent('message', JSON.stringify({ message, conversation, unread }))).toMatchObject({
      type: 'message',
      message,
    });
    // A message that is not of the conversation it came with, or without the counts, is not read.
    const elsewhere = { ...message, conversation_id: 5 };
    expect(parseStreamEvent('message', JSON.stringify({ message: elsewhere, conversation, unread }))).toBeNull();
    expect(parseStreamEvent('message', JSON.stringify({ message, conversation }))).toBeNull();
    expect(parseStreamEvent('message_deleted', '{"conversation_id":4,"message_id":9}')).not.toBeNull();
    expect(
      parseStreamEvent('message_read', JSON.stringify({ conversation_id: 4, user_id: 'u-2', message_id: 9, unread })),
    ).not.toBeNull();
    expect(parseStreamEvent('conversation', '{"conversation":null,"id":4}')).toEqual({
      type: 'conversation',
      conversation: null,
      id: 4,
    });
    expect(parseStreamEvent('conversation', '{"conversation":{"id":4},"id":4}')).toBeNull();
  });
});
