import type { ReferenceItem } from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import { type ReferenceKind, selectExistingIds, selectReferenceList } from './setup.queries.ts';

export type { ReferenceKind };

/** A reference list (event types, associations or circuits) in its sort order. */
export function listReference(ctx: AppContext, kind: ReferenceKind): Promise<ReferenceItem[]> {
  return selectReferenceList(ctx.db, kind);
}

/** Whether every id names an item of the list. */
export async function allExist(ctx: AppContext, kind: ReferenceKind, ids: readonly number[]): Promise<boolean> {
  const unique = [...new Set(ids)];
  const existing = await selectExistingIds(ctx.db, kind, unique);
  return existing.length === unique.length;
}
