import { HAUL_LIMITS } from '@corral/contract';
import { type SQL, sql } from 'drizzle-orm';

/**
 * A member's hauling record (docs/decisions/030-hauling-board.md, "Reviews"), for a user id column: completed
 * bookings as driver or rider; the reviews about them that show (not removed by a moderator, and both sides
 * reviewed or `reviewRevealDays` since completion, by the database's clock), their average and count; late
 * cancellations by them. The board's member stats and the profile's hauling record are both this. Every part
 * reads by index from the member (bookings by rider, offers by driver then their bookings, late cancellations,
 * reviews by subject): a tab lists up to 100 drivers, and a count that scanned the tables for each cost seconds
 * at 100,000 offers (bench/README.md, "The corridor search").
 */
export const haulRecordJson = (userId: SQL): SQL => sql`(select jsonb_build_object(
    'completed_hauls', (select count(*)::int from haul_bookings hb
        where hb.rider_id = ${userId} and hb.status = 'completed')
      + (select count(*)::int from haul_offers ho join haul_bookings hb on hb.offer_id = ho.id
        where ho.driver_id = ${userId} and hb.status = 'completed'),
    'rating', round(avg(hr.rating)::numeric, 2)::float8,
    'reviews_count', count(hr.id)::int,
    'late_cancellations', (select count(*)::int from haul_bookings hl where hl.cancelled_by = ${userId} and hl.late))
  from haul_reviews hr join haul_bookings hrb on hrb.id = hr.booking_id
  where hr.subject_id = ${userId} and hr.removed_at is null
    and (exists (select 1 from haul_reviews hro where hro.booking_id = hr.booking_id and hro.author_id <> hr.author_id)
      or hrb.completed_at <= now() - make_interval(days => ${sql.raw(String(HAUL_LIMITS.reviewRevealDays))})))`;
