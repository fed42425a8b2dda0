import type { OutboxMessage } from '@corral/contract';
import type { AppContext } from '../src/app-context.ts';

/**
 * Mail and SMS leave after their request's answer (request.afterResponse, better-auth's background tasks):
 * these helpers read the outbox once that work is done (ctx.background), never after a guessed delay.
 */

/** The newest message to `to` on a channel. */
export async function waitForMessage(
  ctx: AppContext,
  to: string,
  channel: OutboxMessage['channel'] = 'email',
): Promise<OutboxMessage> {
  const message = (await messagesTo(ctx, to)).find((m) => m.channel === channel);
  if (!message) throw new Error(`no ${channel} to ${to}`);
  return message;
}

/** Every message to `to`, newest first. */
export async function messagesTo(ctx: AppContext, to: string): Promise<OutboxMessage[]> {
  await ctx.background.settled();
  return (await ctx.outbox.list()).filter((m) => m.to === to);
}

/** The reset token in a reset email's link. */
export function resetTokenOf(message: OutboxMessage): string {
  const match = /\/reset-password#token=([^\s]+)/.exec(message.text);
  if (!match?.[1]) throw new Error('no reset link in the email');
  return decodeURIComponent(match[1]);
}
