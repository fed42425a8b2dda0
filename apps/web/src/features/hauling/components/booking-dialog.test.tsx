// @vitest-environment jsdom
import { HAUL_MESSAGES, type HaulBooking } from '@corral/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderRoute, signInAs } from '../../../test/render-route.tsx';
import { BookingDialog } from './booking-dialog.tsx';
import { CHEYENNE, CODY, DRIVER, makeOffer } from './test-hauls.ts';

const api = fakeApi();
const M = HAUL_MESSAGES;
const HORSES = [
  { id: 1, name: 'Dually', coggins_on: null, health_certificate_on: null },
  { id: 2, name: 'Scooter', coggins_on: null, health_certificate_on: null },
];

const booking = (offer: ReturnType<typeof makeOffer>, changes: Partial<HaulBooking>): HaulBooking => ({
  id: 3,
  offer,
  rider: { ...DRIVER, id: 'member-1' },
  stalls: 2,
  horses: HORSES,
  pickup: CHEYENNE,
  pickup_address: null,
  phones: null,
  message: '',
  status: 'confirmed',
  expires_at: null,
  cancelled_by_me: null,
  cancel_reason: null,
  late: false,
  conversation_id: 9,
  checklist: [],
  my_review: null,
  their_review: null,
  can_review: false,
  created_at: '2026-11-25T12:00:00.000Z',
  ...changes,
});

function open(offer: ReturnType<typeof makeOffer>) {
  signInAs({ is_onboard: 1, verified: 1 });
  api.on('GET /me/horses', { status: 200, body: { data: HORSES } });
  api.on('GET /places', { status: 200, body: { data: [CODY], attribution: M.attribution } });
  return renderRoute(<BookingDialog offer={offer} near={CHEYENNE} open onOpenChange={() => {}} />, { path: '/e' });
}

describe('Book stalls', () => {
  it('books an instant offer: stalls, horses, the Near place as pickup; then Booked, the conversation and the booking', async () => {
    const offer = makeOffer({ booking_mode: 'instant' });
    api.on('POST /haul/offers/21/bookings', { status: 201, body: { data: booking(offer, {}) } });
    const user = userEvent.setup();
    open(offer);

    await user.click(await screen.findByRole('checkbox', { name: 'Dually' }));
    await user.click(screen.getByRole('checkbox', { name: 'Scooter' }));
    expect(screen.getByRole('link', { name: 'Add or edit your horses' }).getAttribute('href')).toBe(
      '/social_home/hauling/horses',
    );
    // Two horses in one stall: at most one horse per stall.
    await user.click(screen.getByRole('button', { name: 'Book now' }));
    expect(await screen.findByText(M.horsesMoreThanStalls)).toBeTruthy();
    // More stalls than are free.
    await user.clear(screen.getByLabelText('Stalls'));
    await user.type(screen.getByLabelText('Stalls'), '4');
    await user.click(screen.getByRole('button', { name: 'Book now' }));
    expect(await screen.findByText(M.notEnoughStalls)).toBeTruthy();
    expect(api.callsTo('POST /haul/offers/21/bookings')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Stalls'));
    await user.type(screen.getByLabelText('Stalls'), '2');
    await user.type(screen.getByLabelText('Pickup address'), '12 Corral Rd');
    await user.type(screen.getByLabelText('Message to the driver'), 'Two geldings, both easy loaders.');
    await user.click(screen.getByRole('button', { name: 'Book now' }));

    expect(await screen.findByRole('dialog', { name: 'Booked' })).toBeTruthy();
    expect(api.callsTo('POST /haul/offers/21/bookings')[0]?.body).toEqual({
      stalls: 2,
      horse_ids: [1, 2],
      pickup_place_id: CHEYENNE.id,
      pickup_address: '12 Corral Rd',
      message: 'Two geldings, both easy loaders.',
    });
    expect(screen.getByRole('link', { name: 'Message the driver' }).getAttribute('href')).toBe(
      '/social_home/messages/9',
    );
    expect(screen.getByRole('link', { name: 'See the booking' }).getAttribute('href')).toBe(
      '/social_home/hauling/bookings/3',
    );
  });

  it('sends a request on a request-mode offer, and shows a refusal in the form', async () => {
    const offer = makeOffer({ booking_mode: 'request' });
    let answer: { status: number; body: unknown } = {
      status: 422,
      body: { message: M.pickupTooFar, errors: { pickup_place_id: [M.pickupTooFar] } },
    };
    api.on('POST /haul/offers/21/bookings', () => answer);
    const user = userEvent.setup();
    open(offer);
    await user.click(await screen.findByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(M.pickupTooFar)).toBeTruthy();

    answer = { status: 201, body: { data: booking(offer, { status: 'requested', stalls: 1, horses: [] }) } };
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('dialog', { name: 'Request sent' })).toBeTruthy();
    expect(screen.getByText('Tuf Cooper will accept or decline your request.')).toBeTruthy();
  });
});
