import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/sql.ts';
import { selectAvatarKeysOfMembers, selectImageKeysOfMembers } from './media.queries.ts';
import { deleteStoredImage } from './media.service.ts';

/**
 * When deleted members are purged, the photos of their posts and their profile photos leave the storage too
 * (idempotent). Runs in the purge's transaction, before the rows that name the photos cascade away.
 */
export async function purgeMembersMedia(ctx: AppContext, tx: Tx, userIds: readonly string[]): Promise<void> {
  const keys = [...(await selectImageKeysOfMembers(tx, userIds)), ...(await selectAvatarKeysOfMembers(tx, userIds))];
  await Promise.all(keys.map((key) => deleteStoredImage(ctx, key)));
}
