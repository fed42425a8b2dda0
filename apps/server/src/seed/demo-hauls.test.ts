import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { selectRows } from '../db/sql.ts';
import { seedDemoCommunity } from './demo-community.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SEED_PLACES: 'true' } }); // SEED_DEMO=false: the test seeds by hand
}, 120_000);
afterAll(() => t?.close());

describe('demo hauls', () => {
  it('puts offers (a professional, a friends-only and an instant one) and requests on the demo events', async () => {
    expect(await seedDemoCommunity(t.ctx)).toBe(true);
    const offers = await selectRows<{ rate_type: string; visibility: string; booking_mode: string; event_id: string }>(
      t.ctx.db,
      sql`select rate_type, visibility, booking_mode, event_id from haul_offers where closed_at is null`,
    );
    expect(offers.length).toBeGreaterThanOrEqual(4);
    expect(offers.some((o) => o.rate_type === 'professional')).toBe(true);
    expect(offers.some((o) => o.visibility === 'friends')).toBe(true);
    expect(offers.some((o) => o.booking_mode === 'instant')).toBe(true);
    const [requests] = await selectRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from haul_requests`);
    expect(requests?.n).toBeGreaterThanOrEqual(1);
  }, 120_000);
});
