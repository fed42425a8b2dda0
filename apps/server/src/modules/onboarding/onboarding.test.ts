import { MESSAGES, referenceListSchema } from '@corral/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpMember } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { userAssociations, userEventTypes, users } from '../../db/schema.ts';
import { ManualClock } from '../../lib/clock.ts';

const O = MESSAGES.onboarding;
let t: TestApp;
let eventTypeIds: number[];
let associationIds: number[];
beforeAll(async () => {
  t = await createTestApp();
  const ids = async (path: string) =>
    referenceListSchema.parse((await t.app.inject({ url: `/api/setup/${path}` })).json()).map((item) => item.id);
  eventTypeIds = await ids('event-types');
  associationIds = await ids('associations');
});
afterAll(() => t.close());

const validBody = () => ({
  age: '1996-03-08',
  gender: 'male',
  transport_id: 2,
  event_type_ids: [eventTypeIds[0], eventTypeIds[5]],
  association_ids: [associationIds[0]],
});
const onBoard = (token: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/on-board',
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });

/** Everything onboarding may write for a member. */
async function stateOf(userId: string) {
  const [user] = await t.ctx.db.select().from(users).where(eq(users.id, userId));
  const events = await t.ctx.db
    .select({ id: userEventTypes.eventTypeId })
    .from(userEventTypes)
    .where(eq(userEventTypes.userId, userId))
    .orderBy(asc(userEventTypes.eventTypeId));
  const assocs = await t.ctx.db
    .select({ id: userAssociations.associationId })
    .from(userAssociations)
    .where(eq(userAssociations.userId, userId))
    .orderBy(asc(userAssociations.associationId));
  return { user, events: events.map((row) => row.id), associations: assocs.map((row) => row.id) };
}

describe('POST /on-board', () => {
  it('saves the answers in one go and answers the user with is_onboard 1 and the same token', async () => {
    const member = await signUpMember(t.app);
    expect(member.user.is_onboard).toBe(0);
    const response = await onBoard(member.token, validBody());
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: member.user.id, is_onboard: 1, verified: 0 });
    expect(response.json().user.api_token).toBe(member.token);
    const state = await stateOf(member.user.id);
    expect(state.user).toMatchObject({ dateOfBirth: '1996-03-08', gender: 'male', transportId: 2, isOnboard: true });
    expect(state.events).toEqual([eventTypeIds[0], eventTypeIds[5]].sort((a, b) => (a ?? 0) - (b ?? 0)));
    expect(state.associations).toEqual([associationIds[0]]);
    // The session check now sees the member onboarded.
    const verify = await t.app.inject({ url: '/api/verify', headers: bearer(member.token) });
    expect(verify.json().user.is_onboard).toBe(1);
  });

  it('replaces the choices when the member onboards again', async () => {
    const member = await signUpMember(t.app);
    await onBoard(member.token, validBody());
    const again = { ...validBody(), gender: 'female', transport_id: 3, event_type_ids: [eventTypeIds[8]] };
    again.association_ids = [associationIds[1], associationIds[2]] as number[];
    expect((await onBoard(member.token, again)).statusCode).toBe(200);
    const state = await stateOf(member.user.id);
    expect(state.user).toMatchObject({ gender: 'female', transportId: 3 });
    expect(state.events).toEqual([eventTypeIds[8]]);
    expect(state.associations).toEqual([associationIds[1], associationIds[2]]);
  });

  it('ignores fields it does not know: user_id, verified, is_onboard …', async () => {
    const member = await signUpMember(t.app);
    const other = await signUpMember(t.app);
    const body = {
      ...validBody(),
      user_id: other.user.id,
      id: other.user.id,
      verified: 1,
      is_onboard: 0,
      email: 'x@y.z',
    };
    const response = await onBoard(member.token, body);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: member.user.id, email: member.email, verified: 0, is_onboard: 1 });
    expect((await stateOf(other.user.id)).user?.isOnboard).toBe(false);
    expect((await stateOf(member.user.id)).user?.phoneNumberVerified).toBe(false);
  });

  it('refuses a missing or unknown token with 401', async () => {
    expect((await onBoard(undefined, validBody())).statusCode).toBe(401);
    const response = await onBoard('not-a-real-token', validBody());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: MESSAGES.http.unauthenticated });
    // The token is checked before the body: a stranger learns nothing about the schema.
    expect((await onBoard(undefined, {})).statusCode).toBe(401);
  });

  const badInputs: Array<[string, Record<string, unknown>, string, string]> = [
    ['no date of birth', { age: undefined }, 'age', O.dobRequired],
    ['an empty date of birth', { age: '  ' }, 'age', O.dobRequired],
    ['a date of birth that is no date', { age: '1996-02-30' }, 'age', O.dobRequired],
    // Far enough ahead for any clock: the day boundary itself is the contract's test (isFutureDate).
    ['a date of birth in the future', { age: '2999-01-01' }, 'age', O.dobFuture],
    ['no gender', { gender: undefined }, 'gender', O.genderRequired],
    ['a gender not offered', { gender: 'other' }, 'gender', O.genderRequired],
    ['no hauling option', { transport_id: undefined }, 'transport_id', O.optionRequired],
    ['a hauling option not offered', { transport_id: 4 }, 'transport_id', O.optionRequired],
    ['no events', { event_type_ids: [] }, 'event_type_ids', O.eventsRequired],
    ['events that are not ids', { event_type_ids: ['abc'] }, 'event_type_ids', O.eventsRequired],
    ['an event that does not exist', { event_type_ids: [999_999] }, 'event_type_ids', O.eventsRequired],
    ['no associations', { association_ids: undefined }, 'association_ids', O.associationsRequired],
    ['an association that does not exist', { association_ids: [999_999] }, 'association_ids', O.associationsRequired],
  ];

  it.each(badInputs)('refuses %s with the spec message and changes nothing', async (_name, change, field, message) => {
    const member = await signUpMember(t.app);
    await onBoard(member.token, validBody());
    const before = await stateOf(member.user.id);
    const body = { ...validBody(), gender: 'female', transport_id: 1, event_type_ids: [eventTypeIds[3]], ...change };
    const response = await onBoard(member.token, body);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(message);
    // An item of a list is reported under its path (event_type_ids.0), as the central handler does.
    const errors = response.json().errors as Record<string, string[]>;
    const messages = Object.entries(errors).filter(([key]) => key === field || key.startsWith(`${field}.`));
    expect(messages.flatMap(([, list]) => list)).toContain(message);
    expect(await stateOf(member.user.id)).toEqual(before);
  });

  it('refuses a first onboarding with bad input without marking the member onboarded', async () => {
    const member = await signUpMember(t.app);
    const before = await stateOf(member.user.id);
    const response = await onBoard(member.token, { ...validBody(), association_ids: [associationIds[0], 999_999] });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: O.associationsRequired,
      errors: { association_ids: [O.associationsRequired] },
    });
    expect(await stateOf(member.user.id)).toEqual(before);
    expect(before.user?.isOnboard).toBe(false);
  });
});

describe('the date of birth on the server clock', () => {
  it("judges 'not in the future' by the server's clock, not the machine's", async () => {
    // A server clock set back to mid-2020: a birth date in 2024 is in the past on the machine, in the future there.
    const clock = new ManualClock(Date.parse('2020-06-01T12:00:00Z'));
    const timed = await createTestApp({ clock });
    try {
      const member = await signUpMember(timed.app);
      const send = (age: string) =>
        timed.app.inject({
          method: 'POST',
          url: '/api/on-board',
          headers: bearer(member.token),
          payload: { ...validBody(), age },
        });
      const tomorrow = await send('2020-06-03');
      expect(tomorrow.statusCode).toBe(422);
      expect(tomorrow.json().message).toBe(O.dobFuture);
      const later = await send('2024-01-01');
      expect(later.statusCode).toBe(422);
      expect(later.json().message).toBe(O.dobFuture);
      expect((await send('2020-05-31')).statusCode).toBe(200);
    } finally {
      await timed.close();
    }
  });
});
