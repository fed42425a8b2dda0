import {
  API_PATHS,
  commentResponseSchema,
  commentsResponseSchema,
  createCommentRequestSchema,
  FEED_MESSAGES,
  itemIdParamsSchema,
  itemResponseSchema,
  LIMITS,
  likeResponseSchema,
  okResponseSchema,
  reportRequestSchema,
  shareRequestSchema,
} from '@corral/contract';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { routeGroup, viewerOf } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { addComment, listComments } from './comments.service.ts';
import { createPost, deletePost, getItem, reportItem, shareItem, toggleLike } from './posts.service.ts';

const tags = ['posts'];

export const postsRoutes = routeGroup('member', async (app) => {
  // One more file than allowed, so the 11th is refused with our own message rather than a generic one.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: LIMITS.imageMaxBytes + 1, files: LIMITS.postImagesMax + 1, fields: 5, fieldSize: 64 * 1024 },
  });

  app.post(
    API_PATHS.posts,
    { schema: { tags, consumes: ['multipart/form-data'], response: { 200: itemResponseSchema } } },
    async (request) => {
      const viewer = viewerOf(request);
      if (!request.isMultipart()) throw new AppError(415, 'Send the post as multipart/form-data.');
      let title = '';
      const files: Buffer[] = [];
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (part.fieldname === 'title') title = String(part.value);
          continue;
        }
        if (files.length === LIMITS.postImagesMax)
          throw new AppError(422, FEED_MESSAGES.tooManyImages, { images: [FEED_MESSAGES.tooManyImages] });
        const bytes = await part.toBuffer();
        if (part.file.truncated)
          throw new AppError(413, FEED_MESSAGES.imageTooLarge, { images: [FEED_MESSAGES.imageTooLarge] });
        files.push(bytes);
      }
      if (title.length > 5000) throw new AppError(422, 'The post is too long.', { title: ['The post is too long.'] });
      return { data: await createPost(app.ctx, viewer, { title, files }) };
    },
  );

  const byId = { params: itemIdParamsSchema };
  app.get('/posts/:id', { schema: { tags, ...byId, response: { 200: itemResponseSchema } } }, async (request) => ({
    data: await getItem(app.ctx, viewerOf(request), request.params.id),
  }));
  app.delete('/posts/:id', { schema: { tags, ...byId, response: { 200: okResponseSchema } } }, async (request) => {
    await deletePost(app.ctx, viewerOf(request), request.params.id);
    return { status: true as const };
  });
  app.post('/posts/:id/like', { schema: { tags, ...byId, response: { 200: likeResponseSchema } } }, async (request) =>
    toggleLike(app.ctx, viewerOf(request), request.params.id),
  );
  app.get(
    '/posts/:id/comments',
    {
      schema: {
        tags,
        ...byId,
        querystring: z.object({ cursor: z.string().max(200).optional() }),
        response: { 200: commentsResponseSchema },
      },
    },
    async (request) => listComments(app.ctx, viewerOf(request), request.params.id, request.query.cursor),
  );
  app.post(
    '/posts/:id/comments',
    { schema: { tags, ...byId, body: createCommentRequestSchema, response: { 200: commentResponseSchema } } },
    async (request) => ({
      data: await addComment(app.ctx, viewerOf(request), request.params.id, request.body.text),
    }),
  );
  app.post(
    '/posts/:id/share',
    { schema: { tags, ...byId, body: shareRequestSchema.optional(), response: { 200: itemResponseSchema } } },
    async (request) => ({
      data: await shareItem(app.ctx, viewerOf(request), request.params.id, request.body?.comment),
    }),
  );
  app.post(
    '/posts/:id/report',
    { schema: { tags, ...byId, body: reportRequestSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      await reportItem(app.ctx, viewerOf(request), request.params.id, request.body);
      return { status: true as const, message: FEED_MESSAGES.reportSubmitted(request.body.reason) };
    },
  );
});
