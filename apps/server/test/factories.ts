import { randomUUID } from 'node:crypto';
import type { CurrentUser } from '@corral/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { associations, eventTypes, friendships, users } from '../src/db/schema.ts';

let sequence = 0;

export interface MemberInput {
  first_name?: string;
  last_name?: string;
  email?: string;
  password?: string;
}

/** Signs a new member up through the real endpoint and returns the user object and password. */
export async function signUpMember(app: FastifyInstance, input: MemberInput = {}) {
  sequence += 1;
  const body = {
    first_name: input.first_name ?? 'Casey',
    last_name: input.last_name ?? `Rider${sequence}`,
    email: input.email ?? `member${sequence}-${randomUUID().slice(0, 8)}@example.com`,
    password: input.password ?? 'Saddle#2026',
  };
  const response = await app.inject({ method: 'POST', url: '/api/signup', payload: body });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const { user } = response.json() as { user: CurrentUser };
  return { user, password: body.password, email: body.email, token: user.api_token };
}

/** Marks a member as onboarded and phone-verified, for tests of what comes after the setup steps. */
export async function completeSetup(app: FastifyInstance, userId: string) {
  await app.ctx.db
    .update(users)
    .set({
      isOnboard: true,
      phoneNumberVerified: true,
      phoneNumber: `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
    })
    .where(eq(users.id, userId));
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Onboards a member through the real endpoint, with the first event type and association unless told. */
export async function onboardMember(
  app: FastifyInstance,
  token: string,
  input: Partial<{
    age: string;
    gender: string;
    transport_id: number;
    event_type_ids: number[];
    association_ids: number[];
  }> = {},
) {
  const [eventType] = await app.ctx.db.select({ id: eventTypes.id }).from(eventTypes).limit(1);
  const [association] = await app.ctx.db.select({ id: associations.id }).from(associations).limit(1);
  const body = {
    age: '1995-06-15',
    gender: 'female',
    transport_id: 1,
    event_type_ids: [eventType?.id],
    association_ids: [association?.id],
    ...input,
  };
  const response = await app.inject({ method: 'POST', url: '/api/on-board', headers: bearer(token), payload: body });
  if (response.statusCode !== 200) throw new Error(`onboarding failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { user: CurrentUser }).user;
}

/** Makes two members friends (both directions, as the friends module stores them). */
export async function befriend(app: FastifyInstance, a: string, b: string) {
  await app.ctx.db.insert(friendships).values([
    { userId: a, friendId: b },
    { userId: b, friendId: a },
  ]);
}

/** A member who has signed up, onboarded and verified a phone: ready for the social endpoints. */
export async function setUpMember(app: FastifyInstance, input: MemberInput = {}) {
  const member = await signUpMember(app, input);
  await completeSetup(app, member.user.id);
  return member;
}

/** Posts through the real multipart endpoint. */
export async function createPost(app: FastifyInstance, token: string, title: string, images: Buffer[] = []) {
  const form = new FormData();
  form.append('title', title);
  for (const [index, image] of images.entries())
    form.append('images', new Blob([new Uint8Array(image)]), `photo-${index}.jpg`);
  const request = new Request('http://corral.test/api/posts', { method: 'POST', body: form });
  const response = await app.inject({
    method: 'POST',
    url: '/api/posts',
    headers: { ...bearer(token), 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return response;
}
