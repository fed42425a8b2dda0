import type { Profile } from '@corral/contract';
import { MutationObserver, type MutationOptions, QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { friendKeys, itemKeys, profileKeys } from '../../../lib/query-keys.ts';
import { acceptFriendRequestMutation } from './accept-friend-request.ts';
import { deleteFriendRequestMutation } from './delete-friend-request.ts';
import type { Suggestions } from './friendship-cache.ts';
import { sendFriendRequestMutation } from './send-friend-request.ts';
import { unfriendMutation } from './unfriend.ts';

/** The friendship mutations run as useMutation runs them, against a real QueryClient and a stubbed network. */
let queryClient: QueryClient;
let answer: (response: Response) => void;
const run = <T, V, R>(options: MutationOptions<T, Error, V, R>, variables: V) =>
  new MutationObserver(queryClient, options).mutate(variables);
const status = () => queryClient.getQueryData<Profile>(profileKeys.profile('u2'))?.friendship_status;
const stale = (key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated ?? false;
const wideKeys = [itemKeys.profilePosts('u2'), itemKeys.timeline(), itemKeys.suggestions()];

beforeEach(() => {
  queryClient = new QueryClient();
  vi.stubGlobal('localStorage', { getItem: () => 'token' });
  // Each request waits for the test's answer, so what shows before it can be read.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
  );
  queryClient.setQueryData<Profile>(profileKeys.profile('u2'), {
    id: 'u2',
    friendship_status: 'not_friends',
  } as Profile);
  queryClient.setQueryData<Suggestions>(itemKeys.suggestions(), {
    suggestions: { friends: [] },
    suggested_events: [],
  });
  for (const key of [friendKeys.requests(), ...wideKeys]) queryClient.setQueryData(key, {});
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Starts the mutation, waits until its request is sent, reads `during`, then answers. */
async function sendAndAnswer<T, V, R>(options: MutationOptions<T, Error, V, R>, variables: V, response: Response) {
  const done = run(options, variables);
  await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
  const during = status();
  answer(response);
  await done.catch(() => undefined);
  return during;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

describe('a friend request sent', () => {
  it('shows Pending at once, marks the suggestion, and refreshes the profile and friend lists only', async () => {
    const during = await sendAndAnswer(
      sendFriendRequestMutation(queryClient),
      'u2',
      json(200, { status: true, friendship_status: 'pending_sent' }),
    );
    expect(during).toBe('pending_sent');
    expect(status()).toBe('pending_sent');
    expect(queryClient.getQueryData<Suggestions>(itemKeys.suggestions())?.requested).toEqual(['u2']);
    expect(stale(profileKeys.profile('u2'))).toBe(true);
    expect(stale(friendKeys.requests())).toBe(true);
    // Fetched again, the suggestions would drop the card that says 'Request sent'.
    expect(wideKeys.map(stale)).toEqual([false, false, false]);
  });

  it('to a member who had asked first makes friends, and what friends see is fetched again', async () => {
    await sendAndAnswer(
      sendFriendRequestMutation(queryClient),
      'u2',
      json(200, { status: true, friendship_status: 'friends' }),
    );
    expect(status()).toBe('friends');
    expect(wideKeys.map(stale)).toEqual([true, true, true]);
  });

  it('that the server refuses puts the profile back', async () => {
    const during = await sendAndAnswer(
      sendFriendRequestMutation(queryClient),
      'u2',
      json(404, { message: 'Member not found.' }),
    );
    expect(during).toBe('pending_sent');
    expect(status()).toBe('not_friends');
    expect(queryClient.getQueryData<Suggestions>(itemKeys.suggestions())?.requested).toBeUndefined();
  });
});

describe('answering and ending', () => {
  it('a request accepted shows Friends at once and refreshes what friends see', async () => {
    queryClient.setQueryData<Profile>(
      profileKeys.profile('u2'),
      (p) => p && { ...p, friendship_status: 'pending_received' },
    );
    const during = await sendAndAnswer(
      acceptFriendRequestMutation(queryClient),
      { requestId: 7, userId: 'u2' },
      json(200, { status: true }),
    );
    expect(during).toBe('friends');
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toContain('/friends/requests/7/accept');
    expect(wideKeys.map(stale)).toEqual([true, true, true]);
  });

  it('a request declined or cancelled refreshes the profile and the lists, not what friends see', async () => {
    queryClient.setQueryData<Profile>(
      profileKeys.profile('u2'),
      (p) => p && { ...p, friendship_status: 'pending_sent' },
    );
    await sendAndAnswer(
      deleteFriendRequestMutation(queryClient),
      { requestId: 7, userId: 'u2' },
      json(200, { status: true }),
    );
    expect(status()).toBe('not_friends');
    expect(stale(friendKeys.requests())).toBe(true);
    expect(wideKeys.map(stale)).toEqual([false, false, false]);
  });

  it('unfriending ends a friendship: what friends see is fetched again', async () => {
    queryClient.setQueryData<Profile>(profileKeys.profile('u2'), (p) => p && { ...p, friendship_status: 'friends' });
    await sendAndAnswer(unfriendMutation(queryClient), 'u2', json(200, { status: true }));
    expect(status()).toBe('not_friends');
    expect(wideKeys.map(stale)).toEqual([true, true, true]);
  });
});
