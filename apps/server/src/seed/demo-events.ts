import { inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import {
  associations,
  circuits,
  comments,
  eventAssociations,
  eventDetails,
  eventEventTypes,
  eventFollows,
  eventPerformances,
  eventTypes,
  postImages,
  posts,
} from '../db/schema.ts';
import { storeImage } from '../modules/media/media.service.ts';
import { demoPhoto } from './demo-photos.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** The zone of a place, from its state ('Cheyenne, WY'). */
function zoneOf(location: string): string {
  const state = location.split(',').at(-1)?.trim() ?? '';
  if (['OR', 'WA', 'CA', 'NV'].includes(state)) return 'America/Los_Angeles';
  if (['TX', 'OK', 'KS', 'NE'].includes(state)) return 'America/Chicago';
  if (state === 'AZ') return 'America/Phoenix';
  return 'America/Denver';
}

const PERFORMANCES = ['Slack', 'First Performance', 'Short Round'];
const EVENT_REMARKS = ['Entered! See everyone there.', 'Who is hauling from the north?', 'Can not wait for this one.'];

/** Events the demo adds beyond the upcoming ones of the feed: two past ones and a private one. */
const MORE_EVENTS = [
  {
    title: 'Ellensburg Rodeo',
    location: 'Ellensburg, WA',
    address: '609 N Main St',
    days: -75,
    owner: 1,
    isPrivate: false,
    types: ['BB', 'TR', 'BRL'],
    assocs: ['PRCA'],
  },
  {
    title: 'Prescott Frontier Days',
    location: 'Prescott, AZ',
    address: '840 Rodeo Dr',
    days: -40,
    owner: 0,
    isPrivate: false,
    types: ['SB', 'BR', 'TD'],
    assocs: ['PRCA', 'WPRA'],
  },
  {
    title: 'Family Branding Day',
    location: 'Laramie, WY',
    address: '2200 Ranch Rd',
    days: 12,
    owner: 2,
    isPrivate: true,
    types: ['TR'],
    assocs: ['PRCA'],
  },
] as const;

/**
 * Events as the events module makes them: each with a time zone, a circuit, performances, an image through
 * the real pipeline, followers and comments; plus two past events (history) and a private one by a friend of
 * the demo member. Runs once, inside seedDemoFeed's first run.
 */
export async function seedDemoEvents(ctx: AppContext, memberIds: string[]): Promise<void> {
  const now = ctx.clock.now();
  const id = (index: number) => memberIds[index % memberIds.length] as string;
  const typeIds = new Map((await ctx.db.select().from(eventTypes)).map((t) => [t.abr, t.id]));
  const assocIds = new Map((await ctx.db.select().from(associations)).map((a) => [a.abr, a.id]));
  const circuitIds = (await ctx.db.select({ id: circuits.id }).from(circuits)).map((c) => c.id);

  for (const [index, event] of MORE_EVENTS.entries()) {
    const from = new Date(now + event.days * DAY);
    const created = new Date(Math.min(now, from.getTime()) - 30 * DAY);
    const [row] = await ctx.db
      .insert(posts)
      .values({ userId: id(event.owner), kind: 'event', title: event.title, sortDate: created, createdAt: created })
      .returning({ id: posts.id });
    if (!row) continue;
    await ctx.db.insert(eventDetails).values({
      postId: row.id,
      fromDate: from,
      toDate: new Date(from.getTime() + 2 * DAY),
      location: event.location,
      address: event.address,
      addedMoney: event.isPrivate ? 0 : 150000 + index * 50000,
      isPrivate: event.isPrivate,
    });
    const types = event.types.flatMap((abr) => (typeIds.get(abr) ? [typeIds.get(abr) as number] : []));
    if (types.length > 0)
      await ctx.db.insert(eventEventTypes).values(types.map((eventTypeId) => ({ postId: row.id, eventTypeId })));
    const assocs = event.assocs.flatMap((abr) => (assocIds.get(abr) ? [assocIds.get(abr) as number] : []));
    if (assocs.length > 0)
      await ctx.db.insert(eventAssociations).values(assocs.map((associationId) => ({ postId: row.id, associationId })));
  }

  // Every event of the demo members gets what the Create Event form gives it.
  const events = await ctx.db
    .select({
      id: posts.id,
      userId: posts.userId,
      from: eventDetails.fromDate,
      location: eventDetails.location,
      isPrivate: eventDetails.isPrivate,
    })
    .from(posts)
    .innerJoin(eventDetails, sql`${eventDetails.postId} = ${posts.id}`)
    .where(inArray(posts.userId, memberIds))
    .orderBy(posts.id);
  for (const [index, event] of events.entries()) {
    const image = await storeImage(ctx, await demoPhoto(200 + index, 1200, 800));
    await ctx.db.insert(postImages).values({ postId: event.id, position: 0, ...image });
    await ctx.db
      .update(eventDetails)
      .set({
        timeZone: zoneOf(event.location),
        imageKey: image.storageKey,
        circuitId: circuitIds[index % Math.max(1, circuitIds.length)] ?? null,
        tour: index % 3 === 0,
        confirmation: index % 2 === 0 ? 'confirmed' : 'planning',
        sync: true,
      })
      .where(sql`${eventDetails.postId} = ${event.id}`);
    await ctx.db.insert(eventPerformances).values(
      PERFORMANCES.map((name, position) => ({
        postId: event.id,
        position,
        name,
        startsAt: new Date(event.from.getTime() + position * DAY + 2 * HOUR),
      })),
    );
    // A private event's followers are its owner's friends: the demo member is one of each owner's.
    const fans = event.isPrivate ? [id(0)] : [1, 2, 3, 4].map(id).filter((member) => member !== event.userId);
    await ctx.db
      .insert(eventFollows)
      .values(fans.slice(0, 1 + (index % 3)).map((userId) => ({ postId: event.id, userId })))
      .onConflictDoNothing();
    await ctx.db.insert(comments).values({
      postId: event.id,
      userId: fans[0] ?? id(1),
      text: EVENT_REMARKS[index % EVENT_REMARKS.length] as string,
    });
  }
  // The demo member follows the past event of a friend, so their history is not only their own.
  const [past] = events.filter((event) => event.from.getTime() < now && event.userId !== id(0));
  if (past)
    await ctx.db
      .insert(eventFollows)
      .values({ postId: past.id, userId: id(0) })
      .onConflictDoNothing();
}
