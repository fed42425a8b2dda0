// @vitest-environment jsdom
import type { HaulSavedSearch } from '@corral/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderRoute, signInAs } from '../../../test/render-route.tsx';
import { myHauls } from '../api/test-bookings.ts';
import { CHEYENNE, CODY, makeOffer } from '../components/test-hauls.ts';
import { MyHaulsPage } from './my-hauls-page.tsx';

const api = fakeApi();

beforeEach(() => {
  signInAs({ id: 'member-1', is_onboard: 1, verified: 1 });
  api.on('GET /me/hauls', { status: 200, body: myHauls() });
});

const savedSearch = (changes: Partial<HaulSavedSearch> = {}): HaulSavedSearch => ({
  id: 31,
  event: makeOffer().event,
  near: CODY,
  horses: 1,
  rate_type: null,
  created_at: '2026-11-25T12:00:00.000Z',
  ...changes,
});

describe('My hauls: saved searches', () => {
  test('lists each search (event or any event, place, horses, rate), and Stop deletes one', async () => {
    let saved = [
      savedSearch(),
      savedSearch({ id: 32, event: null, near: CHEYENNE, horses: 2, rate_type: 'professional' }),
    ];
    api.on('GET /haul/saved-searches', () => ({ status: 200, body: { data: saved } }));
    api.on('DELETE /haul/saved-searches/32', () => {
      saved = saved.filter((one) => one.id !== 32);
      return { status: 200, body: { status: true } };
    });
    renderRoute(<MyHaulsPage />, { path: '/hauling' });
    const section = await screen.findByRole('region', { name: 'Saved searches' });
    const rows = within(section).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'Cheyenne Frontier Days' })).toBeTruthy();
    expect(rows[0]?.textContent).toContain('Near Cody, WY · 1 horse · Any rate');
    expect(rows[1]?.textContent).toContain('Any event');
    expect(rows[1]?.textContent).toContain('Near Cheyenne, WY · 2 horses · Professional');

    await userEvent
      .setup()
      .click(within(section).getByRole('button', { name: 'Stop the search near Cheyenne, WY for Any event' }));
    expect(api.callsTo('DELETE /haul/saved-searches/32')).toHaveLength(1);
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByText('Stopped the search near Cheyenne, WY.')).toBeTruthy();
  });

  test('no section when there are none', async () => {
    api.on('GET /haul/saved-searches', { status: 200, body: { data: [] } });
    renderRoute(<MyHaulsPage />, { path: '/hauling' });
    expect(await screen.findByText('No hauls yet')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET /haul/saved-searches')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Saved searches' })).toBeNull();
  });

  test("a refused Stop shows the server's message", async () => {
    api.on('GET /haul/saved-searches', { status: 200, body: { data: [savedSearch()] } });
    api.on('DELETE /haul/saved-searches/31', { status: 404, body: { message: 'Not found.' } });
    renderRoute(<MyHaulsPage />, { path: '/hauling' });
    const section = await screen.findByRole('region', { name: 'Saved searches' });
    await userEvent.setup().click(within(section).getByRole('button', { name: /Stop the search near Cody, WY/ }));
    expect(await screen.findByText('Not found.')).toBeTruthy();
    expect(within(section).getAllByRole('listitem')).toHaveLength(1);
  });
});
