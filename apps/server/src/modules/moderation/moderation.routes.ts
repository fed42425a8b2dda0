import {
  API_PATHS,
  appealCreatedResponseSchema,
  appealCreateSchema,
  auditQuerySchema,
  auditResponseSchema,
  errorResponseSchema,
  itemIdParamsSchema,
  memberRoleParamsSchema,
  memberRoleResponseSchema,
  moderationActionRequestSchema,
  moderationCaseResponseSchema,
  moderationMembersQuerySchema,
  moderationMembersResponseSchema,
  moderationQueueQuerySchema,
  moderationQueueResponseSchema,
  okResponseSchema,
  reportCreatedResponseSchema,
  reportCreateSchema,
  reportRequestSchema,
  standingResponseSchema,
  suspensionAppealSchema,
} from '@corral/contract';
import { routeGroup, viewerOf } from '../../lib/access.ts';
import { auditLog, findMembers, setRole } from './admin.service.ts';
import { decide, getCase, listCases } from './moderation.service.ts';
import { report, reportPost } from './reports.service.ts';
import { appeal, appealSuspension, standing } from './standing.service.ts';

const tags = ['moderation'];
const errors = { '4xx': errorResponseSchema };
const byId = { params: itemIdParamsSchema };

/** Members report posts, events, comments and members (and, as the web always has, a post by its own route). */
export const reportRoutes = routeGroup('member', async (app) => {
  const { ctx } = app;
  app.post(
    API_PATHS.reports,
    {
      schema: {
        tags,
        summary: 'Report a post, event, comment or member',
        body: reportCreateSchema,
        response: { 200: reportCreatedResponseSchema, ...errors },
      },
    },
    async (request) => report(ctx, viewerOf(request), request.body),
  );
  app.post(
    API_PATHS.postReport.pattern,
    {
      schema: {
        tags: ['posts'],
        summary: 'Report a post or event',
        ...byId,
        body: reportRequestSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => reportPost(ctx, viewerOf(request), request.params.id, request.body),
  );
});

/** A member's own standing, and their appeals. */
export const standingRoutes = routeGroup('signed-in', async (app) => {
  const { ctx } = app;
  app.get(
    API_PATHS.meStanding,
    {
      schema: {
        tags,
        summary: 'The member’s suspension, and the warnings, removals and suspensions about them',
        response: { 200: standingResponseSchema, ...errors },
      },
    },
    async (request) => standing(ctx, viewerOf(request)),
  );
  app.post(
    API_PATHS.appeals,
    {
      schema: {
        tags,
        summary: 'Appeal a warning, removal or suspension, once',
        body: appealCreateSchema,
        response: { 200: appealCreatedResponseSchema, ...errors },
      },
    },
    async (request) => appeal(ctx, viewerOf(request), request.body),
  );
});

/** A suspended member's appeal of the suspension: no session (they cannot sign in), the sign-in's token instead. */
export const suspensionAppealRoutes = routeGroup('guest', async (app) => {
  const { ctx } = app;
  app.post(
    API_PATHS.appealSuspension,
    {
      schema: {
        tags,
        summary: 'Appeal one’s suspension, once, with the token a refused sign-in answered',
        body: suspensionAppealSchema,
        response: { 200: appealCreatedResponseSchema, ...errors },
      },
    },
    async (request) => appealSuspension(ctx, request.body),
  );
});

/** The queue and its decisions: moderators and admins. Anyone else gets the answer of a missing route. */
export const moderatorRoutes = routeGroup('moderator', async (app) => {
  const { ctx } = app;
  app.get(
    API_PATHS.moderationReports,
    {
      schema: {
        tags,
        summary: 'The moderation queue: open cases (most reporters, then oldest) or resolved ones',
        querystring: moderationQueueQuerySchema,
        response: { 200: moderationQueueResponseSchema, ...errors },
      },
    },
    async (request) => listCases(ctx, viewerOf(request), request.query),
  );
  app.get(
    API_PATHS.moderationReport.pattern,
    {
      schema: { tags, summary: 'One case', ...byId, response: { 200: moderationCaseResponseSchema, ...errors } },
    },
    async (request) => ({ data: await getCase(ctx, viewerOf(request), request.params.id) }),
  );
  app.post(
    API_PATHS.moderationReportActions.pattern,
    {
      schema: {
        tags,
        summary: 'Decide a case: dismiss, remove, warn, suspend, ban, restore or lift',
        ...byId,
        body: moderationActionRequestSchema,
        response: { 200: moderationCaseResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await decide(ctx, viewerOf(request), request.params.id, request.body) }),
  );
});

/** The audit log and roles: admins only. Anyone else gets the answer of a missing route. */
export const adminRoutes = routeGroup('admin', async (app) => {
  const { ctx } = app;
  app.get(
    API_PATHS.moderationAudit,
    {
      schema: {
        tags,
        summary: 'The audit log, newest first',
        querystring: auditQuerySchema,
        response: { 200: auditResponseSchema, ...errors },
      },
    },
    async (request) => auditLog(ctx, request.query),
  );
  app.get(
    API_PATHS.moderationMembers,
    {
      schema: {
        tags,
        summary: 'Staff, or members matching a name or email, with their roles',
        querystring: moderationMembersQuerySchema,
        response: { 200: moderationMembersResponseSchema, ...errors },
      },
    },
    async (request) => findMembers(ctx, request.query.q),
  );
  app.put(
    API_PATHS.moderationMemberRole.pattern,
    {
      schema: {
        tags,
        summary: 'Give a member a role (the role is in the path; there is no body)',
        params: memberRoleParamsSchema,
        response: { 200: memberRoleResponseSchema, ...errors },
      },
    },
    async (request) => setRole(ctx, viewerOf(request), request.params.id, request.params.role),
  );
});
