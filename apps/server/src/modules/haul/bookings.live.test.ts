import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, booked, eventInDenver, insertOffer, insertPlaces } from '../../../test/fixtures/bookings.fixtures.ts';
import { setUpMembers } from '../../../test/fixtures/profiles.fixtures.ts';
import { openStream } from '../../../test/sse-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * What the members' streams hear of a booking (ADR 030, "Notifications and live updates"): the booking's
 * message in the pair's conversation, the other side's notification, and `haul_booking` to both sides.
 */

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ env: { SEED_PLACES: 'true' } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await insertPlaces(t.app);
});
type Stream = Awaited<ReturnType<typeof openStream>>;
const streams: Stream[] = [];
async function streamOf(token: string) {
  const stream = await openStream(base, token);
  streams.push(stream);
  await stream.next('ready');
  return stream;
}
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
});

describe('live events of bookings', () => {
  it('a request reaches the driver as a message, a notification and haul_booking; the answer reaches both', async () => {
    const [driver, rider] = await setUpMembers(t.app, 2);
    const eventId = await eventInDenver(t.app, driver);
    const offerId = await insertOffer(t.app, driver, eventId, { mode: 'request' });
    const [driverTab, riderTab] = [await streamOf(driver.token), await streamOf(rider.token)];

    const booking = await booked(t.app, rider, offerId, { stalls: 1, message: 'Room for one?' });
    const message = (await driverTab.next('message')).event;
    expect(message.message).toMatchObject({ body: 'Room for one?', sender_id: rider.user.id });
    expect(message.conversation).toMatchObject({ id: booking.conversation_id });
    const notice = (await driverTab.next('notification')).event;
    expect(notice.notification).toMatchObject({ kind: 'haul_booking', haul_booking_id: booking.id });
    const requested = { type: 'haul_booking', booking: { id: booking.id, offer_id: offerId, status: 'requested' } };
    expect((await driverTab.next('haul_booking')).event).toEqual(requested);
    expect((await riderTab.next('haul_booking')).event).toEqual(requested);

    await act(t.app, driver, booking.id, 'accept');
    const confirmed = { type: 'haul_booking', booking: { id: booking.id, offer_id: offerId, status: 'confirmed' } };
    expect((await riderTab.next('notification')).event.notification.title).toMatch(/confirmed/);
    expect((await riderTab.next('haul_booking')).event).toEqual(confirmed);
    expect((await driverTab.next('haul_booking')).event).toEqual(confirmed);
  });
});
