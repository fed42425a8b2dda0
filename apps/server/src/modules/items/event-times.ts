import { type SQL, sql } from 'drizzle-orm';

/*
 * Events in time, for the lists that page through them soonest first (docs/decisions/031-lists-at-scale.md).
 * "Not ended at now" is `to_date >= now`, and ordered by `from_date` an index walk over that condition starts at
 * the oldest event ever and drops every past one: at 100,000 events, 52,000 buffers for a page of 10. Split in
 * two instead, each read by its own index from `now`: the events under way (their span holds `now`: the GiST
 * index on `tstzrange(from_date, to_date)`, a handful; one starting at `now` is one of them) and those to come
 * (`from_date > now`: the (from_date, post_id) index, from `now` on). Each part keeps its first rows in order; the union is ordered again and cut.
 */

export interface EventWalk {
  /** The instant (a timestamptz expression). */
  now: SQL;
  /** What else a row must be: conditions on `p` (the event's posts row) and `ed` (its details). */
  where: SQL;
  /** The keyset to continue after, `(from_date, id)`, or null for the first page. */
  after: { at: SQL; id: SQL } | null;
  /** How many rows the page takes (each part takes as many). */
  take: SQL;
}

/** Events that have not ended at `now`, soonest first: rows `(id, from_date)`, at most `take`. */
export function eventsNotEnded({ now, where, after, take }: EventWalk): SQL {
  const cursor = (alias: string) => {
    const e = sql.raw(alias);
    return after ? sql`and (${e}.from_date, ${e}.post_id) > (${after.at}::timestamptz, ${after.id})` : sql``;
  };
  // Under way: the few whose span holds `now`, put in order first (their details alone: the span index, then
  // the rows), and only then joined and checked one by one until the page is full.
  const underWay = sql`(
    select p.id, u.from_date from (
      select uw.post_id, uw.from_date from event_details uw
      where tstzrange(uw.from_date, greatest(uw.from_date, uw.to_date), '[]') @> ${now}::timestamptz ${cursor('uw')}
      order by uw.from_date, uw.post_id offset 0) u
    join posts p on p.id = u.post_id join event_details ed on ed.post_id = p.id
    where ${where}
    order by u.from_date, u.post_id limit ${take})`;
  // To come: the from_date index, walked from `now`.
  const toCome = sql`(
    select p.id, ed.from_date from event_details ed join posts p on p.id = ed.post_id
    where ed.from_date > ${now}::timestamptz ${cursor('ed')} and ${where}
    order by ed.from_date, ed.post_id limit ${take})`;
  return sql`select id, from_date from (${underWay} union all ${toCome}) not_ended order by from_date, id limit ${take}`;
}
