import {
  API_PATHS,
  errorResponseSchema,
  memberParamsSchema,
  meResponseSchema,
  PROFILE_MESSAGES,
  pagedFeedSchema,
  pageQuerySchema,
  profileCountsSchema,
  profileSchema,
  updateMeRequestSchema,
} from '@corral/contract';
import { routeGroup, viewerOf } from '../../lib/access.ts';
import { imageQueue } from '../media/image-queue.ts';
import { readOneImage, registerImageForms } from '../media/media.multipart.ts';
import { me, memberItems, profile, profileCounts, updateMe, uploadAvatar } from './profiles.service.ts';

const tags = ['profiles'];
const errors = { '4xx': errorResponseSchema };

/** Members' profiles: GET /users/:id, /user/get/:id, /user/posts-and-events/:id, PATCH /me, POST /me/avatar. */
export const profilesRoutes = routeGroup('member', async (app) => {
  await registerImageForms(app);
  const byId = { params: memberParamsSchema };

  app.get(
    API_PATHS.user.pattern,
    {
      schema: {
        tags,
        summary: "A member's profile: who they are, the viewer's friendship status, counts when allowed",
        ...byId,
        response: { 200: profileSchema, ...errors },
      },
    },
    (request) => profile(app.ctx, viewerOf(request), request.params.id),
  );

  app.get(
    API_PATHS.userCounts.pattern,
    {
      schema: {
        tags,
        summary: "A member's counts: events, friends, mutual friends (404 when the viewer may not see them)",
        ...byId,
        response: { 200: profileCountsSchema, ...errors },
      },
    },
    (request) => profileCounts(app.ctx, viewerOf(request), request.params.id),
  );

  app.get(
    API_PATHS.userPosts.pattern,
    {
      schema: {
        tags,
        summary: "A member's own posts, events and shares, newest first, 10 a page",
        ...byId,
        querystring: pageQuerySchema,
        response: { 200: pagedFeedSchema, ...errors },
      },
    },
    (request) => memberItems(app.ctx, viewerOf(request), request.params.id, request.query),
  );

  app.get(
    API_PATHS.me,
    {
      schema: {
        tags,
        summary: 'Your own settings: names, whether your account is private, who may message you',
        response: { 200: meResponseSchema, ...errors },
      },
    },
    async (request) => me(viewerOf(request)),
  );

  app.patch(
    API_PATHS.me,
    {
      schema: {
        tags,
        summary: 'Change your names or whether your account is private',
        body: updateMeRequestSchema,
        response: { 200: meResponseSchema, ...errors },
      },
    },
    (request) => updateMe(app.ctx, viewerOf(request), request.body),
  );

  app.post(
    API_PATHS.meAvatar,
    {
      schema: {
        tags,
        summary: 'Set your profile photo (multipart, one image)',
        consumes: ['multipart/form-data'],
        response: { 200: meResponseSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const bytes = await readOneImage(request, {
        missing: PROFILE_MESSAGES.avatarMissing,
        tooMany: PROFILE_MESSAGES.avatarOnlyOne,
      });
      // The photo holds a place in the image queue while it is processed, or is refused with 503.
      return imageQueue.withPlace(() => uploadAvatar(app.ctx, viewer, bytes));
    },
  );
});
