// @vitest-environment jsdom
import { HAUL_MESSAGES } from '@corral/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderRoute, signInAs } from '../../../test/render-route.tsx';
import { booking, DRIVER, offer, RIDER } from '../api/test-bookings.ts';
import { BookingPage } from './booking-page.tsx';

const api = fakeApi();

beforeEach(() => {
  signInAs({ id: 'member-1', is_onboard: 1, verified: 1 });
});

const open = (id = 11) => renderRoute(<BookingPage />, { path: '/bookings/:id', url: `/bookings/${id}` });

describe('A booking', () => {
  test('the driver accepts a request: the address and phones show, and the papers are flagged', async () => {
    const asked = booking({
      offer: offer({ is_mine: true, driver: RIDER }),
      rider: DRIVER,
      expires_at: new Date(Date.now() + 5.5 * 3_600_000).toISOString(),
    });
    api.on('GET /haul/bookings/11', { status: 200, body: { data: asked } });
    api.on('POST /haul/bookings/11/accept', {
      status: 200,
      body: {
        data: {
          ...asked,
          status: 'confirmed',
          expires_at: null,
          pickup_address: '12 Main St, Sheridan',
          phones: { driver: '+13075550100', rider: '+13075550111' },
        },
      },
    });
    open();
    expect(await screen.findByRole('heading', { name: 'Haul to Cody Stampede' })).toBeTruthy();
    expect(screen.getByText('Expires in 5 hours unless you answer.')).toBeTruthy();
    expect(screen.getByText('Waiting for your answer')).toBeTruthy();
    expect(screen.getByText('Health certificate: older than 30 days')).toBeTruthy();
    expect(screen.getByText('1 horse needs papers before the haul.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the conversation' }).getAttribute('href')).toBe(
      '/social_home/messages/99',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('12 Main St, Sheridan')).toBeTruthy();
    expect(screen.getByRole('link', { name: '+13075550111' }).getAttribute('href')).toBe('tel:+13075550111');
    expect(screen.getAllByText('Confirmed').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  test('the rider cancels late: warned that it shows on the profile, the reason is sent', async () => {
    const confirmed = booking({
      status: 'confirmed',
      offer: offer({ depart_from: new Date(Date.now() + 24 * 3_600_000).toISOString() }),
    });
    api.on('GET /haul/bookings/11', { status: 200, body: { data: confirmed } });
    api.on('POST /haul/bookings/11/cancel', {
      status: 200,
      body: {
        data: { ...confirmed, status: 'cancelled', cancelled_by_me: true, late: true, cancel_reason: 'Lame horse' },
      },
    });
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(within(dialog).getByText(/this is a late cancellation, and it shows on your profile/)).toBeTruthy();
    // Without a reason it asks for one, and sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await within(dialog).findByText(HAUL_MESSAGES.cancelReasonRequired)).toBeTruthy();
    expect(api.callsTo('POST /haul/bookings/11/cancel')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason'), 'Lame horse');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByText('You cancelled late (within 48 hours of departure): “Lame horse”')).toBeTruthy();
    expect(api.callsTo('POST /haul/bookings/11/cancel')[0]?.body).toEqual({ reason: 'Lame horse' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  test('a completed haul is reviewed with stars (a radio group); their review waits', async () => {
    const done = booking({ status: 'completed', can_review: true });
    api.on('GET /haul/bookings/11', { status: 200, body: { data: done } });
    api.on('POST /haul/bookings/11/review', (call) => ({
      status: 200,
      body: {
        data: {
          ...done,
          can_review: false,
          my_review: {
            ...(call.body as { rating: number; comment: string }),
            author: RIDER,
            created_at: '2027-07-05T10:00:00.000Z',
          },
        },
      },
    }));
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send review' }));
    expect(await screen.findByText(HAUL_MESSAGES.ratingRange)).toBeTruthy();
    expect(api.callsTo('POST /haul/bookings/11/review')).toHaveLength(0);
    const stars = screen.getByRole('group', { name: 'How was the haul with Cody Braddock?' });
    await user.click(within(stars).getByRole('radio', { name: '4 stars' }));
    await user.type(screen.getByLabelText('Comment (optional)'), 'On time, kind to the horses.');
    await user.click(screen.getByRole('button', { name: 'Send review' }));
    expect(await screen.findByText('Your review')).toBeTruthy();
    expect(screen.getByText('4 of 5 stars')).toBeTruthy();
    expect(api.callsTo('POST /haul/bookings/11/review')[0]?.body).toEqual({
      rating: 4,
      comment: 'On time, kind to the horses.',
    });
    expect(screen.getByText('Their review shows once you both have reviewed, or 14 days after the haul.')).toBeTruthy();
  });

  test('a booking that is not there says so; a failure offers to try again', async () => {
    api.on('GET /haul/bookings/11', { status: 404, body: { message: HAUL_MESSAGES.bookingNotFound } });
    const first = open();
    expect(await screen.findByRole('heading', { name: 'Booking not found' })).toBeTruthy();
    first.unmount();
    api.on('GET /haul/bookings/11', { status: 503, body: { message: 'Try again later.' } });
    open();
    expect((await screen.findByRole('alert')).textContent).toContain('Try again later.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
