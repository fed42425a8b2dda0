import {
  type AppealCreate,
  MESSAGES,
  MODERATION_MESSAGES,
  type StandingResponse,
  type SuspensionAppeal,
} from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import { readToken, TOKEN_PURPOSES } from '../../lib/signed-token.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { toNotice } from './moderation.mapper.ts';
import { insertAppeal, reopenCaseForAppeal, selectAppealableAction, selectNotices } from './moderation.queries.ts';

/*
 * The member's side of moderation (docs/decisions/028-trust-and-safety.md): what was decided about them, and
 * one appeal per decision, which puts the case back in the queue with the appeal attached.
 *
 * A suspended member cannot sign in (the login answers 403 with the date and the reason): opening a session just
 * to appeal would let them act while suspended. Their refused sign-in answers a signed token instead, which
 * stands for them and that suspension for an hour and does nothing but appeal it (POST /appeals/suspension).
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
export function appeal(ctx: AppContext, viewer: Viewer, body: AppealCreate) {
  return appealAs(ctx, viewer.user.id, body.action_id, body.text);
}

/**
 * POST /appeals/suspension: the suspension named by the token of a refused sign-in (lib/signed-token.ts),
 * appealed as `appeal` does; an expired or forged token answers 401 (sign in again for a fresh one).
 */
export function appealSuspension(ctx: AppContext, body: SuspensionAppeal) {
  const fields = readToken(ctx.config.authSecret, TOKEN_PURPOSES.suspensionAppeal, body.token, ctx.clock.now());
  const [userId, actionId] = fields ?? [];
  if (!userId || !actionId) throw new AppError(401, MODERATION_MESSAGES.appealTokenExpired);
  return appealAs(ctx, userId, Number(actionId), body.text);
}

async function appealAs(ctx: AppContext, userId: string, actionId: number, text: string) {
  const action = await selectAppealableAction(ctx.db, userId, actionId);
  if (!action) throw new AppError(404, MESSAGES.http.notFound);
  await ctx.limiter.consume(['appealsPerMember', userId]);
  const at = new Date(ctx.clock.now());
  const created = await ctx.db.transaction(async (tx) => {
    const row = await insertAppeal(tx, { actionId: action.id, userId, text: text.trim(), at });
    if (!row) throw new AppError(409, MODERATION_MESSAGES.alreadyAppealed);
    if (action.caseId !== null) await reopenCaseForAppeal(tx, action.caseId, row.id);
    return row;
  });
  return { status: true as const, message: MODERATION_MESSAGES.appealReceived, appeal: created };
}
