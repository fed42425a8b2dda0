import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import {
  associations,
  comments,
  eventAssociations,
  eventDetails,
  eventEventTypes,
  eventFollows,
  eventTypes,
  friendships,
  likes,
  postImages,
  posts,
} from '../db/schema.ts';
import { storeImage } from '../modules/media/media.service.ts';
import { seedDemoEvents } from './demo-events.ts';
import { demoPhoto } from './demo-photos.ts';

const DAY = 86_400_000;
/** Who knows whom: the demo member (index 0) has four friends, whose own friends become suggestions. */
const FRIENDS: [number, number][] = [
  [0, 1],
  [0, 2],
  [0, 3],
  [0, 4],
  [1, 5],
  [1, 6],
  [2, 7],
  [3, 8],
  [2, 5],
  [5, 6],
];
const CAPTIONS = [
  'Slack at Cheyenne this morning. Ground was perfect.',
  'New saddle pad came in. My mare approves.',
  'Long haul to Pendleton tonight, anyone else on the road?',
  'First go done, 14.2. Short round Sunday!',
  'Practice pen after work. Nothing beats this light.',
  'Shod all four before the weekend. Ready to roll.',
  'Team roping jackpot was a blast, thanks for the hospitality Fort Worth.',
  'Sunrise over the arena rail. Coffee in hand.',
  'Who is entered at Ellensburg? Need a travel partner.',
  'Breakaway run from last night, still grinning.',
  'Hauling two for the Prescott rodeo, room for one more horse.',
  'Rain out. Waiting it out in the trailer with a good book.',
  'Cheering on the high school kids this weekend. Proud of this crew.',
  'Tied my best time in the goat tying today!',
  'Horse of the week: Biscuit, 12 years young.',
  'Fixing fence before the storm rolls in.',
  'Road food ranking, part three.',
  'Out in the pasture at golden hour.',
];
const EVENTS = [
  {
    title: 'Cheyenne Frontier Days',
    location: 'Cheyenne, WY',
    address: '4610 Carey Ave',
    days: 9,
    money: 1250000,
    types: ['BB', 'SB', 'BR', 'BRL'],
    assocs: ['PRCA', 'WPRA'],
  },
  {
    title: 'Pendleton Round-Up',
    location: 'Pendleton, OR',
    address: '1114 SW Court Ave',
    days: 16,
    money: 800000,
    types: ['TR', 'TD', 'SW', 'BRL', 'BA'],
    assocs: ['PRCA', 'WPRA'],
  },
  {
    title: 'Fort Worth Stock Show Rodeo',
    location: 'Fort Worth, TX',
    address: '3400 Burnett-Tandy Dr',
    days: 23,
    money: 600000,
    types: ['BR', 'BB', 'TR'],
    assocs: ['PRCA'],
  },
  {
    title: 'NBHA Barrel Jackpot',
    location: 'Guthrie, OK',
    address: '4500 W Seward Rd',
    days: 5,
    money: 50000,
    types: ['BRL', 'PB'],
    assocs: ['NBHA'],
  },
  {
    title: 'High School Finals Qualifier',
    location: 'Gillette, WY',
    address: '1635 Reata Dr',
    days: 30,
    money: 10000,
    types: ['GT', 'BA', 'PB', 'BRL', 'TR'],
    assocs: ['NHSRA'],
  },
];

/** Deterministic, so every fresh demo looks the same. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

/** Friends, posts with photos, likes, comments, shares and upcoming events for the demo community. Idempotent. */
export async function seedDemoFeed(ctx: AppContext, memberIds: string[]): Promise<void> {
  const [demo] = memberIds;
  if (!demo) return;
  const [existing] = await ctx.db.select({ id: posts.id }).from(posts).where(eq(posts.userId, demo)).limit(1);
  if (existing) return;
  const rand = random(42);
  const now = ctx.clock.now();
  const id = (index: number) => memberIds[index % memberIds.length] as string;

  await ctx.db
    .insert(friendships)
    .values(
      FRIENDS.flatMap(([a, b]) => [
        { userId: id(a), friendId: id(b) },
        { userId: id(b), friendId: id(a) },
      ]),
    )
    .onConflictDoNothing();

  const postIds: number[] = [];
  for (const [index, caption] of CAPTIONS.entries()) {
    const photos = index % 2 === 0 ? 1 + (index % 7) : 0;
    const stored = [];
    for (let p = 0; p < photos; p += 1) stored.push(await storeImage(ctx, await demoPhoto(index * 7 + p)));
    const at = new Date(now - (CAPTIONS.length - index) * 0.9 * DAY - rand() * DAY * 0.5);
    const [row] = await ctx.db
      .insert(posts)
      .values({ userId: id(index), kind: 'post', title: caption, sortDate: at, createdAt: at })
      .returning({ id: posts.id });
    if (!row) continue;
    postIds.push(row.id);
    if (stored.length > 0)
      await ctx.db.insert(postImages).values(stored.map((image, position) => ({ postId: row.id, position, ...image })));
  }

  await ctx.db
    .insert(likes)
    .values(postIds.flatMap((postId) => memberIds.filter(() => rand() < 0.45).map((userId) => ({ postId, userId }))))
    .onConflictDoNothing();
  const remarks = [
    'Looking good!',
    'See you down the road.',
    'Great run!',
    'That light though.',
    'Save me a spot in the trailer.',
  ];
  await ctx.db
    .insert(comments)
    .values(
      postIds.flatMap((postId, i) =>
        i % 3 === 0
          ? [0, 1].map((k) => ({ postId, userId: id(i + k + 1), text: remarks[(i + k) % remarks.length] as string }))
          : [],
      ),
    );
  for (const [k, target] of [postIds[3], postIds[8], postIds[12], postIds[15]].entries()) {
    if (!target) continue;
    const at = new Date(now - (3 - k) * DAY * 0.7);
    await ctx.db.insert(posts).values({
      userId: id([1, 2, 4, 2][k] ?? 1), // friends of the demo member, never the author
      kind: 'share',
      sharedPostId: target,
      title: k % 2 ? 'Have to share this one.' : null,
      sortDate: at,
      createdAt: at,
    });
  }

  const typeIds = new Map((await ctx.db.select().from(eventTypes)).map((t) => [t.abr, t.id]));
  const assocIds = new Map((await ctx.db.select().from(associations)).map((a) => [a.abr, a.id]));
  for (const [index, event] of EVENTS.entries()) {
    const from = new Date(now + event.days * DAY);
    const [row] = await ctx.db
      .insert(posts)
      .values({
        userId: id(index === 0 ? 0 : index + 2),
        kind: 'event',
        title: event.title,
        sortDate: new Date(now - index * DAY * 1.3),
      })
      .returning({ id: posts.id });
    if (!row) continue;
    await ctx.db.insert(eventDetails).values({
      postId: row.id,
      fromDate: from,
      toDate: new Date(from.getTime() + 3 * DAY),
      location: event.location,
      address: event.address,
      addedMoney: event.money,
    });
    await ctx.db
      .insert(eventEventTypes)
      .values(
        event.types.flatMap((abr) =>
          typeIds.get(abr) ? [{ postId: row.id, eventTypeId: typeIds.get(abr) as number }] : [],
        ),
      );
    await ctx.db
      .insert(eventAssociations)
      .values(
        event.assocs.flatMap((abr) =>
          assocIds.get(abr) ? [{ postId: row.id, associationId: assocIds.get(abr) as number }] : [],
        ),
      );
    if (index === 1 || index === 3) await ctx.db.insert(eventFollows).values({ postId: row.id, userId: demo });
  }

  await seedDemoEvents(ctx, memberIds);

  // Counters from the rows they count.
  await ctx.db.execute(sql`update posts p set
    likes_count = (select count(*) from likes l where l.post_id = p.id),
    comments_count = (select count(*) from comments c where c.post_id = p.id),
    shares_count = (select count(*) from posts s where s.shared_post_id = p.id)
    where p.user_id in (${sql.join(
      memberIds.map((m) => sql`${m}`),
      sql`, `,
    )})`);
}
