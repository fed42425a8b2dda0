import { inArray, sql } from 'drizzle-orm';
import { postImages, posts, users } from '../../db/schema.ts';
import type { Tx } from '../../db/sql.ts';

/** The storage keys of every photo on the posts of these members, deleted posts included. */
export async function selectImageKeysOfMembers(db: Tx, userIds: readonly string[]): Promise<string[]> {
  const rows = await db
    .select({ key: postImages.storageKey })
    .from(postImages)
    .where(
      inArray(postImages.postId, sql`(select ${posts.id} from ${posts} where ${inArray(posts.userId, [...userIds])})`),
    );
  return rows.map((row) => row.key);
}

/**
 * The storage keys of these members' profile photos. `users.image` holds a URL (better-auth's field, which
 * an identity provider may fill with its own); ours end in `i/<key>/<width>.webp`.
 */
export async function selectAvatarKeysOfMembers(db: Tx, userIds: readonly string[]): Promise<string[]> {
  const rows = await db
    .select({ image: users.image })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  return rows.flatMap((row) => /(i\/[0-9a-f]{32})\/\d+\.webp$/.exec(row.image ?? '')?.[1] ?? []);
}
