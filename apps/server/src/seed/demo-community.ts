import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import { associations, eventTypes, sessions, userAssociations, userEventTypes, users } from '../db/schema.ts';
import { seedDemoFeed } from './demo-feed.ts';
import { seedDemoHauls } from './demo-hauls.ts';
import { seedDemoMessages } from './demo-messages.ts';
import { seedDemoProfiles } from './demo-profiles.ts';

/**
 * The demo community of the embedded default (config.seedDemo; never in production): a few members
 * who have finished onboarding and phone verification, so that a newcomer sees a living app. The
 * README and the e2e tests sign in with DEMO_MEMBER.
 */
export const DEMO_MEMBER = { email: 'demo@corral.app', password: 'Buckle#2026' } as const;

/**
 * The demo community's staff (trust and safety, ADR 028), with the demo password: an admin and a moderator
 * to try the moderation queue with, and for the e2e journeys that walk it. Elsewhere the first admin is made
 * by `npm run corral -- grant EMAIL admin`.
 */
export const DEMO_ADMIN = { email: 'admin@corral.app', password: DEMO_MEMBER.password } as const;
export const DEMO_MODERATOR = { email: 'moderator@corral.app', password: DEMO_MEMBER.password } as const;

interface DemoPerson {
  firstName: string;
  lastName: string;
  email: string;
  /** Fictional: 555-0100 to 555-0199 are reserved for fiction in every North American area code. */
  phone: string;
  dateOfBirth: string;
  gender: 'male' | 'female';
  transportId: 1 | 2 | 3;
  /** Abbreviations from reference-data.ts. */
  events: string[];
  associations: string[];
}

/** The demo member, set up last: a demo member with a verified phone marks a finished seed. */
const DEMO_PERSON: DemoPerson = {
  firstName: 'Dakota',
  lastName: 'Reese',
  email: DEMO_MEMBER.email,
  phone: '+13075550100',
  dateOfBirth: '1994-05-12',
  gender: 'female',
  transportId: 1,
  events: ['BRL', 'BA', 'TR'],
  associations: ['PRCA', 'WPRA', 'NBHA'],
};

/** The other members; they share the demo password so that e2e journeys can sign in as a second member. */
export const DEMO_NEIGHBOURS: readonly DemoPerson[] = [
  person('Cody', 'Braddock', '+14065550101', '1991-08-03', 'male', 2, ['BR', 'BB'], ['PRCA', 'PBR']),
  person('Savannah', 'Reyes', '+18065550102', '1997-02-21', 'female', 1, ['BRL', 'PB'], ['WPRA', 'NBHA']),
  person('Tanner', 'McCoy', '+14055550103', '1989-11-14', 'male', 2, ['TR', 'TD'], ['PRCA', 'USTRC']),
  person('Kaycee', 'Whitfield', '+12085550104', '2002-06-30', 'female', 3, ['BA', 'GT'], ['NIRA', 'WPRA']),
  person('Boone', 'Harlan', '+19705550105', '1993-01-09', 'male', 3, ['SB', 'BB'], ['PRCA', 'IPRA']),
  person('Luke', 'Aguilar', '+15755550106', '1990-04-17', 'male', 1, ['TD', 'SW'], ['PRCA', 'ACRA']),
  person('Shelby', 'Tate', '+17755550107', '2006-09-25', 'female', 1, ['BRL', 'PB', 'GT'], ['NHSRA', 'NBHA']),
  person('Hank', 'Delgado', '+19285550108', '1985-12-02', 'male', 2, ['SR', 'TR'], ['PRCA', 'USTRC']),
];

/** The staff, outside the community's feed and friendships: they watch over it. */
export const DEMO_STAFF: readonly (DemoPerson & { role: 'admin' | 'moderator' })[] = [
  {
    ...person('Wade', 'Marshall', '+13075550110', '1980-03-15', 'male', 2, ['TR'], ['PRCA']),
    email: DEMO_ADMIN.email,
    role: 'admin',
  },
  {
    ...person('Loretta', 'Banks', '+13075550111', '1987-10-08', 'female', 1, ['BRL'], ['WPRA']),
    email: DEMO_MODERATOR.email,
    role: 'moderator',
  },
];

function person(
  firstName: string,
  lastName: string,
  phone: string,
  dateOfBirth: string,
  gender: DemoPerson['gender'],
  transportId: DemoPerson['transportId'],
  events: string[],
  associationAbrs: string[],
): DemoPerson {
  const email = `${firstName}.${lastName}@demo.corral.app`.toLowerCase();
  return { firstName, lastName, email, phone, dateOfBirth, gender, transportId, events, associations: associationAbrs };
}

/** Member ids of the demo community by email, for the steps that follow the members. */
export type DemoMembers = ReadonlyMap<string, string>;

/**
 * Seeds the demo community once: returns false when it is already there. Each step finds before it
 * creates, so a seed interrupted halfway (a crash at start-up) completes on the next start. Steps
 * added later (friendships, posts, events) go between the members and the demo member's setup, and
 * must be safe to run again in the same way.
 */
export async function seedDemoCommunity(ctx: AppContext): Promise<boolean> {
  if (await isSeeded(ctx)) return false;
  const members = new Map<string, string>();
  for (const someone of [DEMO_PERSON, ...DEMO_NEIGHBOURS])
    members.set(someone.email, await ensureAccount(ctx, someone));
  for (const someone of DEMO_NEIGHBOURS) await setUp(ctx, memberId(members, someone.email), someone);

  const everyone = [DEMO_PERSON, ...DEMO_NEIGHBOURS].map((someone) => memberId(members, someone.email));
  await seedDemoFeed(ctx, everyone);
  await seedDemoProfiles(ctx, everyone);
  await seedDemoStaff(ctx);
  await seedDemoHauls(ctx, everyone);
  // Later issues append their steps here.

  await setUp(ctx, memberId(members, DEMO_PERSON.email), DEMO_PERSON);
  // After the demo member's setup, as messages go only to a member who finished it; a start interrupted
  // between the two leaves the demo without its conversations, nothing worse.
  await seedDemoMessages(ctx, everyone);
  ctx.logger.info({ event: 'demo.seeded', members: members.size }, 'demo community seeded');
  return true;
}

/** The admin and the moderator: set up as any member, then given their role (again, harmlessly, on a rerun). */
async function seedDemoStaff(ctx: AppContext): Promise<void> {
  for (const someone of DEMO_STAFF) {
    const id = await ensureAccount(ctx, someone);
    await setUp(ctx, id, someone);
    await ctx.db.update(users).set({ role: someone.role }).where(eq(users.id, id));
  }
}

async function isSeeded(ctx: AppContext): Promise<boolean> {
  const [demo] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, DEMO_MEMBER.email), eq(users.phoneNumberVerified, true)));
  return Boolean(demo);
}

function memberId(members: DemoMembers, email: string): string {
  const id = members.get(email);
  if (!id) throw new Error(`demo member ${email} missing`);
  return id;
}

/** Through better-auth, so that the password is hashed as for any member. */
async function ensureAccount(ctx: AppContext, someone: DemoPerson): Promise<string> {
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, someone.email));
  if (existing) return existing.id;
  const result = await ctx.auth.api.signUpEmail({
    body: {
      name: `${someone.firstName} ${someone.lastName}`,
      email: someone.email,
      password: DEMO_MEMBER.password,
      firstName: someone.firstName,
      lastName: someone.lastName,
    },
  });
  // Sign-up signs in; nobody holds that token, so it goes.
  await ctx.db.delete(sessions).where(eq(sessions.userId, result.user.id));
  return result.user.id;
}

/** Onboarded, phone verified, with interests: what onboarding and phone verification would leave. */
async function setUp(ctx: AppContext, userId: string, someone: DemoPerson): Promise<void> {
  const eventTypeIds = await idsOf(ctx, eventTypes, someone.events);
  const associationIds = await idsOf(ctx, associations, someone.associations);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(userEventTypes).where(eq(userEventTypes.userId, userId));
    await tx.insert(userEventTypes).values(eventTypeIds.map((eventTypeId) => ({ userId, eventTypeId })));
    await tx.delete(userAssociations).where(eq(userAssociations.userId, userId));
    await tx.insert(userAssociations).values(associationIds.map((associationId) => ({ userId, associationId })));
    await tx
      .update(users)
      .set({
        dateOfBirth: someone.dateOfBirth,
        gender: someone.gender,
        transportId: someone.transportId,
        isOnboard: true,
        phoneNumber: someone.phone,
        phoneNumberVerified: true,
        emailVerified: true,
      })
      .where(eq(users.id, userId));
  });
}

async function idsOf(ctx: AppContext, table: typeof eventTypes | typeof associations, abrs: string[]) {
  const t = table as typeof eventTypes;
  const rows = await ctx.db.select({ id: t.id }).from(t).where(inArray(t.abr, abrs));
  if (rows.length !== abrs.length) throw new Error(`demo seed: unknown abbreviation among ${abrs.join(', ')}`);
  return rows.map((row) => row.id);
}
