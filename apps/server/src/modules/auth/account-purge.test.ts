import { LIMITS } from '@corral/contract';
import { eq, inArray } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, signUpMember } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { accounts, users } from '../../db/schema.ts';
import { ManualClock } from '../../lib/clock.ts';
import { type PurgeStep, purgeDeletedAccounts, scheduleAccountPurge } from './account-purge.ts';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date(Date.UTC(2026, 5, 1, 12));
let t: TestApp;
let clock: ManualClock;
beforeAll(async () => {
  clock = new ManualClock(now.getTime());
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const exists = async (ids: string[]) =>
  (await t.ctx.db.select({ id: users.id }).from(users).where(inArray(users.id, ids))).map((row) => row.id);
async function deletedDaysAgo(days: number) {
  const member = await signUpMember(t.app);
  await t.ctx.db
    .update(users)
    .set({ deletedAt: new Date(now.getTime() - days * DAY) })
    .where(eq(users.id, member.user.id));
  return member.user.id;
}

describe('purgeDeletedAccounts', () => {
  it(`removes members deleted more than ${LIMITS.accountPurgeAfterDays} days ago, with their rows, and only them`, async () => {
    const old = await deletedDaysAgo(31);
    const recent = await deletedDaysAgo(29);
    const live = (await signUpMember(t.app)).user.id;
    const seen: string[][] = [];
    const step: PurgeStep = { name: 'record', run: async (_ctx, _tx, ids) => void seen.push([...ids]) };

    expect(await purgeDeletedAccounts(t.ctx, now, [step])).toBe(1);
    expect(seen).toEqual([[old]]);
    expect(await exists([old, recent, live])).toEqual(expect.arrayContaining([recent, live]));
    expect(await exists([old])).toEqual([]);
    expect(await t.ctx.db.select().from(accounts).where(eq(accounts.userId, old))).toEqual([]);

    // Running again, or on several processes at once, finds nothing more to do.
    expect(await purgeDeletedAccounts(t.ctx, now, [step])).toBe(0);
    const twice = await Promise.all([purgeDeletedAccounts(t.ctx, now), purgeDeletedAccounts(t.ctx, now)]);
    expect(twice).toEqual([0, 0]);
    expect(await exists([recent, live])).toHaveLength(2);
  });

  it('leaves everything in place when a step fails, for the next run to retry', async () => {
    const old = await deletedDaysAgo(40);
    const failing: PurgeStep = {
      name: 'media',
      run: async () => {
        throw new Error('storage unavailable');
      },
    };
    await expect(purgeDeletedAccounts(t.ctx, now, [failing])).rejects.toThrow('storage unavailable');
    expect(await exists([old])).toEqual([old]);
    expect(await purgeDeletedAccounts(t.ctx, now)).toBe(1);
  });

  it('purges a member deleted through the API once 30 days have passed on the clock', async () => {
    const member = await signUpMember(t.app);
    await t.app.inject({ method: 'DELETE', url: '/api/account-delete', headers: bearer(member.token) });
    clock.advance(29 * DAY);
    await purgeDeletedAccounts(t.ctx);
    expect(await exists([member.user.id])).toEqual([member.user.id]);
    clock.advance(2 * DAY);
    expect(await purgeDeletedAccounts(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await exists([member.user.id])).toEqual([]);
  });
});

describe('scheduleAccountPurge', () => {
  it('runs on its interval from ready until close', async () => {
    const old = await deletedDaysAgo(31);
    clock = new ManualClock(now.getTime());
    const host = Fastify({ logger: false });
    host.decorate('ctx', { ...t.ctx, clock });
    scheduleAccountPurge(host, 20);
    await host.ready();
    await vi.waitFor(async () => expect(await exists([old])).toEqual([]), { timeout: 5_000 });
    await host.close();
  });
});
