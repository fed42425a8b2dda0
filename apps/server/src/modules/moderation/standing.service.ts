import { type AppealCreate, MESSAGES, MODERATION_MESSAGES, type StandingResponse } from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { toNotice } from './moderation.mapper.ts';
import { insertAppeal, reopenCaseForAppeal, selectAppealableAction, selectNotices } from './moderation.queries.ts';

/*
 * The member's side of moderation (docs/decisions/028-trust-and-safety.md): what was decided about them, and
 * one appeal per decision, which puts the case back in the queue with the appeal attached.
 *
 * A suspended member cannot sign in (the login answers 403 with the date and the reason), so a suspension is
 * appealed once it has ended or was lifted, like any other decision: the sign-in screen carries no session to
 * appeal with, and opening one just for it would let a suspended member act while suspended.
 */

/** GET /me/standing: a suspension still running, and the warnings, removals and suspensions about the member. */
export async function standing(ctx: AppContext, viewer: Viewer): Promise<StandingResponse> {
  const until = viewer.user.suspendedUntil;
  return {
    suspended_until: until && until.getTime() > ctx.clock.now() ? until.toISOString() : null,
    notices: (await selectNotices(ctx.db, viewer.user.id)).map(toNotice),
  };
}

/**
 * POST /appeals: an appeal of a warning, removal or suspension about the caller (404 for any other action),
 * once (409). It reopens the action's case so that it is in the queue with the appeal; the moderator's next
 * decision on it grants the appeal (restore, lift) or denies it (anything else).
 */
export async function appeal(ctx: AppContext, viewer: Viewer, body: AppealCreate) {
  const action = await selectAppealableAction(ctx.db, viewer.user.id, body.action_id);
  if (!action) throw new AppError(404, MESSAGES.http.notFound);
  await ctx.limiter.consume(['appealsPerMember', viewer.user.id]);
  const at = new Date(ctx.clock.now());
  const created = await ctx.db.transaction(async (tx) => {
    const row = await insertAppeal(tx, { actionId: action.id, userId: viewer.user.id, text: body.text.trim(), at });
    if (!row) throw new AppError(409, MODERATION_MESSAGES.alreadyAppealed);
    if (action.caseId !== null) await reopenCaseForAppeal(tx, action.caseId, row.id);
    return row;
  });
  return { status: true as const, message: MODERATION_MESSAGES.appealReceived, appeal: created };
}
