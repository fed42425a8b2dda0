import type { OutboxMessage } from '@corral/contract';
import type { AppContext } from '../src/app-context.ts';

/** The newest message to `to` on a channel, waiting for it: mail and SMS leave outside the request. */
export async function waitForMessage(
  ctx: AppContext,
  to: string,
  channel: OutboxMessage['channel'] = 'email',
  timeoutMs = 5_000,
): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const message = (await ctx.outbox.list()).find((m) => m.channel === channel && m.to === to);
    if (message) return message;
    if (Date.now() > deadline) throw new Error(`no ${channel} to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Every message to `to`, after giving background sends a moment to land. */
export async function messagesTo(ctx: AppContext, to: string, settleMs = 300): Promise<OutboxMessage[]> {
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  return (await ctx.outbox.list()).filter((m) => m.to === to);
}

/** The reset token in a reset email's link. */
export function resetTokenOf(message: OutboxMessage): string {
  const match = /\/reset-password#token=([^\s]+)/.exec(message.text);
  if (!match?.[1]) throw new Error('no reset link in the email');
  return decodeURIComponent(match[1]);
}
