import { z } from 'zod';
import { pagedSchema } from './common.ts';
import { FEED_MESSAGES, REPORT_REASONS } from './feed.constants.ts';
import { feedUserSchema } from './feed.ts';
import {
  AUDIT_ACTIONS,
  MODERATION_ACTIONS,
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  REPORT_TARGET_TYPES,
  ROLES,
} from './moderation.constants.ts';

export const roleSchema = z.enum(ROLES);
export const reportTargetTypeSchema = z.enum(REPORT_TARGET_TYPES);
export const moderationActionSchema = z.enum(MODERATION_ACTIONS);
export const auditActionSchema = z.enum(AUDIT_ACTIONS);

/**
 * POST /reports: a post (or share), event, comment, member, direct message, or hauling offer, request or
 * review, with the spec's reasons and its 'Other' text. `target_id` is the item's, message's or hauling row's
 * number, or the member's id.
 */
export const reportCreateSchema = z
  .object({
    target_type: reportTargetTypeSchema,
    target_id: z.union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER), z.string().trim().min(1).max(64)]),
    reason: z.enum(REPORT_REASONS),
    text: z.string().trim().max(1000).optional(),
  })
  .strict()
  .refine((body) => body.reason !== 'Other' || Boolean(body.text), {
    path: ['text'],
    error: FEED_MESSAGES.reportOtherBlank,
  });
export type ReportCreate = z.input<typeof reportCreateSchema>;
export const reportCreatedResponseSchema = z.object({
  status: z.literal(true),
  message: z.string(),
  report_id: z.number().int(),
});

/** What a reporter wrote. */
export const caseReportSchema = z.object({
  id: z.number().int(),
  reason: z.string(),
  text: z.string().nullable(),
  weight: z.number(),
  created_at: z.string(),
  reporter: feedUserSchema,
});
export type CaseReport = z.infer<typeof caseReportSchema>;

/**
 * A message of a reported message's conversation, as the reporter saw it when they reported (ADR 029): a
 * deleted or removed one keeps its place with no body or photos; `sender` null for a deleted account.
 */
export const caseMessageSchema = z.object({
  id: z.number().int(),
  sender: feedUserSchema.nullable(),
  body: z.string(),
  /** Its photos' URLs (served while the message is live). */
  images: z.array(z.string()),
  state: z.enum(['sent', 'deleted', 'removed']),
  created_at: z.string(),
});
export type CaseMessage = z.infer<typeof caseMessageSchema>;

/**
 * A reported message's conversation around it: up to CONVERSATION_LIMITS.reportContext messages on each side
 * and the reported one (its id is the case item's `target_id`), oldest first.
 */
export const caseConversationSchema = z.object({
  conversation_id: z.number().int(),
  messages: z.array(caseMessageSchema),
});
export type CaseConversation = z.infer<typeof caseConversationSchema>;

/** The event of a reported hauling offer or request, as the board showed it. */
export const caseHaulEventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  from_date: z.string().nullable(),
  to_date: z.string().nullable(),
});

/** A place of a reported hauling offer or request: its name and region ('Cody, WY'). */
export const caseHaulPlaceSchema = z.object({ name: z.string(), region_code: z.string() });

/**
 * A reported hauling offer, request or review (ADR 030) as members saw it when first reported. An offer: its
 * event, origin, departure window and arrival, stalls, price and notes; a request: its event, origin, window,
 * horses and notes; a review: its rating and comment, and whom it is about (`subject`).
 */
export const caseHaulSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('offer'),
    event: caseHaulEventSchema,
    origin: caseHaulPlaceSchema,
    depart_from: z.string(),
    depart_until: z.string(),
    arrive_by: z.string(),
    stalls_total: z.number().int(),
    stalls_free: z.number().int(),
    stall_kind: z.string(),
    rate_type: z.string(),
    price: z.number().int(),
    price_unit: z.string(),
    visibility: z.string(),
    notes: z.string(),
  }),
  z.object({
    kind: z.literal('request'),
    event: caseHaulEventSchema,
    origin: caseHaulPlaceSchema,
    depart_from: z.string(),
    depart_until: z.string(),
    horses: z.number().int(),
    visibility: z.string(),
    notes: z.string(),
  }),
  z.object({
    kind: z.literal('review'),
    booking_id: z.number().int(),
    rating: z.number().int(),
    comment: z.string(),
    subject: feedUserSchema,
  }),
]);
export type CaseHaul = z.infer<typeof caseHaulSchema>;

/**
 * The reported thing as members saw it when first reported (kept, so a moderator sees it after an edit, a
 * hold, a removal or a deletion), and how it stands now. A message: `text` its body, `images` its photos,
 * `author` its sender, `conversation` the messages around it.
 */
export const caseItemSchema = z.object({
  target_type: reportTargetTypeSchema,
  /** The post, event, comment or message number, or the member's id. */
  target_id: z.string(),
  /** For a comment: the item it is on. */
  post_id: z.number().int().nullable(),
  title: z.string().nullable(),
  text: z.string().nullable(),
  images: z.array(z.string()),
  created_at: z.string().nullable(),
  author: feedUserSchema,
  /** Now: live, held for review, removed by a moderator, deleted by its author. */
  state: z.enum(['live', 'held', 'removed', 'deleted']),
  /** Its text now, when edited since the report. */
  current_text: z.string().nullable(),
  /** For a message: its conversation around it, as the reporter saw it; null for anything else. */
  conversation: caseConversationSchema.nullable(),
  /** For a hauling offer, request or review: what members saw of it; null for anything else. */
  haul: caseHaulSchema.nullable(),
});
export type CaseItem = z.infer<typeof caseItemSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  case_id: z.number().int().nullable(),
  action: auditActionSchema,
  /** Null for the automatic hold. */
  actor: z.object({ id: z.string().nullable(), name: z.string() }),
  subject: z.object({ id: z.string(), name: z.string() }),
  target_type: reportTargetTypeSchema,
  target_id: z.string(),
  reason: z.string(),
  note: z.string().nullable(),
  until: z.string().nullable(),
  role: roleSchema.nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const appealSchema = z.object({
  id: z.number().int(),
  action_id: z.number().int(),
  action: moderationActionSchema,
  text: z.string(),
  status: z.enum(['open', 'granted', 'denied']),
  created_at: z.string(),
});
export type Appeal = z.infer<typeof appealSchema>;

/** The author's (or reported member's) record, for the moderator deciding. */
export const subjectHistorySchema = z.object({
  member: feedUserSchema.extend({
    role: roleSchema,
    suspended_until: z.string().nullable(),
    joined_at: z.string(),
  }),
  /** Reports against them, ever, and how many were upheld. */
  reports_against: z.number().int(),
  upheld: z.number().int(),
  /** The latest actions taken about them, newest first. */
  actions: z.array(auditEntrySchema),
});

/** One row of the queue: one reported item, all its reports. */
export const moderationCaseSchema = z.object({
  id: z.number().int(),
  status: z.enum(['open', 'resolved']),
  target_type: reportTargetTypeSchema,
  /** Distinct reporters, and their summed weight (held at the configured number). */
  reporters: z.number().int(),
  weight: z.number(),
  held: z.boolean(),
  first_reported_at: z.string(),
  last_reported_at: z.string(),
  resolved_at: z.string().nullable(),
  resolution: moderationActionSchema.nullable(),
  item: caseItemSchema,
  reports: z.array(caseReportSchema),
  subject: subjectHistorySchema,
  /** An open appeal that reopened this case, and the action it appeals. */
  appeal: appealSchema.nullable(),
  /** What a moderator may do now (e.g. `lift` only while the member is suspended). */
  available_actions: z.array(moderationActionSchema),
});
export type ModerationCase = z.infer<typeof moderationCaseSchema>;

export const moderationQueueQuerySchema = z.object({
  status: z.enum(['open', 'resolved']).default('open'),
  cursor: z.string().max(1000).optional(),
});
export const moderationQueueResponseSchema = pagedSchema(moderationCaseSchema);
export type ModerationQueueResponse = z.infer<typeof moderationQueueResponseSchema>;
export const moderationCaseResponseSchema = z.object({ data: moderationCaseSchema });

/** POST /moderation/reports/{id}/actions. `until` (ISO date-time) only and always for `suspend`. */
export const moderationActionRequestSchema = z
  .object({
    action: moderationActionSchema,
    reason: z.string().trim().min(1, { error: MODERATION_MESSAGES.reasonRequired }).max(MODERATION_LIMITS.reasonMax),
    note: z.string().trim().max(MODERATION_LIMITS.noteMax).optional(),
    until: z.iso.datetime({ offset: true }).optional(),
  })
  .strict()
  .refine((body) => body.action !== 'suspend' || body.until !== undefined, {
    path: ['until'],
    error: MODERATION_MESSAGES.suspendUntilRequired,
  });
export type ModerationActionRequest = z.input<typeof moderationActionRequestSchema>;

export const auditQuerySchema = z.object({ cursor: z.string().max(1000).optional() });
export const auditResponseSchema = pagedSchema(auditEntrySchema);
export type AuditResponse = z.infer<typeof auditResponseSchema>;

/** GET /moderation/members?q=: admins find members by name or email, with their roles (staff first when q is empty). */
export const moderationMembersQuerySchema = z.object({ q: z.string().trim().max(100).optional() });
export const staffMemberSchema = feedUserSchema.extend({ email: z.string(), role: roleSchema });
export const moderationMembersResponseSchema = z.object({ data: z.array(staffMemberSchema) });
export const memberRoleParamsSchema = z.object({ id: z.string().min(1).max(64), role: roleSchema });
/** PUT /moderation/members/{id}/role/{role}: the member with the role they now have. */
export const memberRoleResponseSchema = z.object({ data: staffMemberSchema });
export type StaffMember = z.infer<typeof staffMemberSchema>;
export type ModerationMembersResponse = z.infer<typeof moderationMembersResponseSchema>;
export type MemberRoleResponse = z.infer<typeof memberRoleResponseSchema>;

/** GET /me/standing: what a member is told about actions taken against them. */
export const standingNoticeSchema = z.object({
  action_id: z.number().int(),
  action: z.enum(['warn', 'remove', 'suspend']),
  reason: z.string(),
  note: z.string().nullable(),
  until: z.string().nullable(),
  created_at: z.string(),
  /** What it was about, as the member wrote it (a removed post's title, a comment's text). */
  excerpt: z.string().nullable(),
  appeal: appealSchema.nullable(),
  can_appeal: z.boolean(),
});
export type StandingNotice = z.infer<typeof standingNoticeSchema>;
export const standingResponseSchema = z.object({
  suspended_until: z.string().nullable(),
  notices: z.array(standingNoticeSchema),
});
export type StandingResponse = z.infer<typeof standingResponseSchema>;

export const appealCreateSchema = z
  .object({
    action_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    text: z.string().trim().min(1, { error: MODERATION_MESSAGES.appealRequired }).max(MODERATION_LIMITS.appealMax),
  })
  .strict();
export type AppealCreate = z.input<typeof appealCreateSchema>;
/** POST /appeals: received (MODERATION_MESSAGES.appealReceived), with the appeal as it now stands. */
export const appealCreatedResponseSchema = z.object({
  status: z.literal(true),
  message: z.string(),
  appeal: appealSchema,
});

/**
 * POST /appeals/suspension: a suspended member's appeal of the suspension, without a session (they cannot sign
 * in): the `appeal_token` their refused sign-in answered stands for them and the suspension, for an hour.
 */
export const suspensionAppealSchema = z
  .object({
    token: z.string().min(1).max(MODERATION_LIMITS.appealTokenMax),
    text: appealCreateSchema.shape.text,
  })
  .strict();
export type SuspensionAppeal = z.input<typeof suspensionAppealSchema>;

/**
 * POST /login by a suspended member with the right password: 403 with this body, so the sign-in screen can say
 * why and until when, and take their appeal of the suspension (`appeal_token`, while it is not appealed yet;
 * `appeal_status` once it is). Wrong passwords still get the one 'Invalid Credential' answer.
 */
export const suspendedResponseSchema = z.object({
  message: z.string(),
  code: z.literal('suspended'),
  suspended_until: z.string(),
  reason: z.string(),
  appeal_token: z.string().nullable(),
  appeal_status: z.enum(['open', 'granted', 'denied']).nullable(),
});
export type SuspendedResponse = z.infer<typeof suspendedResponseSchema>;
