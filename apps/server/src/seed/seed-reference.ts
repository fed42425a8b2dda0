import type { Database } from '../db/client.ts';
import { associations, circuits, eventTypes } from '../db/schema.ts';
import { ASSOCIATIONS, CIRCUITS, EVENT_TYPES } from './reference-data.ts';

/** Idempotent: inserts what is missing, leaves what exists. */
export async function seedReferenceData(db: Database): Promise<void> {
  const rows = <T extends { name: string; abr: string }>(list: readonly T[]) =>
    list.map((item, index) => ({ name: item.name, abr: item.abr, sortOrder: index }));
  await db.insert(eventTypes).values(rows(EVENT_TYPES)).onConflictDoNothing({ target: eventTypes.name });
  await db.insert(associations).values(rows(ASSOCIATIONS)).onConflictDoNothing({ target: associations.name });
  await db.insert(circuits).values(rows(CIRCUITS)).onConflictDoNothing({ target: circuits.name });
}
