import { randomBytes, randomUUID } from 'node:crypto';
import {
  ACCOUNT_LIMITS,
  ACCOUNT_MESSAGES,
  type AccountLinkResponse,
  type AccountLinkState,
  type ChangeEmailResponse,
  type changeEmailRequestSchema,
  type EmailStatusResponse,
  type OkResponse,
} from '@corral/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken } from '../../lib/hashed-key.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { endSessionsOf } from './account.service.ts';
import { confirmEmailEmail, emailChangedEmail, emailTakenEmail } from './account-settings.emails.ts';
import {
  deleteUnconfirmedEmailChanges,
  insertEmailChange,
  isEmailTaken,
  isEmailTakenByOther,
  isUniqueViolation,
  markEmailChangeConfirmed,
  markEmailChangesUndoneFrom,
  selectChangeByConfirmHash,
  selectChangeByUndoHash,
  selectPendingEmailChange,
  updateUserEmail,
} from './account-settings.queries.ts';
import { deleteResetTokensOf } from './auth.queries.ts';
import { maskEmail, type RequestMeta } from './auth-log.ts';
import { assertOwnPassword } from './password-change.service.ts';

export type ChangeEmailInput = z.output<typeof changeEmailRequestSchema>;

const HOUR_MS = 60 * 60 * 1000;
const newToken = () => randomBytes(32).toString('base64url');

/** A refused confirmation or undo link, saying why so the page can (ADR 033: the token is 256 random bits). */
function linkRefused(state: AccountLinkState): AppError {
  const message = {
    invalid: ACCOUNT_MESSAGES.linkInvalid,
    expired: ACCOUNT_MESSAGES.linkExpired,
    used: ACCOUNT_MESSAGES.linkUsed,
  }[state];
  return new AppError(400, message, undefined, undefined, { code: state });
}

/** GET /me/email: the address in force and the change waiting for confirmation, if one is. */
export async function emailStatus(ctx: AppContext, viewer: Viewer): Promise<EmailStatusResponse> {
  const pending = await selectPendingEmailChange(ctx.db, viewer.user.id, new Date(ctx.clock.now()));
  return {
    email: viewer.user.email,
    pending: pending ? { new_email: pending.newEmail, expires_at: pending.expiresAt.toISOString() } : null,
  };
}

/**
 * POST /me/email. The password proved, a link to the new address; nothing else changes until it is opened.
 * An address that already has an account is answered exactly like a free one and gets a pending row alike
 * (the page shows it waiting), but its owner is mailed a notice instead of a link: the asker learns nothing
 * they could not learn by trying to sign up (ADR 033). A newer change replaces a pending one.
 */
export async function requestEmailChange(
  ctx: AppContext,
  viewer: Viewer,
  input: ChangeEmailInput,
  meta: RequestMeta,
): Promise<ChangeEmailResponse> {
  await assertOwnPassword(ctx, viewer, input.password, 'password', meta);
  const userId = viewer.user.id;
  if (input.new_email === viewer.user.email)
    throw new AppError(422, ACCOUNT_MESSAGES.sameEmail, { new_email: [ACCOUNT_MESSAGES.sameEmail] });
  await ctx.limiter.consume(['emailChangePerMemberDay', userId]);

  const now = ctx.clock.now();
  const token = newToken();
  const expiresAt = new Date(now + ACCOUNT_LIMITS.emailConfirmHours * HOUR_MS);
  const taken = await isEmailTaken(ctx.db, input.new_email);
  await ctx.db.transaction(async (tx) => {
    await deleteUnconfirmedEmailChanges(tx, userId);
    await insertEmailChange(tx, {
      id: randomUUID(),
      userId,
      oldEmail: viewer.user.email,
      newEmail: input.new_email,
      // A taken address's row holds the hash of a token no one is sent: it can never be confirmed.
      confirmTokenHash: hashToken(taken ? newToken() : token),
      confirmExpiresAt: expiresAt,
      now: new Date(now),
    });
  });
  meta.log.info(
    { event: 'account.email_change_requested', user_id: userId, email: maskEmail(input.new_email) },
    'email change requested',
  );
  const { publicUrl } = ctx.config;
  const name = viewer.user.firstName || viewer.user.name;
  meta.later(() =>
    ctx.mailer.send(
      taken ? emailTakenEmail(publicUrl, input.new_email) : confirmEmailEmail(publicUrl, input.new_email, name, token),
    ),
  );
  return {
    status: true,
    message: ACCOUNT_MESSAGES.emailChangeSent(input.new_email),
    email: viewer.user.email,
    pending: { new_email: input.new_email, expires_at: expiresAt.toISOString() },
  };
}

/** DELETE /me/email: the pending change is dropped; its link stops working. */
export async function cancelEmailChange(ctx: AppContext, viewer: Viewer, meta: RequestMeta): Promise<OkResponse> {
  const dropped = await deleteUnconfirmedEmailChanges(ctx.db, viewer.user.id);
  if (dropped > 0) meta.log.info({ event: 'account.email_change_cancelled', user_id: viewer.user.id }, 'cancelled');
  return { status: true, message: ACCOUNT_MESSAGES.emailChangeCancelled };
}

/**
 * POST /me/email/confirm (public: the link may be opened on another device). In one transaction, with the
 * change locked: the link is live and unused, the member's address is still the one the change started from,
 * the new address is still free (else 409, nothing changed); then the address switches and the undo link is
 * made. The former address is mailed that link after the answer.
 */
export async function confirmEmailChange(
  ctx: AppContext,
  token: string,
  meta: RequestMeta,
): Promise<AccountLinkResponse> {
  const now = ctx.clock.now();
  const undoToken = newToken();
  const done = await guardTaken(ACCOUNT_MESSAGES.emailTakenAtConfirm, () =>
    ctx.db.transaction(async (tx) => {
      const change = await selectChangeByConfirmHash(tx, hashToken(token));
      if (!change || change.deletedAt) throw linkRefused('invalid');
      if (change.confirmedAt) throw linkRefused('used');
      // The address changed another way since (an undo): this change no longer applies.
      if (change.currentEmail !== change.oldEmail) throw linkRefused('invalid');
      if (change.confirmExpiresAt.getTime() <= now) throw linkRefused('expired');
      if (await isEmailTakenByOther(tx, change.newEmail, change.userId))
        throw new AppError(409, ACCOUNT_MESSAGES.emailTakenAtConfirm);
      await updateUserEmail(tx, change.userId, change.newEmail, new Date(now));
      await markEmailChangeConfirmed(
        tx,
        change.id,
        { hash: hashToken(undoToken), expiresAt: new Date(now + ACCOUNT_LIMITS.emailUndoDays * 24 * HOUR_MS) },
        new Date(now),
      );
      return change;
    }),
  );
  meta.log.info({ event: 'account.email_changed', user_id: done.userId }, 'email change confirmed');
  const name = done.firstName || done.name;
  meta.later(() =>
    ctx.mailer.send(emailChangedEmail(ctx.config.publicUrl, done.oldEmail, name, done.newEmail, undoToken)),
  );
  return { status: true, message: ACCOUNT_MESSAGES.emailConfirmed(done.newEmail), email: done.newEmail };
}

/**
 * POST /me/email/undo (public). Within 7 days of a change, its undo link puts the former address back, ends
 * every session and every unused reset link of the member (one may have gone to the address being undone),
 * and drops a pending change. Undo links of changes made after this one die with it, those of earlier ones
 * stay: whoever made a chain of changes cannot use a later link to cancel the owner's.
 */
export async function undoEmailChange(ctx: AppContext, token: string, meta: RequestMeta): Promise<AccountLinkResponse> {
  const now = ctx.clock.now();
  const done = await guardTaken(ACCOUNT_MESSAGES.emailUndoTaken, () =>
    ctx.db.transaction(async (tx) => {
      const change = await selectChangeByUndoHash(tx, hashToken(token));
      if (!change?.confirmedAt || change.deletedAt) throw linkRefused('invalid');
      if (change.undoneAt) throw linkRefused('used');
      if (!change.undoExpiresAt || change.undoExpiresAt.getTime() <= now) throw linkRefused('expired');
      if (await isEmailTakenByOther(tx, change.oldEmail, change.userId))
        throw new AppError(409, ACCOUNT_MESSAGES.emailUndoTaken);
      await updateUserEmail(tx, change.userId, change.oldEmail, new Date(now));
      await markEmailChangesUndoneFrom(tx, change.userId, change.confirmedAt, new Date(now));
      await deleteUnconfirmedEmailChanges(tx, change.userId);
      await deleteResetTokensOf(tx, change.userId);
      await endSessionsOf(tx, change.userId);
      return change;
    }),
  );
  meta.log.info({ event: 'account.email_change_undone', user_id: done.userId }, 'email change undone');
  return { status: true, message: ACCOUNT_MESSAGES.emailUndone(done.oldEmail), email: done.oldEmail };
}

/** Two transactions racing for one address: the unique index refuses the second, answered as taken. */
async function guardTaken<T>(message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, message);
    throw error;
  }
}
