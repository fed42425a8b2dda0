// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderRoute, signInAs } from '../../../test/render-route.tsx';
import { booking, DRIVER, member, myHauls, offer, RIDER, request } from '../api/test-bookings.ts';
import { MyHaulsPage } from './my-hauls-page.tsx';

const api = fakeApi();

beforeEach(() => {
  signInAs({ id: 'member-1', is_onboard: 1, verified: 1 });
});

const section = (name: string) => screen.findByRole('region', { name });

describe('My hauls', () => {
  test('with nothing yet, says so and links to upcoming events', async () => {
    api.on('GET /me/hauls', { status: 200, body: myHauls() });
    renderRoute(<MyHaulsPage />, { path: '/hauling' });
    expect(await screen.findByText('No hauls yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse upcoming events' }).getAttribute('href')).toBe(
      '/social_home/event-types',
    );
  });

  test('a request on my offer is answered from the list, and the lists are fetched again', async () => {
    const asked = booking({
      id: 12,
      rider: member('u-9', 'Ty', 'Murray'),
      offer: offer({ is_mine: true, driver: RIDER }),
    });
    let driving = [booking({ id: 13, status: 'confirmed', offer: offer({ is_mine: true }) }), asked];
    api.on('GET /me/hauls', () => ({ status: 200, body: myHauls({ driving }) }));
    api.on('POST /haul/bookings/12/accept', () => {
      driving = driving.map((one) => (one.id === 12 ? { ...one, status: 'confirmed' } : one));
      return { status: 200, body: { data: { ...asked, status: 'confirmed' } } };
    });
    renderRoute(<MyHaulsPage />, { path: '/hauling' });
    const onMine = await section('On my offers');
    // The request to answer comes first.
    const links = within(onMine).getAllByRole('link');
    expect(links[0]?.getAttribute('href')).toBe('/social_home/hauling/bookings/12');
    const user = userEvent.setup();
    await user.click(within(onMine).getByRole('button', { name: "Accept Ty Murray's booking" }));
    expect(await screen.findByText('Booking accepted.')).toBeTruthy();
    await waitFor(() => expect(within(onMine).queryByRole('button', { name: /Accept/ })).toBeNull());
    expect(api.callsTo('GET /me/hauls').length).toBeGreaterThan(1);
  });

  test('my bookings link to their page; an offer closes after a confirmation', async () => {
    let offers = [offer({ id: 8, is_mine: true, driver: RIDER, stalls_total: 4, stalls_free: 1 })];
    api.on('GET /me/hauls', () => ({
      status: 200,
      body: myHauls({ bookings: [booking({ offer: offer({ driver: DRIVER }) })], offers, requests: [request()] }),
    }));
    api.on('DELETE /haul/offers/8', () => {
      offers = [];
      return { status: 200, body: { status: true } };
    });
    renderRoute(<MyHaulsPage />, { path: '/hauling' });
    const bookings = await section('Bookings');
    expect(
      within(bookings)
        .getByRole('link', { name: /Cody Stampede: 1 stall/ })
        .getAttribute('href'),
    ).toBe('/social_home/hauling/bookings/11');
    expect(within(bookings).getByText('Waiting for the driver')).toBeTruthy();
    const mine = await section('My offers');
    expect(within(mine).getByText('3 of 4 stalls booked')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(mine).getByRole('button', { name: 'Close offer' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Close this offer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Close offer' }));
    expect(await screen.findByText('Offer closed.')).toBeTruthy();
    expect(api.callsTo('DELETE /haul/offers/8')).toHaveLength(1);
    await waitFor(() => expect(within(mine).getByText('You have not offered stalls.')).toBeTruthy());
    expect(within(await section('My requests')).getByRole('button', { name: /Close the request/ })).toBeTruthy();
  });

  test('an error says so and tries again', async () => {
    let fail = true;
    api.on('GET /me/hauls', () =>
      fail ? { status: 500, body: { message: 'Something went wrong.' } } : { status: 200, body: myHauls() },
    );
    renderRoute(<MyHaulsPage />, { path: '/hauling' });
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong.');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No hauls yet')).toBeTruthy();
  });
});
