import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import { users } from '../db/schema.ts';
import { storeImage } from '../modules/media/media.service.ts';
import { avatarUrl } from '../modules/profiles/profiles.service.ts';
import { demoPortrait } from './demo-portraits.ts';

/**
 * Demo members whose accounts are private: one is a friend of the demo member (who sees everything of
 * hers), one is a stranger to the demo member (whose profile shows the locked notice). Neither wrote the
 * demo events or the posts the demo community shares, so the demo feed stays as it is.
 */
export const PRIVATE_DEMO_EMAILS = ['savannah.reyes@demo.corral.app', 'shelby.tate@demo.corral.app'] as const;

/**
 * Profile photos for the demo community, through the same image pipeline as members' uploads (the avatar
 * is the smallest variant, as POST /me/avatar sets it), and the private accounts. Idempotent: members who
 * have a photo keep it.
 */
export async function seedDemoProfiles(ctx: AppContext, memberIds: readonly string[]): Promise<void> {
  const withoutPhoto = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...memberIds]), isNull(users.image)));
  const missing = new Set(withoutPhoto.map((row) => row.id));
  for (const [index, id] of memberIds.entries()) {
    if (!missing.has(id)) continue;
    const image = await storeImage(ctx, await demoPortrait(index));
    await ctx.db
      .update(users)
      .set({ image: avatarUrl(ctx.storage, image) })
      .where(eq(users.id, id));
  }
  await ctx.db
    .update(users)
    .set({ isPrivate: true })
    .where(and(inArray(users.id, [...memberIds]), inArray(users.email, [...PRIVATE_DEMO_EMAILS])));
}
