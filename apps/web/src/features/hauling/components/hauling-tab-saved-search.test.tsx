// @vitest-environment jsdom
import { HAUL_MESSAGES, type HaulSavedSearch } from '@corral/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderRoute, signInAs } from '../../../test/render-route.tsx';
import { HaulingTab } from './hauling-tab.tsx';
import { board, CODY, EVENT, makeOffer } from './test-hauls.ts';

const api = fakeApi();

const savedSearch = (changes: Partial<HaulSavedSearch> = {}): HaulSavedSearch => ({
  id: 31,
  event: makeOffer().event,
  near: CODY,
  horses: 1,
  rate_type: null,
  created_at: '2026-11-25T12:00:00.000Z',
  ...changes,
});

function open() {
  signInAs({ is_onboard: 1, verified: 1 });
  api.on('GET /events/5/hauling', { status: 200, body: board() });
  api.on('GET /places', { status: 200, body: { data: [CODY], attribution: HAUL_MESSAGES.attribution } });
  return renderRoute(<HaulingTab event={EVENT} />, { path: '/social_home/event/5' });
}

describe("the Hauling tab's saved search", () => {
  it('is offered only once a Near place is chosen, and saves the event, place, horses and rate', async () => {
    let saved: HaulSavedSearch[] = [];
    api.on('GET /haul/saved-searches', () => ({ status: 200, body: { data: saved } }));
    api.on('POST /haul/saved-searches', (call) => {
      const body = call.body as { horses: number; rate_type?: HaulSavedSearch['rate_type'] };
      saved = [savedSearch({ horses: body.horses, rate_type: body.rate_type ?? null })];
      return { status: 201, body: { data: saved[0] } };
    });
    const user = userEvent.setup();
    open();
    await screen.findByLabelText('Horses');
    expect(screen.queryByRole('button', { name: /Tell me of new offers/ })).toBeNull();

    await user.selectOptions(screen.getByLabelText('Rate'), 'professional');
    await user.type(screen.getByRole('combobox', { name: 'Near' }), 'Cody');
    await user.click(await screen.findByRole('option', { name: /Cody/ }));
    const save = await screen.findByRole('button', { name: 'Tell me of new offers near Cody, WY' });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    await user.click(save);

    expect(api.callsTo('POST /haul/saved-searches').map((call) => call.body)).toEqual([
      { event_id: 5, near_place_id: 101, horses: 1, rate_type: 'professional' },
    ]);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe("Saved: we'll tell you of new offers"));
    const stop = screen.getByRole('button', { name: 'Stop telling me of new offers near Cody, WY' });
    // The pressed button is gone: focus is on its replacement.
    expect(document.activeElement).toBe(stop);
    expect(screen.queryByRole('button', { name: /Tell me of new offers/ })).toBeNull();
  });

  it('Stop deletes the saved search and offers to save it again', async () => {
    localStorage.setItem('corral:haul-near', JSON.stringify(CODY));
    let saved = [savedSearch({ horses: 1 })];
    api.on('GET /haul/saved-searches', () => ({ status: 200, body: { data: saved } }));
    api.on('DELETE /haul/saved-searches/31', () => {
      saved = [];
      return { status: 200, body: { status: true } };
    });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Stop telling me of new offers near Cody, WY' }));
    expect(api.callsTo('DELETE /haul/saved-searches/31')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Tell me of new offers near Cody, WY' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Stopped');
  });

  it('a search with other horses is not the saved one; the server says why it refuses', async () => {
    localStorage.setItem('corral:haul-near', JSON.stringify(CODY));
    api.on('GET /haul/saved-searches', { status: 200, body: { data: [savedSearch({ horses: 1 })] } });
    api.on('POST /haul/saved-searches', {
      status: 409,
      body: { message: HAUL_MESSAGES.tooManySavedSearches },
    });
    const user = userEvent.setup();
    open();
    await screen.findByRole('button', { name: /Stop telling me/ });
    await user.selectOptions(screen.getByLabelText('Horses'), '2');
    const save = await screen.findByRole('button', { name: 'Tell me of new offers near Cody, WY' });
    await user.click(save);
    expect(api.callsTo('POST /haul/saved-searches').map((call) => call.body)).toEqual([
      { event_id: 5, near_place_id: 101, horses: 2 },
    ]);
    expect(await screen.findByText(HAUL_MESSAGES.tooManySavedSearches)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tell me of new offers near Cody, WY' })).toBeTruthy();
  });
});
