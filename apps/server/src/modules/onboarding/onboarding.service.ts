import { MESSAGES, type onboardingRequestSchema, type UserResponse } from '@corral/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { toCurrentUser } from '../auth/auth.mapper.ts';
import { allExist } from '../setup/setup.service.ts';
import {
  replaceUserAssociations,
  replaceUserEventTypes,
  selectUser,
  updateOnboardingFields,
} from './onboarding.queries.ts';

export type OnboardingInput = z.output<typeof onboardingRequestSchema>;

const O = MESSAGES.onboarding;

/**
 * POST /on-board: saves the wizard's answers and marks the member onboarded, all in one transaction.
 * Onboarding again replaces the earlier choices. Only the schema's fields are read: anything else in
 * the body (user_id, verified, is_onboard …) was stripped by the schema and is never written.
 */
export async function onBoard(ctx: AppContext, viewer: Viewer, input: OnboardingInput): Promise<UserResponse> {
  await assertChoicesExist(ctx, input);
  const userId = viewer.user.id;
  const user = await ctx.db.transaction(async (tx) => {
    await updateOnboardingFields(
      tx,
      userId,
      { dateOfBirth: input.age, gender: input.gender, transportId: input.transport_id },
      new Date(ctx.clock.now()),
    );
    await replaceUserEventTypes(tx, userId, input.event_type_ids);
    await replaceUserAssociations(tx, userId, input.association_ids);
    return selectUser(tx, userId);
  });
  if (!user) throw new Error('the member vanished during onboarding');
  return { user: toCurrentUser(user, viewer.token) };
}

/** Ids that name no event type or association are refused with the step's own message. */
async function assertChoicesExist(ctx: AppContext, input: OnboardingInput): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (!(await allExist(ctx, 'eventTypes', input.event_type_ids))) errors.event_type_ids = [O.eventsRequired];
  if (!(await allExist(ctx, 'associations', input.association_ids))) errors.association_ids = [O.associationsRequired];
  const [first] = Object.values(errors);
  if (first?.[0]) throw new AppError(422, first[0], errors);
}
