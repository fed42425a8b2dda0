import { inArray, sql } from 'drizzle-orm';
import { postImages, posts } from '../../db/schema.ts';
import type { PurgeStep } from '../auth/account-purge.ts';
import { deleteStoredImage } from './media.service.ts';

/** When a deleted member is purged, the photos of their posts leave the storage too (idempotent). */
export const purgeMemberMedia: PurgeStep = {
  name: 'media',
  async run(ctx, tx, userIds) {
    const rows = await tx
      .select({ key: postImages.storageKey })
      .from(postImages)
      .where(
        inArray(
          postImages.postId,
          sql`(select ${posts.id} from ${posts} where ${inArray(posts.userId, [...userIds])})`,
        ),
      );
    await Promise.all(rows.map((row) => deleteStoredImage(ctx, row.key)));
  },
};
