import { callingCodeOf, MESSAGES } from '@corral/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import { hashedKey } from '../../lib/hashed-key.ts';
import type { LimitKey } from '../../lib/rate-limiter.ts';
import { maskPhone } from './phone-log.ts';

// The phone limits of security.md. Counters are keyed by member id, by the number's hashedKey (rate-limit
// stores never hold a phone number) and by country calling code.

/**
 * One code sent: 1 a minute and 5 an hour per number and per member, 10 a day per member, a budget per country.
 * Answers the seconds until the member may ask again for this number, for the form's Resend countdown.
 */
export async function consumeSendLimits(ctx: AppContext, userId: string, e164: string): Promise<number> {
  const number = hashedKey(e164);
  const keys: LimitKey[] = [
    ['phoneSendPerNumberMinute', number],
    ['phoneSendPerNumberHour', number],
    ['phoneSendPerMemberMinute', userId],
    ['phoneSendPerMemberHour', userId],
    ['phoneSendPerMemberDay', userId],
    ['phoneSendPerCountryDay', callingCodeOf(e164)],
  ];
  // A refused send counts nothing: pressing Resend too early must not use up the hour, and refused
  // attempts must not drain a country's budget. consume() still refuses if a concurrent send won the race.
  await ctx.limiter.assertAvailable(...keys);
  await ctx.limiter.consume(...keys);
  return ctx.limiter.secondsUntilAvailable(...keys);
}

/**
 * Refuses (429, Retry-After) once the member has used the 10 wrong codes of the day. The count is
 * cumulative over every code and every number of the day: asking for a new code does not reset it.
 * There is no per-number count of wrong codes: it would let any member lock a number for its owner with
 * ten wrong tries (security.md). A per-(member, number) count would add nothing, since the member's own
 * count, with the same limit, counts every one of those tries too. Guessing at a number stays bounded by
 * the 5 tries of each code and by the per-number send limits above, which bound its codes.
 */
export async function assertWrongTriesLeft(
  ctx: AppContext,
  userId: string,
  e164: string,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    await ctx.limiter.assertAvailable(['phoneWrongPerMemberDay', userId]);
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 429) throw error;
    log.warn(
      { event: 'phone.locked', user_id: userId, phone: maskPhone(e164) },
      'phone verification locked for the day',
    );
    throw new AppError(429, MESSAGES.phone.tooManyAttempts, undefined, error.headers);
  }
}

/** Counts one wrong code (or a try with no live code) against the member. */
export async function recordWrongTry(ctx: AppContext, userId: string): Promise<void> {
  await ctx.limiter.record(['phoneWrongPerMemberDay', userId]);
}
