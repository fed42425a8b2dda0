import {
  API_PATHS,
  CONVERSATION_LIMITS,
  CONVERSATION_MESSAGES,
  conversationIdParamsSchema,
  conversationResponseSchema,
  conversationsQuerySchema,
  conversationsResponseSchema,
  conversationWithParamsSchema,
  conversationWithResponseSchema,
  MESSAGES,
  messagesQuerySchema,
  messagesResponseSchema,
  okResponseSchema,
  readConversationRequestSchema,
  sendMessageRequestSchema,
  sendMessageResponseSchema,
  startConversationRequestSchema,
} from '@corral/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { routeGroup, viewerOf } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { imageQueue } from '../media/image-queue.ts';
import { type PhotoLimit, readImageForm, registerImageForms } from '../media/media.multipart.ts';
import {
  acceptRequest,
  conversationWith,
  deleteMessage,
  listConversations,
  listMessages,
  markRead,
  removeConversation,
  type SendOutcome,
  sendMessage,
  startConversation,
} from './conversations.service.ts';

const tags = ['conversations'];

const MESSAGE_PHOTOS: PhotoLimit = {
  max: CONVERSATION_LIMITS.photosMax,
  field: 'photos',
  tooMany: CONVERSATION_MESSAGES.tooManyPhotos,
};

/**
 * A message's fields and photos: JSON (validated by the route's schema) or a multipart form with up to
 * `photosMax` photos (validated by the same schema once read).
 */
async function readMessage<Schema extends z.ZodType>(
  request: FastifyRequest,
  schema: Schema,
): Promise<{ fields: z.output<Schema>; files: Buffer[] }> {
  if (request.isMultipart()) return readImageForm(request, schema, MESSAGE_PHOTOS);
  // Without a body the route's schema let nothing through to check: the fields are all missing.
  const parsed = schema.safeParse(request.body ?? {});
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path.join('.') || 'body';
      errors[field] = [...(errors[field] ?? []), issue.message];
    }
    throw new AppError(422, parsed.error.issues[0]?.message ?? MESSAGES.http.validation, errors);
  }
  return { fields: parsed.data, files: [] };
}

/** A send with photos holds a place in the image queue while they are processed, or is refused with 503. */
const withPhotos = (files: Buffer[], send: () => Promise<SendOutcome>) =>
  files.length > 0 ? imageQueue.withPlace(send) : send();

const sent = { 200: sendMessageResponseSchema, 201: sendMessageResponseSchema };
const consumes = ['application/json', 'multipart/form-data'];

/** Direct messages (docs/decisions/029-direct-messages.md). */
export const conversationsRoutes = routeGroup('member', async (app) => {
  await registerImageForms(app, { files: CONVERSATION_LIMITS.photosMax + 1 });

  app.get(
    API_PATHS.conversations,
    { schema: { tags, querystring: conversationsQuerySchema, response: { 200: conversationsResponseSchema } } },
    (request) => listConversations(app.ctx, viewerOf(request), request.query),
  );

  app.post(
    API_PATHS.conversations,
    { schema: { tags, consumes, body: startConversationRequestSchema.nullish(), response: sent } },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const { fields, files } = await readMessage(request, startConversationRequestSchema);
      const outcome = await withPhotos(files, () => startConversation(app.ctx, viewer, { ...fields, files }));
      return reply.code(outcome.created ? 201 : 200).send(outcome.answer);
    },
  );

  app.get(
    API_PATHS.conversationWith.pattern,
    { schema: { tags, params: conversationWithParamsSchema, response: { 200: conversationWithResponseSchema } } },
    (request) => conversationWith(app.ctx, viewerOf(request), request.params.user_id),
  );

  const byId = { params: conversationIdParamsSchema };
  app.get(
    API_PATHS.conversationMessages.pattern,
    { schema: { tags, ...byId, querystring: messagesQuerySchema, response: { 200: messagesResponseSchema } } },
    (request) => listMessages(app.ctx, viewerOf(request), request.params.id, request.query.cursor),
  );

  app.post(
    API_PATHS.conversationMessages.pattern,
    { schema: { tags, ...byId, consumes, body: sendMessageRequestSchema.nullish(), response: sent } },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const { fields, files } = await readMessage(request, sendMessageRequestSchema);
      const outcome = await withPhotos(files, () =>
        sendMessage(app.ctx, viewer, request.params.id, { ...fields, files }),
      );
      return reply.code(outcome.created ? 201 : 200).send(outcome.answer);
    },
  );

  app.post(
    API_PATHS.conversationRead.pattern,
    { schema: { tags, ...byId, body: readConversationRequestSchema, response: { 200: conversationResponseSchema } } },
    async (request) => ({
      data: await markRead(app.ctx, viewerOf(request), request.params.id, request.body.message_id),
    }),
  );

  app.post(
    API_PATHS.conversationAccept.pattern,
    { schema: { tags, ...byId, response: { 200: conversationResponseSchema } } },
    async (request) => ({ data: await acceptRequest(app.ctx, viewerOf(request), request.params.id) }),
  );

  app.delete(
    API_PATHS.conversation.pattern,
    { schema: { tags, ...byId, response: { 200: okResponseSchema } } },
    (request) => removeConversation(app.ctx, viewerOf(request), request.params.id),
  );

  app.delete(
    API_PATHS.message.pattern,
    { schema: { tags, ...byId, response: { 200: okResponseSchema } } },
    async (request) => {
      await deleteMessage(app.ctx, viewerOf(request), request.params.id);
      return { status: true as const };
    },
  );
});
