import {
  type CaseHaul,
  CONVERSATION_LIMITS,
  FEED_MESSAGES,
  HAUL_LIMITS,
  MESSAGES,
  MODERATION_MESSAGES,
  type OkResponse,
  type ReportCreate,
  type ReportRequest,
  type ReportTargetType,
} from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { visibleItem } from '../items/items.service.ts';
import { toImageMedia } from '../media/media.service.ts';
import { profile } from '../profiles/profiles.service.ts';
import { reachesHold } from './moderation.policy.ts';
import { insertAuditEntry } from './moderation.queries.ts';
import {
  type HaulOfferSnapshotRow,
  type HaulRequestSnapshotRow,
  holdCase,
  insertReport,
  joinOpenCase,
  linkReport,
  type ReportTarget,
  type Snapshot,
  selectHaulOfferSnapshot,
  selectHaulRequestSnapshot,
  selectHaulReviewSnapshot,
  selectItemSnapshot,
  selectMemberSnapshot,
  selectMessageContext,
  selectReportableMessage,
  selectVisibleComment,
} from './reports.queries.ts';

/*
 * Reports (docs/decisions/028-trust-and-safety.md): a member reports a post (or share), event, comment or member
 * they may see and did not write, once; or a direct message of one of their conversations (ADR 029). The report
 * joins the thing's open case, or opens one with a snapshot of the thing as members saw it; once the case's
 * reports weigh HOLD_REPORTERS, an item is held for review (a member or a message never is).
 */

const notFound = () => new AppError(404, MESSAGES.http.notFound);
const cannotReportOwn = () => new AppError(400, MODERATION_MESSAGES.cannotReportOwn);

/** The row number a post, event or comment report names (the contract takes a number or its digits). */
function rowId(targetId: number | string): number {
  const id = typeof targetId === 'number' ? targetId : /^\d{1,15}$/.test(targetId) ? Number(targetId) : 0;
  if (!Number.isSafeInteger(id) || id < 1) throw notFound();
  return id;
}

const authorOf = (row: { user_id: string; first_name: string; last_name: string; image: string | null }) => ({
  id: row.user_id,
  first_name: row.first_name,
  last_name: row.last_name,
  avatar: row.image,
});

interface Resolved {
  target: ReportTarget;
  snapshot: Snapshot;
  subjectName: string;
}

/**
 * A post, event or share the reporter may see (the items module's rule, which hides held, removed and blocked
 * things too), reported as what it is: `post` for a post or a share, `event` for an event (404 when the report
 * says otherwise; the post route's reports take the item's kind).
 */
async function resolveItem(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  said: ReportTargetType | null,
): Promise<Resolved> {
  const item = await visibleItem(ctx, viewer, id);
  const type = item.kind === 'event' ? 'event' : 'post';
  if (said !== null && said !== type) throw notFound();
  if (item.userId === viewer.user.id) throw cannotReportOwn();
  const row = await selectItemSnapshot(ctx.db, id);
  if (!row) throw notFound();
  // A share shows the sharer's words, or the original's when it has none, and the original's photos.
  const words = row.title ?? (row.kind === 'share' ? row.original_title : null);
  return {
    target: { type, postId: id, commentId: null, messageId: null, haulId: null, subjectId: row.user_id },
    snapshot: {
      kind: row.kind,
      title: row.kind === 'event' ? row.title : null,
      text: row.kind === 'event' ? null : words,
      images: row.images.map((image) => toImageMedia(ctx.storage, image).src),
      created_at: row.created_at,
      author: authorOf(row),
      post_id: null,
    },
    subjectName: `${row.first_name} ${row.last_name}`.trim(),
  };
}

/** A comment the reporter may see, on an item they may see. */
async function resolveComment(ctx: AppContext, viewer: Viewer, id: number): Promise<Resolved> {
  const row = await selectVisibleComment(ctx.db, viewer.user.id, id);
  if (!row) throw notFound();
  await visibleItem(ctx, viewer, Number(row.post_id));
  if (row.user_id === viewer.user.id) throw cannotReportOwn();
  return {
    target: {
      type: 'comment',
      postId: Number(row.post_id),
      commentId: id,
      messageId: null,
      haulId: null,
      subjectId: row.user_id,
    },
    snapshot: {
      kind: 'comment',
      title: null,
      text: row.text,
      images: [],
      created_at: row.created_at,
      author: authorOf(row),
      post_id: Number(row.post_id),
    },
    subjectName: `${row.first_name} ${row.last_name}`.trim(),
  };
}

/** A member others may find (the profiles module's rule: live, set up, not blocked either way). */
async function resolveMember(ctx: AppContext, viewer: Viewer, id: string): Promise<Resolved> {
  if (!/^[\w-]{1,64}$/.test(id)) throw notFound();
  await profile(ctx, viewer, id);
  if (id === viewer.user.id) throw cannotReportOwn();
  const row = await selectMemberSnapshot(ctx.db, id);
  if (!row) throw notFound();
  const name = `${row.first_name} ${row.last_name}`.trim();
  return {
    target: { type: 'user', postId: null, commentId: null, messageId: null, haulId: null, subjectId: id },
    snapshot: {
      kind: 'user',
      title: name,
      text: null,
      images: [],
      created_at: row.created_at,
      author: { id: row.id, first_name: row.first_name, last_name: row.last_name, avatar: row.image },
      post_id: null,
    },
    subjectName: name,
  };
}

/**
 * A message of one of the reporter's conversations, not cleared from their view, not deleted or removed, from a
 * live account (404 otherwise, as if missing), by the other member (400 for one's own). The snapshot keeps it
 * with the messages around it as the reporter sees them, so moderators judge it in context.
 */
async function resolveMessage(ctx: AppContext, viewer: Viewer, id: number): Promise<Resolved> {
  const row = await selectReportableMessage(ctx.db, viewer.user.id, id);
  if (!row) throw notFound();
  if (row.user_id === viewer.user.id) throw cannotReportOwn();
  const conversationId = Number(row.conversation_id);
  const context = await selectMessageContext(ctx.db, {
    conversationId,
    messageId: id,
    clearedMessageId: Number(row.cleared_message_id),
    around: CONVERSATION_LIMITS.reportContext,
  });
  return {
    target: { type: 'message', postId: null, commentId: null, messageId: id, haulId: null, subjectId: row.user_id },
    snapshot: {
      kind: 'message',
      title: null,
      text: row.body,
      images: row.images.map((image) => toImageMedia(ctx.storage, image).src),
      created_at: row.created_at,
      author: authorOf(row),
      post_id: null,
      conversation: {
        conversation_id: conversationId,
        messages: context.map((m) => ({
          id: Number(m.id),
          sender:
            m.sender_id === null
              ? null
              : { id: m.sender_id, first_name: m.first_name ?? '', last_name: m.last_name ?? '', avatar: m.image },
          body: m.body,
          images: m.images.map((image) => toImageMedia(ctx.storage, image).src),
          state: m.state,
          created_at: m.created_at,
        })),
      },
    },
    subjectName: `${row.first_name} ${row.last_name}`.trim(),
  };
}

/*
 * The hauling board (ADR 030; ADR 028 "Hauling items"). An offer or a request is reportable by whoever may see
 * it: not removed nor held, the board's visibility rule (haul.policy.ts: friendship distance, blocks either
 * way, a live owner) and its event visible to them (items). A review is shown to its subject once both sides
 * reviewed or `reviewRevealDays` passed: its subject may report it then. Anything else is 404 as if missing;
 * one's own is 400.
 */

const placeLabel = (name: string, regionCode: string) => [name, regionCode].filter(Boolean).join(', ');

function legSnapshot(row: HaulOfferSnapshotRow | HaulRequestSnapshotRow) {
  return {
    event: { id: Number(row.event_id), title: row.event_title, from_date: row.event_from, to_date: row.event_to },
    origin: { name: row.origin_name, region_code: row.origin_region_code },
    depart_from: row.depart_from,
    depart_until: row.depart_until,
    visibility: row.visibility,
    notes: row.notes,
  };
}

function haulResolved(
  type: 'haul_offer' | 'haul_request' | 'haul_review',
  id: number,
  row: { user_id: string; first_name: string; last_name: string; image: string | null; created_at: string },
  words: { title: string; text: string },
  haul: CaseHaul,
): Resolved {
  return {
    target: { type, postId: null, commentId: null, messageId: null, haulId: id, subjectId: row.user_id },
    snapshot: {
      kind: type,
      title: words.title,
      text: words.text || null,
      images: [],
      created_at: row.created_at,
      author: authorOf(row),
      post_id: null,
      haul,
    },
    subjectName: `${row.first_name} ${row.last_name}`.trim(),
  };
}

/** An offer the reporter may see, with its event. */
async function resolveHaulOffer(ctx: AppContext, viewer: Viewer, id: number): Promise<Resolved> {
  const row = await selectHaulOfferSnapshot(ctx.db, viewer.user.id, id);
  if (!row?.visible) throw notFound();
  await visibleItem(ctx, viewer, Number(row.event_id));
  if (row.user_id === viewer.user.id) throw cannotReportOwn();
  const origin = placeLabel(row.origin_name, row.origin_region_code);
  return haulResolved(
    'haul_offer',
    id,
    row,
    { title: `Hauling offer from ${origin} to ${row.event_title}`, text: row.notes },
    {
      kind: 'offer',
      ...legSnapshot(row),
      arrive_by: row.arrive_by,
      stalls_total: row.stalls_total,
      stalls_free: row.stalls_free,
      stall_kind: row.stall_kind,
      rate_type: row.rate_type,
      price: row.price,
      price_unit: row.price_unit,
    },
  );
}

/** A request the reporter may see, with its event. */
async function resolveHaulRequest(ctx: AppContext, viewer: Viewer, id: number): Promise<Resolved> {
  const row = await selectHaulRequestSnapshot(ctx.db, viewer.user.id, id);
  if (!row?.visible) throw notFound();
  await visibleItem(ctx, viewer, Number(row.event_id));
  if (row.user_id === viewer.user.id) throw cannotReportOwn();
  const origin = placeLabel(row.origin_name, row.origin_region_code);
  return haulResolved(
    'haul_request',
    id,
    row,
    { title: `Hauling request from ${origin} to ${row.event_title}`, text: row.notes },
    { kind: 'request', ...legSnapshot(row), horses: row.horses },
  );
}

/** A review its subject sees (shown), by a live member; its author gets 400. */
async function resolveHaulReview(ctx: AppContext, viewer: Viewer, id: number): Promise<Resolved> {
  const row = await selectHaulReviewSnapshot(ctx.db, id, HAUL_LIMITS.reviewRevealDays, new Date(ctx.clock.now()));
  if (!row) throw notFound();
  if (row.user_id === viewer.user.id) throw cannotReportOwn();
  if (row.subject_id !== viewer.user.id || !row.shown) throw notFound();
  const subject = {
    id: row.subject_id,
    first_name: row.subject_first_name,
    last_name: row.subject_last_name,
    avatar: row.subject_image,
  };
  const about = `${subject.first_name} ${subject.last_name}`.trim();
  return haulResolved(
    'haul_review',
    id,
    row,
    { title: `Review of ${about}: ${row.rating} of 5`, text: row.comment },
    { kind: 'review', booking_id: Number(row.booking_id), rating: row.rating, comment: row.comment, subject },
  );
}

function resolveTarget(ctx: AppContext, viewer: Viewer, type: ReportTargetType, targetId: number | string) {
  if (type === 'haul_offer') return resolveHaulOffer(ctx, viewer, rowId(targetId));
  if (type === 'haul_request') return resolveHaulRequest(ctx, viewer, rowId(targetId));
  if (type === 'haul_review') return resolveHaulReview(ctx, viewer, rowId(targetId));
  if (type === 'user') return resolveMember(ctx, viewer, String(targetId));
  if (type === 'message') return resolveMessage(ctx, viewer, rowId(targetId));
  if (type === 'comment') return resolveComment(ctx, viewer, rowId(targetId));
  return resolveItem(ctx, viewer, rowId(targetId), type);
}

/**
 * Files the report: in one transaction it is written with the reporter's weight, joins or opens the case, and
 * holds the item when the case's weight reaches HOLD_REPORTERS (an audit entry by 'Automatic hold').
 */
async function file(
  ctx: AppContext,
  viewer: Viewer,
  resolved: Resolved,
  input: { reason: string; text: string | null; alreadyReported: string },
): Promise<number> {
  await ctx.limiter.consume(['reportsPerMember', viewer.user.id]);
  const at = new Date(ctx.clock.now());
  const { target } = resolved;
  return ctx.db.transaction(async (tx) => {
    const report = await insertReport(tx, {
      target,
      reporterId: viewer.user.id,
      reason: input.reason,
      text: input.text,
      at,
    });
    if (!report) throw new AppError(409, input.alreadyReported);
    const tally = await joinOpenCase(tx, { target, snapshot: resolved.snapshot, weight: report.weight, at });
    await linkReport(tx, report.id, tally.id);
    // Member reports never hold a member: only a moderator suspends anyone. Nor a message: a conversation has
    // one possible reporter, whose report alone must not take the other's words away (ADR 029).
    // Nor a review: its subject alone may report it (ADR 028 "Hauling items").
    const holdable = target.type !== 'user' && target.type !== 'message' && target.type !== 'haul_review';
    if (holdable && !tally.held && reachesHold(tally.weight, ctx.config.holdReporters)) {
      if (await holdCase(tx, tally.id, target, at))
        await insertAuditEntry(tx, {
          caseId: tally.id,
          actorId: null,
          actorName: 'Automatic hold',
          action: 'hold',
          subjectId: target.subjectId,
          subjectName: resolved.subjectName,
          targetType: target.type,
          targetId: String(target.haulId ?? target.commentId ?? target.postId),
          reason: `Reported by ${tally.reporters} members (weight ${tally.weight.toFixed(2)})`,
          at,
        });
    }
    return report.id;
  });
}

/** The 'Other' reason carries the member's words; the others carry none. */
const reportText = (body: { reason: string; text?: string | undefined }) =>
  body.reason === 'Other' ? (body.text ?? '').trim() : null;

/** POST /reports: a post, event, comment, member or direct message. */
export async function report(ctx: AppContext, viewer: Viewer, body: ReportCreate) {
  const resolved = await resolveTarget(ctx, viewer, body.target_type, body.target_id);
  const reportId = await file(ctx, viewer, resolved, {
    reason: body.reason,
    text: reportText(body),
    alreadyReported: MODERATION_MESSAGES.alreadyReported,
  });
  return { status: true as const, message: MODERATION_MESSAGES.reportReceived, report_id: reportId };
}

/** POST /posts/:id/report, as the web has always called it: the same report, typed by the item's kind. */
export async function reportPost(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  body: ReportRequest,
): Promise<OkResponse> {
  const resolved = await resolveItem(ctx, viewer, id, null);
  await file(ctx, viewer, resolved, {
    reason: body.reason,
    text: reportText(body),
    alreadyReported: FEED_MESSAGES.alreadyReported,
  });
  return { status: true, message: FEED_MESSAGES.reportSubmitted(body.reason) };
}
