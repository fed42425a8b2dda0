import { asc, inArray } from 'drizzle-orm';
import { associations, circuits, eventTypes } from '../../db/schema.ts';
import type { Tx } from '../../db/sql.ts';

/** The reference tables: each has id, name, abr and sort_order. */
const TABLES = { eventTypes, associations, circuits } as const;
export type ReferenceKind = keyof typeof TABLES;

// The three tables have the same columns; one of them stands for the type of all three.
const table = (kind: ReferenceKind) => TABLES[kind] as typeof eventTypes;

export function selectReferenceList(db: Tx, kind: ReferenceKind) {
  const t = table(kind);
  return db.select({ id: t.id, name: t.name, abr: t.abr }).from(t).orderBy(asc(t.sortOrder), asc(t.id));
}

export async function selectExistingIds(db: Tx, kind: ReferenceKind, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const t = table(kind);
  const rows = await db
    .select({ id: t.id })
    .from(t)
    .where(inArray(t.id, [...ids]));
  return rows.map((row) => row.id);
}
