import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, befriend, setUpMember, signUpMember } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof setUpMember>>;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, member: Member, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(member.token), ...(payload ? { payload } : {}) });
const ask = (from: Member, to: Member) => call('POST', '/api/friends/requests', from, { user_id: to.user.id });
const requestsOf = async (member: Member) => (await call('GET', '/api/friends/requests', member)).json().data;
const friendIds = async (member: Member, q = '') =>
  (await call('GET', `/api/friends${q ? `?q=${encodeURIComponent(q)}` : ''}`, member))
    .json()
    .data.map((f: { id: string }) => f.id);

describe('friend requests', () => {
  it('lists received requests with the friends the two share, and confirms one into a friendship', async () => {
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => setUpMember(t.app)));
    if (!a || !b || !c || !d) throw new Error('members');
    await befriend(t.app, a.user.id, c.user.id);
    await befriend(t.app, b.user.id, c.user.id);
    await befriend(t.app, a.user.id, d.user.id);
    await befriend(t.app, b.user.id, d.user.id);
    expect((await ask(a, b)).json()).toEqual({ status: true, friendship_status: 'pending_sent' });

    const [request] = await requestsOf(b);
    expect(request).toMatchObject({
      mutualFriends: 2,
      user: { id: a.user.id, name: `${a.user.first_name} ${a.user.last_name}` },
    });
    expect(request.mutualFriendAvatars).toHaveLength(2);
    expect(await requestsOf(a)).toEqual([]);

    // Only the recipient confirms; to anyone else the request does not exist.
    expect((await call('POST', `/api/friends/requests/${request.id}/accept`, a)).statusCode).toBe(404);
    expect((await call('POST', `/api/friends/requests/${request.id}/accept`, c)).statusCode).toBe(404);
    const accepted = await call('POST', `/api/friends/requests/${request.id}/accept`, b);
    expect(accepted.json()).toEqual({ status: true, message: 'Request accepted.' });
    expect(await friendIds(a)).toContain(b.user.id);
    expect(await friendIds(b)).toContain(a.user.id);
    expect(await requestsOf(b)).toEqual([]);
    expect((await call('POST', `/api/friends/requests/${request.id}/accept`, b)).statusCode).toBe(404);
  });

  it('lets the recipient delete a request and the sender cancel one', async () => {
    const [a, b] = [await setUpMember(t.app), await setUpMember(t.app)];
    await ask(a, b);
    const [declined] = await requestsOf(b);
    expect((await call('DELETE', `/api/friends/requests/${declined.id}`, b)).json()).toEqual({
      status: true,
      message: 'Request removed.',
    });
    expect(await requestsOf(b)).toEqual([]);
    await ask(a, b);
    const [cancelled] = await requestsOf(b);
    expect((await call('DELETE', `/api/friends/requests/${cancelled.id}`, a)).statusCode).toBe(200);
    expect(await requestsOf(b)).toEqual([]);
    expect((await call('DELETE', `/api/friends/requests/${cancelled.id}`, a)).statusCode).toBe(404);
  });

  it('ends two requests sent at once in one friendship', async () => {
    for (let round = 0; round < 5; round += 1) {
      const [a, b] = [await setUpMember(t.app), await setUpMember(t.app)];
      const answers = await Promise.all([ask(a, b), ask(b, a)]);
      expect(answers.map((answer) => answer.json().friendship_status).sort()).toEqual(['friends', 'pending_sent']);
      expect(await friendIds(a)).toEqual([b.user.id]);
      expect(await requestsOf(a)).toEqual([]);
      expect(await requestsOf(b)).toEqual([]);
    }
  });
});

describe('friends', () => {
  it('filters Contacts by the start of a name, case and wildcards taken literally', async () => {
    const me = await setUpMember(t.app);
    const tyler = await setUpMember(t.app, { first_name: 'Tyler', last_name: 'Wade' });
    const wade = await setUpMember(t.app, { first_name: 'Sage', last_name: 'Tymon' });
    const other = await setUpMember(t.app, { first_name: 'Casey', last_name: 'Stone' });
    for (const friend of [tyler, wade, other]) await befriend(t.app, me.user.id, friend.user.id);
    expect((await friendIds(me, 'ty')).sort()).toEqual([tyler.user.id, wade.user.id].sort());
    expect(await friendIds(me, 'STO')).toEqual([other.user.id]);
    expect(await friendIds(me, '%')).toEqual([]);
    expect(await friendIds(me)).toHaveLength(3);
  });

  it('unfriends both ways, once', async () => {
    const [a, b] = [await setUpMember(t.app), await setUpMember(t.app)];
    await befriend(t.app, a.user.id, b.user.id);
    expect((await call('DELETE', `/api/friends/${b.user.id}`, a)).statusCode).toBe(200);
    expect(await friendIds(a)).toEqual([]);
    expect(await friendIds(b)).toEqual([]);
    expect((await call('DELETE', `/api/friends/${b.user.id}`, a)).statusCode).toBe(404);
  });
});

describe('suggestions', () => {
  it('leave out members who have not verified a phone', async () => {
    const me = await setUpMember(t.app);
    const friend = await setUpMember(t.app);
    const unverified = await signUpMember(t.app);
    await befriend(t.app, me.user.id, friend.user.id);
    await befriend(t.app, friend.user.id, unverified.user.id);
    const { suggestions } = (await call('GET', '/api/home/upcoming-events-home', me)).json();
    expect(suggestions.friends.map((f: { id: string }) => f.id)).not.toContain(unverified.user.id);
  });
});
