// @vitest-environment jsdom
import type { Profile } from '@corral/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderRoute, signInAs } from '../../../test/render-route.tsx';
import { UserProfilePage } from './user-profile-page.tsx';

const api = fakeApi();

const profile = (hauling: Profile['hauling']): Profile => ({
  id: 'u-2',
  first_name: 'Cody',
  last_name: 'Braddock',
  name: 'Cody Braddock',
  avatar: '',
  is_private: false,
  friendship_status: 'friends',
  friend_request_id: null,
  counts: { event_count: 1, friends_count: 4, mutual_count: 2 },
  is_muted: false,
  hauling,
});

beforeEach(() => {
  signInAs({ id: 'member-1', is_onboard: 1, verified: 1 });
  api.on('GET /user/posts-and-events/u-2', { status: 200, body: { data: [], next_cursor: null } });
});

const open = () => renderRoute(<UserProfilePage />, { path: '/profile/:id', url: '/profile/u-2' });

describe("A member's hauling record on their profile", () => {
  test('shows completed hauls, the rating and late cancellations', async () => {
    api.on('GET /users/u-2', {
      status: 200,
      body: profile({ completed_hauls: 12, rating: 4.75, reviews_count: 8, late_cancellations: 1 }),
    });
    open();
    const record = await screen.findByRole('list', { name: 'Hauling record' });
    expect(within(record).getByText('12 completed hauls')).toBeTruthy();
    expect(within(record).getByText(/Rated 4\.8 of 5 \(8 reviews\)/)).toBeTruthy();
    expect(within(record).getByText('1 late cancellation')).toBeTruthy();
  });

  test('shows nothing for a member who has not hauled, nor where the server sends no record', async () => {
    api.on('GET /users/u-2', {
      status: 200,
      body: profile({ completed_hauls: 0, rating: null, reviews_count: 0, late_cancellations: 0 }),
    });
    const first = open();
    expect(await screen.findByRole('heading', { name: 'Cody Braddock' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Hauling record' })).toBeNull();
    first.unmount();
    api.on('GET /users/u-2', { status: 200, body: profile(null) });
    open();
    expect(await screen.findByRole('heading', { name: 'Cody Braddock' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Hauling record' })).toBeNull();
  });
});
