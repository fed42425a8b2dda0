import { eq } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import { conversations, users } from '../db/schema.ts';
import type { Viewer } from '../lib/viewer.ts';
import { pairKey } from '../modules/conversations/conversations.policy.ts';
import { type SendOutcome, sendMessage, startConversation } from '../modules/conversations/conversations.service.ts';

const DAY = 86_400_000;

/**
 * Direct messages for the demo member (ADR 029), through the service as members would send them: a
 * conversation with a friend whose last message waits unread, and a request from a friend of a friend (a
 * member of the community for a month, past the 72 hours a stranger must wait). Idempotent: a pair that
 * already has a conversation is left alone.
 */
export async function seedDemoMessages(ctx: AppContext, memberIds: string[]): Promise<void> {
  const [demo, friend, , , , friendOfFriend] = memberIds;
  if (!demo || !friend || !friendOfFriend) return;
  await talk(ctx, friend, demo, [
    [friend, 'Are you entered at Cheyenne next week?'],
    [demo, 'Slack Monday morning. You?'],
    [friend, 'Same. I have room for one more horse in the trailer if you need it.'],
  ]);
  await ctx.db
    .update(users)
    .set({ createdAt: new Date(ctx.clock.now() - 30 * DAY) })
    .where(eq(users.id, friendOfFriend));
  await talk(ctx, friendOfFriend, demo, [
    [friendOfFriend, 'Hi Dakota, Cody says you are selling a barrel saddle. Still have it?'],
  ]);
}

/** The pair's conversation, started by `first`, the lines in order; nothing when the pair has one already. */
async function talk(ctx: AppContext, first: string, other: string, lines: [string, string][]): Promise<void> {
  const [existing] = await ctx.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.pairKey, pairKey(first, other)));
  if (existing) return;
  let conversationId: number | null = null;
  for (const [index, [sender, body]] of lines.entries()) {
    const viewer = await viewerOf(ctx, sender);
    const input = { body, client_id: `demo-${index}`, files: [] };
    const sent: SendOutcome =
      conversationId === null
        ? await startConversation(ctx, viewer, { ...input, recipient_id: other })
        : await sendMessage(ctx, viewer, conversationId, input);
    conversationId = sent.answer.conversation.id;
  }
}

async function viewerOf(ctx: AppContext, userId: string): Promise<Viewer> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`demo member ${userId} missing`);
  return { user, token: '', sessionId: '' };
}
