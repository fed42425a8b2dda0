import type { FriendRequest, Notification, StreamEvent } from '@corral/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { friendKeys, itemKeys, notificationKeys, profileKeys } from '../../../lib/query-keys.ts';
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
};
const request: FriendRequest = {
  id: 4,
  time: '2026-11-23T10:00:00.000Z',
  mutualFriends: 0,
  mutualFriendAvatars: [],
  user: { id: 'u-1', name: 'Ty Murray', avatarUrl: '' },
};

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

  it('unread and a resumed ready only put the count', () => {
    expect(cacheActionsFor({ type: 'unread', unread: 2 })).toEqual([{ kind: 'unread', unread: 2 }]);
    expect(cacheActionsFor({ type: 'ready', unread: 5, resumed: true })).toEqual([{ kind: 'unread', unread: 5 }]);
  });

  it('a fresh ready (events may have been missed) also refreshes notifications and the friend lists', () => {
    const event: StreamEvent = { type: 'ready', unread: 1, resumed: false };
    expect(unreadPut(event)).toEqual([1]);
    expect(invalidated(event)).toEqual([notificationKeys.pages(), friendKeys.all]);
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
    applyCacheActions(queryClient, cacheActionsFor({ type: 'ready', unread: 3, resumed: false }));
    expect(queryClient.getQueryData(notificationKeys.unread())).toBe(3);
    expect(stale()).toEqual([true, true, true, false, false]);
  });
});

describe('reading the stream', () => {
  it('listens for every kind of event in the contract', () => {
    expect([...STREAM_EVENT_TYPES].sort()).toEqual([
      'friend_request',
      'friend_request_removed',
      'friendship',
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
});
