import { createHmac } from 'node:crypto';
import { NEWSLETTER_MESSAGES, type NewsletterSubscribeRequest } from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken } from '../../lib/hashed-key.ts';
import { confirmationEmail } from './newsletter.email.ts';
import {
  insertSubscription,
  resubscribe,
  selectSubscriptionForUpdate,
  unsubscribeByTokenHash,
} from './newsletter.queries.ts';

/** A second confirmation to an address already on the list waits this long after the last one. */
const QUIET_MS = 24 * 60 * 60 * 1000;

/** Who is subscribing: the client's address (the limit is per IP) and where to put work for after the answer. */
export interface Caller {
  ip: string;
  later(job: () => Promise<unknown>): void;
}

/**
 * An address's unsubscribe token: an HMAC of the address under the server's secret (base64url, 43 characters).
 * The same address always gets the same token, so every email it was ever sent keeps a working link, and the
 * database holds only the token's SHA-256 (docs/decisions/016-newsletter.md).
 */
function unsubscribeToken(secret: string, email: string): string {
  return createHmac('sha256', secret).update(`newsletter-unsubscribe:${email}`).digest('base64url');
}

/**
 * POST /newsletter: puts the address on the list and answers the same message whether it was there or not.
 * The confirmation leaves after the answer (so its timing tells nothing either), and at most once a day to an
 * address already subscribed. Counted against the caller's IP first, so a refused call stores nothing.
 */
export async function subscribe(ctx: AppContext, caller: Caller, input: NewsletterSubscribeRequest): Promise<string> {
  await ctx.limiter.consume(['newsletterPerIp', caller.ip]);
  const now = new Date(ctx.clock.now());
  const token = unsubscribeToken(ctx.config.authSecret, input.email);
  const tokenHash = hashToken(token);
  const emailDue = await ctx.db.transaction(async (tx) => {
    const known = await selectSubscriptionForUpdate(tx, input.email);
    if (!known) return insertSubscription(tx, { email: input.email, tokenHash, now });
    // A returning subscriber is always confirmed; one still on the list at most once a day.
    const due =
      known.status === 'unsubscribed' ||
      !known.lastEmailedAt ||
      now.getTime() - known.lastEmailedAt.getTime() >= QUIET_MS;
    await resubscribe(tx, { email: input.email, tokenHash, now, emailed: due });
    return due;
  });
  if (emailDue) caller.later(() => ctx.mailer.send(confirmationEmail(ctx.config.publicUrl, input.email, token)));
  return NEWSLETTER_MESSAGES.subscribed;
}

/** POST /newsletter/unsubscribe (and its one-click form): idempotent; a token of no address is a 404. */
export async function unsubscribe(ctx: AppContext, token: string): Promise<string> {
  const found = await unsubscribeByTokenHash(ctx.db, hashToken(token), new Date(ctx.clock.now()));
  if (!found) throw new AppError(404, NEWSLETTER_MESSAGES.invalidLink);
  return NEWSLETTER_MESSAGES.unsubscribed;
}
