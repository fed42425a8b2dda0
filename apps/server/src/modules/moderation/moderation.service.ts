import {
  isHaulTarget,
  MESSAGES,
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  type ModerationActionRequest,
  type ModerationCase,
  type ModerationQueueResponse,
} from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/sql.ts';
import type { CursorKey } from '../../lib/cursor.ts';
import { isCursorTime, isRowId } from '../../lib/cursor.ts';
import { AppError } from '../../lib/errors.ts';
import { byTimeAndId, keysetPage } from '../../lib/keyset.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { closeAccount, endSessionsOf } from '../auth/account.service.ts';
import {
  News,
  recordAppealsDecided,
  recordModerationNotice,
  recordReportsActedOn,
} from '../notifications/notifications.service.ts';
import { toCase } from './moderation.mapper.ts';
import {
  appealOutcome,
  availableActions,
  isNoticeAction,
  reportOutcome,
  suspensionEndProblem,
  UNDO_ACTIONS,
  upholdsHold,
} from './moderation.policy.ts';
import {
  type CaseForDecision,
  clearHold,
  clearRemovalAndHold,
  decideAppeals,
  holdBecomesRemoval,
  type ItemRef,
  insertAuditEntry,
  lockCase,
  resolveCase,
  selectMessageMembers,
  setItemRemoved,
  setSuspendedUntil,
  settleOpenReports,
} from './moderation.queries.ts';
import { type CaseRow, type OpenKey, selectCase, selectCasePage } from './queue.queries.ts';

/*
 * The moderation queue and its decisions (docs/decisions/028-trust-and-safety.md). Each decision is one
 * transaction with its audit entry; the member concerned and the reporters hear of it once it committed.
 */

const notFound = () => new AppError(404, MESSAGES.http.notFound);
const fullName = (first: string, last: string) => `${first} ${last}`.trim();

/** The open queue's cursor: (reporters, first reported, id), most reporters first, then the oldest. */
const byReportersAgeAndId: CursorKey<OpenKey> = {
  write: ({ reporters, at, id }) => [reporters, at, id],
  read: ([reporters, at, id]) =>
    Number.isSafeInteger(reporters) && (reporters as number) >= 0 && isCursorTime(at) && isRowId(id)
      ? { reporters: reporters as number, at, id }
      : null,
};

/** GET /moderation/reports: a page of open cases (most reporters, then oldest) or resolved ones (newest first). */
export function listCases(
  ctx: AppContext,
  viewer: Viewer,
  query: { status: 'open' | 'resolved'; cursor?: string | undefined },
): Promise<ModerationQueueResponse> {
  const size = MODERATION_LIMITS.queuePageSize;
  const toItems = (rows: CaseRow[]) => rows.map((row) => toCase(row, viewer.user, ctx.clock.now()));
  if (query.status === 'open')
    return keysetPage(query, ({ after }) => selectCasePage(ctx.db, 'open', after, size), {
      size,
      key: byReportersAgeAndId,
      keyOf: (row) => ({ reporters: row.reporters, at: row.first_key, id: Number(row.id) }),
      toItems,
    });
  return keysetPage(query, ({ after }) => selectCasePage(ctx.db, 'resolved', after, size), {
    size,
    key: byTimeAndId,
    keyOf: (row) => ({ at: row.resolved_key ?? '', id: Number(row.id) }),
    toItems,
  });
}

/** GET /moderation/reports/:id: one case, open or resolved. */
export async function getCase(ctx: AppContext, viewer: Viewer, id: number): Promise<ModerationCase> {
  const row = await selectCase(ctx.db, id);
  if (!row) throw notFound();
  return toCase(row, viewer.user, ctx.clock.now());
}

type Decision = ReturnType<typeof parseDecision>;

/** The request as the decision uses it: a suspension's end checked against the clock (400 with the contract's words). */
function parseDecision(body: ModerationActionRequest, now: number) {
  const until = body.action === 'suspend' && body.until ? new Date(body.until) : null;
  if (until) {
    const problem = suspensionEndProblem(until, now);
    if (problem) throw new AppError(400, problem, { until: [problem] });
  }
  return { action: body.action, reason: body.reason.trim(), note: body.note?.trim() || null, until };
}

/**
 * What the decision does to the item and the member, beyond the case and its reports: a removal or restore
 * of the item, a suspension (every session ends at once) or its lift, a ban (the account deletion path).
 * A removed message is pushed to both members of its conversation as deleted (it shows as removed to both).
 */
async function applyEffects(tx: Tx, news: News, c: CaseForDecision, decision: Decision, at: Date): Promise<void> {
  const item: ItemRef = {
    postId: c.post_id === null ? null : Number(c.post_id),
    commentId: c.comment_id === null ? null : Number(c.comment_id),
    messageId: c.message_id === null ? null : Number(c.message_id),
    haul:
      c.haul_id !== null && isHaulTarget(c.target_type)
        ? { type: c.target_type, id: Number(c.haul_id), held: c.held }
        : null,
  };
  const hasItem = c.target_type !== 'user';
  switch (decision.action) {
    case 'dismiss':
      if (hasItem) await clearHold(tx, item);
      return;
    case 'remove':
      await setItemRemoved(tx, item, at);
      if (item.messageId !== null) await tellMessageRemoved(tx, news, item.messageId);
      return;
    case 'restore':
      await clearRemovalAndHold(tx, item);
      return;
    case 'suspend':
      await setSuspendedUntil(tx, c.subject_user_id, decision.until, at);
      await endSessionsOf(tx, c.subject_user_id);
      return;
    case 'lift':
      await setSuspendedUntil(tx, c.subject_user_id, null, at);
      return;
    case 'ban':
      await closeAccount(tx, c.subject_user_id, at);
      return;
    case 'warn':
    case 'uphold':
      return;
  }
}

/** What a warning, suspension or ban leaves of an item the case held: removed (ADR 028 "Actions"). */
function upheldItem(c: CaseForDecision): ItemRef {
  return {
    postId: c.post_id === null ? null : Number(c.post_id),
    commentId: c.comment_id === null ? null : Number(c.comment_id),
    messageId: c.message_id === null ? null : Number(c.message_id),
    haul: null,
  };
}

/**
 * The note the member is told with the decision: the moderator's, and for a hauling offer's removal that its
 * bookings stand (a removal cancels none: riders and driver settle them; ADR 028 "Hauling items").
 */
function noticeNote(c: CaseForDecision, decision: Decision): string | null {
  if (decision.action !== 'remove' || c.target_type !== 'haul_offer') return decision.note;
  return [decision.note, MODERATION_MESSAGES.haulOfferRemovedBookingsStand].filter(Boolean).join(' ');
}

/** Both members' streams hear that the message is gone (the conversations module pushes its own deletes only). */
async function tellMessageRemoved(tx: Tx, news: News, messageId: number): Promise<void> {
  const members = await selectMessageMembers(tx, messageId);
  if (!members) return;
  for (const userId of members.userIds)
    news.event(userId, { type: 'message_deleted', conversation_id: members.conversationId, message_id: messageId });
}

/**
 * POST /moderation/reports/:id/actions. In one transaction, with the case locked: the effects, the audit entry
 * (names as they are now), the reports settled (dismissed, or actioned: each reporter's record counts it), the
 * appeal answered, the case resolved; the member concerned is told of a warning, removal or suspension, and
 * each reporter of an action (not a dismissal) hears once that their report was acted on. Answers the case.
 */
export async function decide(
  ctx: AppContext,
  viewer: Viewer,
  caseId: number,
  body: ModerationActionRequest,
): Promise<ModerationCase> {
  const now = ctx.clock.now();
  const at = new Date(now);
  const decision = parseDecision(body, now);
  await ctx.limiter.consume(['moderatorActionsPerMember', viewer.user.id]);
  const news = new News();
  await ctx.db.transaction(async (tx) => {
    const c = await lockCase(tx, caseId);
    if (!c) throw notFound();
    // A resolved case takes only the decisions that undo (restore, lift): the rest were decided already.
    if (c.status !== 'open' && !UNDO_ACTIONS.has(decision.action))
      throw new AppError(409, MODERATION_MESSAGES.caseResolved);
    // Nobody decides a case about themselves (their own post, comment or account): another moderator will.
    if (c.subject_user_id === viewer.user.id) throw new AppError(400, MODERATION_MESSAGES.cannotActOnOwnCase);
    const facts = {
      status: c.status,
      targetType: c.target_type,
      itemState: c.item_state,
      subjectId: c.subject_user_id,
      subjectDeleted: c.subject_deleted,
      subjectRole: c.subject_role,
      suspendedUntil: c.suspended_until,
      appealOpen: c.appealed_action !== null,
    };
    if (!availableActions(facts, viewer.user, now).includes(decision.action))
      throw new AppError(400, MODERATION_MESSAGES.actionNotApplicable);

    await applyEffects(tx, news, c, decision, at);
    if (upholdsHold(decision.action) && c.target_type !== 'user') await holdBecomesRemoval(tx, upheldItem(c), at);
    const actionId = await insertAuditEntry(tx, {
      caseId,
      actorId: viewer.user.id,
      actorName: fullName(viewer.user.firstName, viewer.user.lastName) || viewer.user.name,
      action: decision.action,
      subjectId: c.subject_user_id,
      subjectName: fullName(c.subject_first_name, c.subject_last_name),
      targetType: c.target_type,
      targetId:
        c.target_type === 'user' ? c.subject_user_id : String(c.haul_id ?? c.message_id ?? c.comment_id ?? c.post_id),
      reason: decision.reason,
      note: decision.note,
      until: decision.until,
      at,
    });
    const outcome = reportOutcome(decision.action);
    const settled = await settleOpenReports(tx, caseId, outcome);
    const appeals = await decideAppeals(tx, {
      caseId,
      appealId: c.appeal_id === null ? null : Number(c.appeal_id),
      status: appealOutcome(decision.action, c.appealed_action),
      at,
    });
    // A hauling item's hold is its removed_at: once removed, the case holds nothing (ADR 028 "Hauling items").
    const keepHold = decision.action === 'remove' && c.haul_id === null;
    await resolveCase(tx, { caseId, action: decision.action, keepHold, at });
    if (isNoticeAction(decision.action))
      await recordModerationNotice(tx, news, {
        userId: c.subject_user_id,
        actionId,
        action: decision.action,
        reason: decision.reason,
        note: noticeNote(c, decision),
        at,
      });
    if (outcome === 'actioned') await recordReportsActedOn(tx, news, { reports: settled, at });
    await recordAppealsDecided(tx, news, { appeals, at });
  });
  await news.send(ctx);
  return getCase(ctx, viewer, caseId);
}
