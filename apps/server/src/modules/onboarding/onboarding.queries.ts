import { eq } from 'drizzle-orm';
import { userAssociations, userEventTypes, users } from '../../db/schema.ts';
import type { Tx } from '../../db/sql.ts';

export interface OnboardingFields {
  dateOfBirth: string;
  gender: string;
  transportId: number;
}

export async function updateOnboardingFields(db: Tx, userId: string, fields: OnboardingFields, now: Date) {
  await db
    .update(users)
    .set({
      dateOfBirth: fields.dateOfBirth,
      gender: fields.gender,
      transportId: fields.transportId,
      isOnboard: true,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

export async function replaceUserEventTypes(db: Tx, userId: string, eventTypeIds: readonly number[]) {
  await db.delete(userEventTypes).where(eq(userEventTypes.userId, userId));
  if (eventTypeIds.length === 0) return;
  await db.insert(userEventTypes).values(eventTypeIds.map((eventTypeId) => ({ userId, eventTypeId })));
}

export async function replaceUserAssociations(db: Tx, userId: string, associationIds: readonly number[]) {
  await db.delete(userAssociations).where(eq(userAssociations.userId, userId));
  if (associationIds.length === 0) return;
  await db.insert(userAssociations).values(associationIds.map((associationId) => ({ userId, associationId })));
}

export async function selectUser(db: Tx, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}
