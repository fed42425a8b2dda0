// @vitest-environment jsdom
import { HAUL_MESSAGES, type MyHaulsResponse } from '@corral/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderRoute, signInAs } from '../../../test/render-route.tsx';
import { OfferFormDialog } from './offer-form-dialog.tsx';
import { CODY, EVENT, makeOffer } from './test-hauls.ts';

const api = fakeApi();
const M = HAUL_MESSAGES;
const mine = (changes: Partial<MyHaulsResponse> = {}): MyHaulsResponse => ({
  offers: [],
  requests: [],
  bookings: [],
  driving: [],
  suggested_rate_type: null,
  ...changes,
});

function open() {
  signInAs({ is_onboard: 1, verified: 1 });
  api.on('GET /places', { status: 200, body: { data: [CODY], attribution: M.attribution } });
  return renderRoute(<OfferFormDialog event={EVENT} open onOpenChange={() => {}} />, { path: '/e' });
}

async function fillValidFillOffer(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('combobox', { name: 'Leaving from' }), 'Cody');
  await user.click(await screen.findByRole('option', { name: /Cody/ }));
  // Times are on the event's clock (Denver, UTC-6 in July).
  fireEvent.change(screen.getByLabelText('Leave from'), { target: { value: '2031-07-19T06:00' } });
  fireEvent.change(screen.getByLabelText('Leave by'), { target: { value: '2031-07-19T09:00' } });
  await user.type(screen.getByLabelText('Price ($)'), '150');
  await user.type(screen.getByLabelText('Cap per horse ($)'), '200');
}

describe('Offer a haul', () => {
  it("takes a first offer's rate type from onboarding, and a professional one needs a number and insurance", async () => {
    api.on('GET /me/hauls', { status: 200, body: mine({ suggested_rate_type: 'professional' }) });
    const user = userEvent.setup();
    open();
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: 'Professional' }) as HTMLInputElement).checked).toBe(true),
    );
    expect(screen.getByLabelText('USDOT number')).toBeTruthy();
    expect(screen.queryByLabelText('Cap per horse ($)')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Offer haul' }));
    expect(await screen.findByText(M.professionalNeedsNumber)).toBeTruthy();
    expect(screen.getByText(M.professionalNeedsInsurance)).toBeTruthy();
    expect(screen.getByText(M.placeNotFound)).toBeTruthy();
    // The first field refused, in the form's order, takes the focus: the place typeahead.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Leaving from' })));

    // An insurance that runs out before the departure day is refused too; an MC number alone is enough.
    await user.type(screen.getByLabelText('MC number'), 'MC-123456');
    fireEvent.change(screen.getByLabelText('Leave from'), { target: { value: '2031-07-19T06:00' } });
    fireEvent.change(screen.getByLabelText('Leave by'), { target: { value: '2031-07-19T09:00' } });
    fireEvent.change(screen.getByLabelText('Insurance expires on *'), { target: { value: '2031-07-18' } });
    await user.click(screen.getByRole('button', { name: 'Offer haul' }));
    expect(await screen.findByText(M.insuranceExpired)).toBeTruthy();
    expect(screen.queryByText(M.professionalNeedsNumber)).toBeNull();
    expect(api.callsTo('POST /haul/offers')).toHaveLength(0);
  });

  it('keeps the rate type of a member who already offers hauls', async () => {
    api.on('GET /me/hauls', {
      status: 200,
      body: mine({ offers: [makeOffer()], suggested_rate_type: 'professional' }),
    });
    open();
    await waitFor(() => expect(api.callsTo('GET /me/hauls')).toHaveLength(1));
    expect((screen.getByRole('radio', { name: 'Fill rate' }) as HTMLInputElement).checked).toBe(true);
  });

  it("sends the offer in the event's zone, and shows the server's refusals on their fields or above the buttons", async () => {
    api.on('GET /me/hauls', { status: 200, body: mine() });
    let answer = {
      status: 422,
      body: {
        message: 'Check the form.',
        errors: { cap_per_horse: [M.priceAboveCap], origin_place_id: [M.placeNotFound] },
      },
    };
    api.on('POST /haul/offers', () => answer);
    const user = userEvent.setup();
    open();
    await fillValidFillOffer(user);
    await user.click(screen.getByRole('button', { name: 'Offer haul' }));

    expect(await screen.findByText(M.priceAboveCap)).toBeTruthy();
    expect(screen.getByText(M.placeNotFound)).toBeTruthy();
    const [sent] = api.callsTo('POST /haul/offers');
    expect(sent?.body).toMatchObject({
      event_id: EVENT.id,
      origin_place_id: CODY.id,
      arrive_performance_id: 11,
      depart_from: '2031-07-19T12:00:00.000Z',
      depart_until: '2031-07-19T15:00:00.000Z',
      stalls: 2,
      rate_type: 'fill',
      price: 150,
      cap_per_horse: 200,
      usdot_number: null,
      insurance_expires_on: null,
      next_legs: [],
    });

    answer = { status: 409, body: { message: M.tooManyOpen, errors: {} } } as typeof answer;
    await user.click(screen.getByRole('button', { name: 'Offer haul' }));
    await waitFor(() => expect(screen.getAllByRole('alert').some((a) => a.textContent === M.tooManyOpen)).toBe(true));
  });

  it('mirrors the window rules: it ends after it starts, before the arrive-by performance', async () => {
    api.on('GET /me/hauls', { status: 200, body: mine() });
    const user = userEvent.setup();
    open();
    await fillValidFillOffer(user);
    fireEvent.change(screen.getByLabelText('Leave by'), { target: { value: '2031-07-19T05:00' } });
    await user.click(screen.getByRole('button', { name: 'Offer haul' }));
    expect(await screen.findByText(M.departureOrder)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Leave by'), { target: { value: '2031-07-20T10:00' } });
    await user.click(screen.getByRole('button', { name: 'Offer haul' }));
    expect(await screen.findByText(M.departureAfterArrival)).toBeTruthy();
    expect(api.callsTo('POST /haul/offers')).toHaveLength(0);
  });

  it("adds the next event of a run: its performance and window on its own clock, the server's refusal on the leg", async () => {
    api.on('GET /me/hauls', { status: 200, body: mine() });
    api.on('GET /events', {
      status: 200,
      body: {
        data: [
          { id: EVENT.id, title: EVENT.title, from_date: EVENT.from_date },
          { id: 77, title: 'Ellensburg Rodeo', from_date: '2031-08-29T17:00:00.000Z' },
        ],
        next_cursor: null,
      },
    });
    const ellensburg = {
      ...EVENT,
      id: 77,
      title: 'Ellensburg Rodeo',
      time_zone: 'America/Los_Angeles',
      performances: [{ id: 71, name: 'Labor Day', starts_at: '2031-08-29T20:00:00.000Z' }],
    };
    api.on('GET /events/77', { status: 200, body: { data: ellensburg } });
    api.on('POST /haul/offers', {
      status: 422,
      body: { message: 'Check the form.', errors: { 'next_legs.0.depart_from': [M.departurePast] } },
    });
    const user = userEvent.setup();
    open();
    await fillValidFillOffer(user);
    await user.click(screen.getByRole('button', { name: 'Add the next event' }));
    const leg = screen.getByRole('group', { name: 'Leg 2' });
    const next = within(leg).getByLabelText('Next event') as HTMLSelectElement;
    // The event itself is not offered again.
    await waitFor(() =>
      expect([...next.options].map((option) => option.text)).toEqual(['Choose an event', 'Ellensburg Rodeo']),
    );
    await user.selectOptions(next, '77');
    await within(leg).findByText(/Labor Day/);
    // Los Angeles is UTC-7 in August.
    fireEvent.change(within(leg).getByLabelText('Leave from'), { target: { value: '2031-08-28T08:00' } });
    fireEvent.change(within(leg).getByLabelText('Leave by'), { target: { value: '2031-08-28T10:00' } });
    await user.click(screen.getByRole('button', { name: 'Offer haul' }));

    expect(await within(leg).findByText(M.departurePast)).toBeTruthy();
    expect(api.callsTo('POST /haul/offers')[0]?.body).toMatchObject({
      next_legs: [
        {
          event_id: 77,
          arrive_performance_id: 71,
          depart_from: '2031-08-28T15:00:00.000Z',
          depart_until: '2031-08-28T17:00:00.000Z',
        },
      ],
    });
  });
});
