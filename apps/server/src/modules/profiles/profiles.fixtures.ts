import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { bearer, createPost, setUpMember } from '../../../test/factories.ts';
import { eventDetails, posts } from '../../db/schema.ts';

/** Test helpers of the profile and privacy-table tests (factories.ts stays as it is). */

export type Member = Awaited<ReturnType<typeof setUpMember>>;

type Members<N extends number, Acc extends Member[] = []> = Acc['length'] extends N
  ? Acc
  : Members<N, [...Acc, Member]>;

/** `n` members set up at once (signed up, onboarded, phone verified), typed as a tuple of `n`. */
export async function setUpMembers<N extends number>(app: FastifyInstance, n: N): Promise<Members<N>> {
  return (await Promise.all(Array.from({ length: n }, () => setUpMember(app)))) as Members<N>;
}

/** An event in SQL (creating events comes with the events issue): a posts row of kind 'event' and its details. */
export async function createEvent(
  app: FastifyInstance,
  owner: Member,
  {
    title = 'Rodeo night',
    isPrivate = false,
    at = new Date(app.ctx.clock.now()),
  }: { title?: string; isPrivate?: boolean; at?: Date } = {},
): Promise<number> {
  const [row] = await app.ctx.db
    .insert(posts)
    .values({ userId: owner.user.id, kind: 'event', title, sortDate: at, createdAt: at })
    .returning({ id: posts.id });
  if (!row) throw new Error('event not inserted');
  const from = new Date(at.getTime() + 7 * 86_400_000);
  await app.ctx.db.insert(eventDetails).values({
    postId: row.id,
    fromDate: from,
    toDate: new Date(from.getTime() + 86_400_000),
    location: 'Cheyenne, WY',
    address: '4610 Carey Ave',
    isPrivate,
  });
  return row.id;
}

/** A post through the real endpoint; answers its id. */
export async function postOf(app: FastifyInstance, owner: Member, title: string): Promise<number> {
  const response = await createPost(app, owner.token, title);
  if (response.statusCode !== 200) throw new Error(`post failed: ${response.statusCode} ${response.body}`);
  return response.json().data.id;
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A call as `who` (a member, or null for a guest without a token). */
export function call(app: FastifyInstance, who: Member | null, method: Method, url: string, payload?: object) {
  return app.inject({
    method,
    url,
    headers: who ? bearer(who.token) : {},
    ...(payload === undefined ? {} : { payload }),
  });
}

/** A small real photo (JPEG) made by sharp. */
export function photo(width = 800, height = 600, background = '#8b5a2b'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

/** POST /me/avatar with these files (field `image`), as a browser's form would send them. */
export async function uploadAvatar(app: FastifyInstance, who: Member, files: Buffer[], field = 'image') {
  const form = new FormData();
  for (const [index, file] of files.entries()) form.append(field, new Blob([new Uint8Array(file)]), `me-${index}.jpg`);
  const request = new Request('http://corral.test/api/me/avatar', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url: '/api/me/avatar',
    headers: { ...bearer(who.token), 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}
