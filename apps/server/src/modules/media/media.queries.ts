import { inArray, sql } from 'drizzle-orm';
import { postImages, posts } from '../../db/schema.ts';
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
