// @vitest-environment jsdom
import type { EventDetail } from '@corral/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderRoute, signInAs } from '../../../test/render-route.tsx';
import { EventDetailPage } from './event-detail-page.tsx';

const api = fakeApi();
const EVENT: EventDetail = {
  id: 5,
  title: 'Cheyenne Frontier Days',
  kind: 'rodeo',
  from_date: '2031-07-20T15:00:00.000Z',
  to_date: '2031-07-27T03:00:00.000Z',
  time_zone: 'America/Denver',
  location: 'Frontier Park Arena',
  address: '4610 Carey Ave',
  place: null,
  added_money: 0,
  is_private: false,
  tour: false,
  sync: null,
  confirmation: 'confirmed',
  circuit: null,
  association: null,
  event_types: [],
  performances: [],
  followers_count: 0,
  is_following: false,
  is_cancelled: false,
  likes_count: 0,
  is_liked: false,
  image: null,
  owner: { id: 'owner-1', first_name: 'Dakota', last_name: 'Reyes', avatar: null },
  created_at: '2026-05-01T12:00:00.000Z',
  updated_at: '2026-05-01T12:00:00.000Z',
};

function open(url: string) {
  signInAs({ is_onboard: 1, verified: 1 });
  api.on('GET /events/5', { status: 200, body: { data: EVENT } });
  return renderRoute(<EventDetailPage hauling={(detail) => <p>The board of {detail.title}</p>} />, {
    path: '/social_home/event/:id',
    url,
  });
}

describe("the event page's tabs", () => {
  it('opens on the tab in the address, moves with the arrow keys, and keeps the tab in the address', async () => {
    const user = userEvent.setup();
    const view = open('/social_home/event/5?tab=hauling');
    const hauling = await screen.findByRole('tab', { name: 'Hauling' });
    expect(hauling.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('The board of Cheyenne Frontier Days');

    hauling.focus();
    await user.keyboard('{ArrowLeft}');
    const about = screen.getByRole('tab', { name: 'About' });
    expect(about.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(about);
    expect(view.address()).toBe('/social_home/event/5');
    expect(screen.getByRole('tabpanel').textContent).toContain('Frontier Park Arena');

    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(view.address()).toBe('/social_home/event/5?tab=hauling'));
    expect(screen.getByRole('tab', { name: 'Hauling' }).getAttribute('tabindex')).toBe('0');
    expect(about.getAttribute('tabindex')).toBe('-1');
  });

  it('shows no tabs without a Hauling panel', async () => {
    signInAs({ is_onboard: 1, verified: 1 });
    api.on('GET /events/5', { status: 200, body: { data: EVENT } });
    renderRoute(<EventDetailPage />, { path: '/social_home/event/:id', url: '/social_home/event/5' });
    expect(await screen.findByText('Frontier Park Arena')).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
  });
});
