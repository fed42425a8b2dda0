// @vitest-environment jsdom
import { HAUL_MESSAGES } from '@corral/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderRoute, signInAs } from '../../../test/render-route.tsx';
import { EMPTY_BOARD_TEXT, HaulingTab } from './hauling-tab.tsx';
import { board, CODY, EVENT, makeOffer, makeRequest } from './test-hauls.ts';

const api = fakeApi();
const places = { status: 200, body: { data: [CODY], attribution: HAUL_MESSAGES.attribution } };
const boardCalls = () => api.callsTo(`GET /events/${EVENT.id}/hauling`).map((call) => call.path.split('?')[1] ?? '');

function open() {
  signInAs({ is_onboard: 1, verified: 1 });
  return renderRoute(<HaulingTab event={EVENT} />, { path: '/social_home/event/5' });
}

describe("an event's Hauling tab", () => {
  it('lists the offers and requests, and each filter asks the server again with its parameter', async () => {
    api.on('GET /events/5/hauling', { status: 200, body: board({ offers: [makeOffer()], requests: [makeRequest()] }) });
    api.on('GET /places', places);
    const user = userEvent.setup();
    open();

    const offer = await screen.findByRole('article', { name: 'Haul from Cody, WY by Tuf Cooper' });
    expect(within(offer).getByText('3 of 4 free · Slant load')).toBeTruthy();
    expect(within(offer).getByText('$150 per horse · cap $200 per horse')).toBeTruthy();
    expect(within(offer).getByRole('button', { name: 'Book' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Request from Cody, WY' })).toBeTruthy();
    expect(boardCalls()).toEqual(['']);

    await user.selectOptions(screen.getByLabelText('Horses'), '2');
    await waitFor(() => expect(boardCalls()).toContain('horses=2'));
    await user.selectOptions(screen.getByLabelText('Rate'), 'professional');
    await waitFor(() => expect(boardCalls()).toContain('horses=2&rate=professional'));
    await user.type(screen.getByLabelText('Leaving on'), '2031-07-19');
    await waitFor(() => expect(boardCalls()).toContain('horses=2&rate=professional&date=2031-07-19'));

    await user.type(screen.getByRole('combobox', { name: 'Near' }), 'Cody');
    await user.click(await screen.findByRole('option', { name: /Cody/ }));
    await waitFor(() => expect(boardCalls()).toContain('near=101&horses=2&rate=professional&date=2031-07-19'));
    // The place is remembered for the next board.
    expect(JSON.parse(localStorage.getItem('corral:haul-near') ?? 'null')).toMatchObject({ id: CODY.id });
  });

  it('opens with the remembered Near place', async () => {
    localStorage.setItem('corral:haul-near', JSON.stringify(CODY));
    api.on('GET /events/5/hauling', { status: 200, body: board() });
    open();
    await screen.findByText(EMPTY_BOARD_TEXT);
    expect(boardCalls()).toEqual(['near=101']);
  });

  it('says so when there is nothing yet, and offers both buttons', async () => {
    api.on('GET /events/5/hauling', { status: 200, body: board() });
    open();
    expect(await screen.findByText('No hauls to this event yet. Offer one, or ask for stalls.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Offer a haul' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ask for stalls' })).toBeTruthy();
  });

  it('shows a failure with Try again, which loads the board', async () => {
    let fail = true;
    api.on('GET /events/5/hauling', () =>
      fail ? { status: 500, body: { message: 'Something went wrong.' } } : { status: 200, body: board() },
    );
    const user = userEvent.setup();
    open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The hauls could not be loaded.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(EMPTY_BOARD_TEXT)).toBeTruthy();
  });

  it("shows the member's own offer and booking instead of Book, and a full offer as Full", async () => {
    api.on('GET /events/5/hauling', {
      status: 200,
      body: board({
        offers: [
          makeOffer({ id: 1, is_mine: true }),
          makeOffer({ id: 2, my_booking: { id: 9, status: 'confirmed' } }),
          makeOffer({ id: 3, stalls_free: 0 }),
        ],
      }),
    });
    open();
    expect((await screen.findByRole('link', { name: 'Your offer: manage it in My hauls' })).getAttribute('href')).toBe(
      '/social_home/hauling',
    );
    expect(screen.getByRole('link', { name: 'Your booking (confirmed)' }).getAttribute('href')).toBe(
      '/social_home/hauling/bookings/9',
    );
    expect((screen.getByRole('button', { name: 'Full' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
