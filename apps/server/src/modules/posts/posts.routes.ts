import {
  API_PATHS,
  commentParamsSchema,
  commentResponseSchema,
  commentsResponseSchema,
  createCommentRequestSchema,
  createPostFieldsSchema,
  cursorQuerySchema,
  editCommentRequestSchema,
  editPostRequestSchema,
  itemIdParamsSchema,
  itemResponseSchema,
  likeResponseSchema,
  okResponseSchema,
  revisionsResponseSchema,
  shareRequestSchema,
} from '@corral/contract';
import { routeGroup, viewerOf } from '../../lib/access.ts';
import { imageQueue } from '../media/image-queue.ts';
import { readImageForm, registerImageForms } from '../media/media.multipart.ts';
import { addComment, listComments } from './comments.service.ts';
import { commentRevisions, deleteComment, editComment, editPost, postRevisions } from './edits.service.ts';
import { createPost, deletePost, getItem, shareItem, toggleLike } from './posts.service.ts';

const tags = ['posts'];

export const postsRoutes = routeGroup('member', async (app) => {
  await registerImageForms(app);

  app.post(
    API_PATHS.posts,
    { schema: { tags, consumes: ['multipart/form-data'], response: { 200: itemResponseSchema } } },
    async (request) => {
      const viewer = viewerOf(request);
      const { fields, files } = await readImageForm(request, createPostFieldsSchema);
      const create = () => createPost(app.ctx, viewer, { title: fields.title, files });
      // A post with photos holds a place in the image queue while they are processed, or is refused with 503.
      return { data: await (files.length > 0 ? imageQueue.withPlace(create) : create()) };
    },
  );

  const byId = { params: itemIdParamsSchema };
  app.get(
    API_PATHS.post.pattern,
    { schema: { tags, ...byId, response: { 200: itemResponseSchema } } },
    async (request) => ({
      data: await getItem(app.ctx, viewerOf(request), request.params.id),
    }),
  );
  app.delete(
    API_PATHS.post.pattern,
    { schema: { tags, ...byId, response: { 200: okResponseSchema } } },
    async (request) => {
      await deletePost(app.ctx, viewerOf(request), request.params.id);
      return { status: true as const };
    },
  );
  app.patch(
    API_PATHS.post.pattern,
    { schema: { tags, ...byId, body: editPostRequestSchema, response: { 200: itemResponseSchema } } },
    async (request) => ({
      data: await editPost(app.ctx, viewerOf(request), request.params.id, request.body.title),
    }),
  );
  app.get(
    API_PATHS.postRevisions.pattern,
    { schema: { tags, ...byId, response: { 200: revisionsResponseSchema } } },
    async (request) => ({ data: await postRevisions(app.ctx, viewerOf(request), request.params.id) }),
  );

  const commentById = { params: commentParamsSchema };
  app.patch(
    API_PATHS.comment.pattern,
    { schema: { tags, ...commentById, body: editCommentRequestSchema, response: { 200: commentResponseSchema } } },
    async (request) => ({
      data: await editComment(app.ctx, viewerOf(request), request.params.id, request.body.text),
    }),
  );
  app.delete(
    API_PATHS.comment.pattern,
    { schema: { tags, ...commentById, response: { 200: okResponseSchema } } },
    async (request) => {
      await deleteComment(app.ctx, viewerOf(request), request.params.id);
      return { status: true as const };
    },
  );
  app.get(
    API_PATHS.commentRevisions.pattern,
    { schema: { tags, ...commentById, response: { 200: revisionsResponseSchema } } },
    async (request) => ({ data: await commentRevisions(app.ctx, viewerOf(request), request.params.id) }),
  );
  app.post(
    API_PATHS.postLike.pattern,
    { schema: { tags, ...byId, response: { 200: likeResponseSchema } } },
    async (request) => toggleLike(app.ctx, viewerOf(request), request.params.id),
  );
  app.get(
    API_PATHS.postComments.pattern,
    {
      schema: {
        tags,
        ...byId,
        querystring: cursorQuerySchema,
        response: { 200: commentsResponseSchema },
      },
    },
    async (request) => listComments(app.ctx, viewerOf(request), request.params.id, request.query.cursor),
  );
  app.post(
    API_PATHS.postComments.pattern,
    { schema: { tags, ...byId, body: createCommentRequestSchema, response: { 200: commentResponseSchema } } },
    async (request) => ({
      data: await addComment(app.ctx, viewerOf(request), request.params.id, request.body.text),
    }),
  );
  app.post(
    API_PATHS.postShare.pattern,
    { schema: { tags, ...byId, body: shareRequestSchema.nullish(), response: { 200: itemResponseSchema } } },
    async (request) => ({
      data: await shareItem(app.ctx, viewerOf(request), request.params.id, request.body?.comment),
    }),
  );
});
