import { MODERATION_LIMITS, MODERATION_MESSAGES } from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import { signToken, TOKEN_PURPOSES } from '../../lib/signed-token.ts';
import { selectSuspension } from './auth.queries.ts';

const SUSPENSION_END = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

/**
 * The 403 a suspended member's login gets (suspendedResponseSchema): until when, the moderator's reason, and,
 * while the suspension is not appealed, a token that lets them appeal it without a session (POST
 * /appeals/suspension), good for an hour. Password-only logins and the code step of two-factor ones alike.
 */
export async function suspended(ctx: AppContext, userId: string, until: Date): Promise<AppError> {
  const suspension = await selectSuspension(ctx.db, userId);
  const expiresAt = ctx.clock.now() + MODERATION_LIMITS.appealTokenMinutes * 60_000;
  const appealToken =
    suspension && suspension.appealStatus === null
      ? signToken(
          ctx.config.authSecret,
          TOKEN_PURPOSES.suspensionAppeal,
          [userId, String(suspension.actionId)],
          expiresAt,
        )
      : null;
  return new AppError(403, MODERATION_MESSAGES.suspended(`${SUSPENSION_END.format(until)} UTC`), undefined, undefined, {
    code: 'suspended',
    suspended_until: until.toISOString(),
    reason: suspension?.reason ?? '',
    appeal_token: appealToken,
    appeal_status: suspension?.appealStatus ?? null,
  });
}
