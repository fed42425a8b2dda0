import {
  API_PATHS,
  cancelHaulBookingRequestSchema,
  createHaulBookingRequestSchema,
  haulBookingResponseSchema,
  haulIdParamsSchema,
  reviewHaulBookingRequestSchema,
} from '@corral/contract';
import { routeGroup, viewerOf } from '../../lib/access.ts';
import { acceptBooking, bookingOf, cancelBooking, createBooking, declineBooking } from './bookings.service.ts';
import { reviewBooking } from './reviews.service.ts';

const tags = ['haul'];
const params = haulIdParamsSchema;
const answer = { 200: haulBookingResponseSchema };

/** Bookings of the hauling board and their reviews (docs/decisions/030-hauling-board.md). */
export const bookingsRoutes = routeGroup('member', async (app) => {
  app.post(
    API_PATHS.haulOfferBookings.pattern,
    { schema: { tags, params, body: createHaulBookingRequestSchema, response: { 201: haulBookingResponseSchema } } },
    async (request, reply) => {
      const data = await createBooking(app.ctx, viewerOf(request), request.params.id, request.body);
      return reply.code(201).send({ data });
    },
  );

  app.get(API_PATHS.haulBooking.pattern, { schema: { tags, params, response: answer } }, async (request) => ({
    data: await bookingOf(app.ctx, viewerOf(request).user.id, request.params.id),
  }));

  app.post(API_PATHS.haulBookingAccept.pattern, { schema: { tags, params, response: answer } }, async (request) => ({
    data: await acceptBooking(app.ctx, viewerOf(request), request.params.id),
  }));

  app.post(API_PATHS.haulBookingDecline.pattern, { schema: { tags, params, response: answer } }, async (request) => ({
    data: await declineBooking(app.ctx, viewerOf(request), request.params.id),
  }));

  app.post(
    API_PATHS.haulBookingCancel.pattern,
    { schema: { tags, params, body: cancelHaulBookingRequestSchema, response: answer } },
    async (request) => ({
      data: await cancelBooking(app.ctx, viewerOf(request), request.params.id, request.body.reason),
    }),
  );

  app.post(
    API_PATHS.haulBookingReview.pattern,
    { schema: { tags, params, body: reviewHaulBookingRequestSchema, response: answer } },
    async (request) => ({
      data: await reviewBooking(app.ctx, viewerOf(request), request.params.id, request.body),
    }),
  );
});
