import { type SQL, sql } from 'drizzle-orm';
import { literal, type Placeholders, preparedStatements, type Tx, utcText } from '../../db/sql.ts';
import { eventsNotEnded } from '../items/event-times.ts';
import { notBlocked, visibleTo } from '../items/items.policy.ts';

/*
 * Search by word prefix, in PostgreSQL's own text search (PGlite and PostgreSQL alike). A member's name and
 * an event's title are indexed as `to_tsvector('simple', immutable_unaccent(...))` (db/schema.ts, GIN
 * indexes `users_name_search_idx` and `posts_event_title_search_idx`); the expressions below must stay
 * exactly those of the indexes, or the planner cannot use them. The query goes through the same parser
 * and unaccent, so 'jose' finds 'José' and 'ty' finds 'Ty' and 'Tyler'; each of its words must start a
 * word of the name or title.
 */
const memberDocument = (u: SQL) =>
  sql`to_tsvector('simple', immutable_unaccent(${u}.first_name || ' ' || ${u}.last_name))`;
const eventDocument = (p: SQL) => sql`to_tsvector('simple', immutable_unaccent(${p}.title))`;

/**
 * The member's text as a prefix tsquery, `'word':* & 'other':*`, built from the lexemes PostgreSQL itself
 * finds in it: what was typed never reaches the tsquery parser, so `& | ! : * ( ) '` and the like are
 * only separators, and a text without words gives null, which matches nothing. The lexemes are quoted
 * all the same (quotes and backslashes doubled), should a parser ever keep one.
 */
const prefixQuery = (text: SQL) => sql`(
  select string_agg('''' || replace(replace(l, '\\', '\\\\'), '''', '''''') || ''':*', ' & ')::tsquery
  from unnest(tsvector_to_array(to_tsvector('simple', immutable_unaccent(${text})))) l)`;

/** Folded for comparing how a name or title starts: accents and case off, as the index sees it. */
const folded = (text: SQL) => sql`lower(immutable_unaccent(${text}))`;

export interface MemberRow {
  id: string;
  first_name: string;
  last_name: string;
  image: string | null;
  is_private: boolean;
  rank: number;
  sort_name: string;
}

export interface EventRow {
  id: number;
  title: string;
  from_date: string;
  to_date: string;
  location: string;
  rank: number;
  sort_key: string;
  /** The id, negated for a past event: the keyset's last part. */
  tiebreak: number;
}

/** The keyset of a member row: rank, folded name, id. */
export interface MemberAfter {
  rank: number;
  name: string;
  id: string;
}

/** The keyset of an event row: rank, time key (seconds since the epoch, as exact text), tie-breaker (±id). */
export interface EventAfter {
  rank: number;
  key: string;
  id: number;
}

export type SearchValues = {
  viewer: string;
  q: string;
  now: string;
  memberRank: number;
  memberName: string;
  memberId: string;
  eventRank: number;
  eventKey: string;
  eventId: number;
};

/**
 * Members who may appear: live, onboarded, phone verified (the partial indexes hold only them), and no block
 * either way with the viewer (ADR 028). Rank, lower first: the viewer and friends 0, others 3; plus 0 when the
 * query is the name's first word(s) whole ('ty' for 'Ty Murray'), 1 when the name starts with it ('ty' for
 * 'Tyler'), 2 when a later word does ('mur' for 'Ty Murray'). Then the folded name (in byte order) and the id,
 * which make the keyset.
 *
 * A rare query (at most MEMBER_MATCH_CAP matches, by the GIN index) is ranked whole. A common one (one letter
 * matches everyone: 216 ms at 100,000 members when every match was ranked) is read tier by tier: the viewer and
 * friends; then others whose name starts with the query, in name order from it on the name index (the first
 * word whole sorts first there: ' ' is below any letter, so ranks 3 and 4 are that one walk's order); then
 * others whose later word does (rank 5), walking the name index from its start, the match a filter on each row.
 */
export const MEMBER_MATCH_CAP = 500;

const sortName = (u: SQL) => sql`(${folded(sql`${u}.first_name || ' ' || ${u}.last_name`)} collate "C")`;
const memberShown = (v: Placeholders<SearchValues>) =>
  sql`u.deleted_at is null and u.is_onboard and u.phone_number_verified and ${notBlocked(v.viewer, sql`u.id`)}`;
/** How the folded name `n` starts with the query: 0 its first word(s) whole, 1 its start, 2 a later word. */
const nameTier = (n: SQL) => sql`(case when ${n} = q.prefix or starts_with(${n}, q.prefix || ' ') then 0
  when starts_with(${n}, q.prefix) then 1 else 2 end)`;
const memberColumns = (rank: SQL, n: SQL) =>
  sql`u.id, u.first_name, u.last_name, u.image, u.is_private, ${rank} as rank, ${n}::text as sort_name`;

function membersPage(limit: number, after: boolean, common: boolean, v: Placeholders<SearchValues>): SQL {
  const take = literal(limit);
  const name = sortName(sql`u`);
  const keyset = (rank: SQL) =>
    after
      ? sql`and (${rank}, ${name}, u.id) > (${v.memberRank}::int, ${v.memberName}::text collate "C", ${v.memberId}::text)`
      : sql``;
  const isFriend = sql`(u.id = ${v.viewer} or exists (select 1 from friendships f where f.user_id = ${v.viewer} and f.friend_id = u.id))`;
  const rareRank = sql`((case when ${isFriend} then 0 else 3 end) + ${nameTier(name)})`;
  // The matches carry the columns the page shows (shown members only): no second read of users, which a
  // generic plan would make a hash join over all of them.
  const rare = sql`
    select ${memberColumns(rareRank, name)} from member_matches u
    where ${notBlocked(v.viewer, sql`u.id`)} ${keyset(rareRank)}`;
  // A common query: the viewer and friends, from their own rows (the match a filter on each: through the GIN
  // index, a generic plan read every member who matches, 50,000 at 1M posts, to join them to the friends).
  const friendsRank = sql`(0 + ${nameTier(name)})`;
  const friends = sql`
    select ${memberColumns(friendsRank, name)}
    from (select ${v.viewer}::text as id union all select f.friend_id from friendships f where f.user_id = ${v.viewer}) mine
    join users u on u.id = mine.id
    where coalesce(${memberDocument(sql`u`)} @@ q.query, false) and ${memberShown(v)} ${keyset(friendsRank)}
    order by ${friendsRank}, ${name}, u.id limit ${take}`;
  const others = sql`u.id <> ${v.viewer}
    and not exists (select 1 from friendships f where f.user_id = ${v.viewer} and f.friend_id = u.id) and ${memberShown(v)}`;
  // Others whose name starts with the query: its range of the name index, in order (ranks 3 and 4).
  const startsRank = sql`(3 + ${nameTier(name)})`;
  const starting = sql`
    select ${memberColumns(startsRank, name)} from users u
    where ${name} >= q.prefix collate "C" and ${name} < (q.prefix || chr(1114111)) collate "C"
      and u.deleted_at is null and u.is_onboard and u.phone_number_verified
      ${after ? sql`and ${v.memberRank}::int < 5 and (${v.memberRank}::int < 3 or (${name}, u.id) > (${v.memberName}::text collate "C", ${v.memberId}::text))` : sql``}
      and ${others}
    order by ${name}, u.id limit ${take}`;
  // Others whose later word does (rank 5): the name index from its start, each row's words asked.
  const later = sql`
    select ${memberColumns(sql`5`, name)} from users u
    where u.deleted_at is null and u.is_onboard and u.phone_number_verified
      and not starts_with(${name}, q.prefix) and coalesce(${memberDocument(sql`u`)} @@ q.query, false)
      ${after ? sql`and (${v.memberRank}::int < 5 or (${name}, u.id) > (${v.memberName}::text collate "C", ${v.memberId}::text))` : sql``}
      and ${others}
    order by ${name}, u.id limit ${take}`;
  // Each tier only when those before it leave the page short (the later words' walk may walk every name).
  return rareOrTiers({
    matches: common ? null : sql`member_matches`,
    cap: MEMBER_MATCH_CAP,
    rare,
    tiers: [friends, starting, later],
    order: sql`rank, sort_name collate "C", id`,
    take,
  });
}

/**
 * A page of a rare query (at most `cap` rows in `matches`: `rare` ranks them whole) or of a common one: its
 * tiers in order, each read only when those before it leave the page short (each tier takes at most a page,
 * and its ranks all come before the next one's). A query known to be common (`matches` null) is not counted:
 * its page is the tiers alone.
 */
function rareOrTiers(c: {
  /** The matches read by the GIN index (at most cap + 1), or null when the query is known to be common. */
  matches: SQL | null;
  cap: number;
  rare: SQL;
  tiers: SQL[];
  order: SQL;
  take: SQL;
}) {
  const counted = c.matches !== null;
  const common = counted ? sql`(select yes from common)` : sql`true`;
  const names = c.tiers.map((_, index) => sql.raw(`tier_${index + 1}`));
  const tiers = c.tiers.map((tier, index) => {
    const before = names.slice(0, index).map((name) => sql`(select count(*) from ${name})`);
    const short = before.length > 0 ? sql`and ${sql.join(before, sql` + `)} < ${c.take}` : sql``;
    return sql`${names[index]} as materialized (select * from (${tier}) t where ${common} ${short})`;
  });
  return sql`
    with ${counted ? sql`common as materialized (select (select count(*) from ${c.matches}) > ${literal(c.cap)} as yes),` : sql``}
    ${sql.join(tiers, sql`, `)}
    select * from (
      ${counted ? sql`select * from (${c.rare}) r where not ${common} union all` : sql``}
      ${sql.join(
        names.map((name) => sql`select * from ${name}`),
        sql` union all `,
      )}
    ) page
    order by ${c.order}
    limit ${c.take}`;
}

/**
 * At most this many events are ranked whole (a rare query); a query that matches more (a common word) is read
 * tier by tier in index order instead (docs/decisions/031-lists-at-scale.md): ranking every one of 60,000
 * matches read 583,000 buffers at 100,000 events.
 */
export const EVENT_MATCH_CAP = 500;

/**
 * From this many friends on, a common word's own-and-friends' tier walks the events in its order and keeps the
 * viewer's and friends' (`friendsWalk`); below it, it reads each friend's events (`friendsEvents`). The walk
 * costs what it passes over before a page of theirs matches (fewer rows the more friends), the reads what the
 * friends have. Measured at 10M posts, 100,000 members and 100,000 events ('rodeo', first page, the statement
 * alone, p50, per friend / walk): 97 friends 1.9 / 4.9 ms, 145 4.7 / 2.1, 195 2.7 / 3.9, 290 3.4 / 2.5,
 * 481 5.4 / 2.5, 766 9.8 / 2.5, 1,386 12.4 / 3.1.
 */
export const MANY_FRIENDS = 250;

/** 'auto' chooses by the viewer's friend count; the others force a plan (tests, benchmarks). */
export type FriendsPlan = 'auto' | 'walk' | 'per-friend';

/**
 * The keyset of an events row (its details `ed` and its id, `p.id`; the query's instant): rank, signed
 * seconds, ±id.
 */
const eventKeys = (now: SQL, ed = sql`ed`, id = sql`p.id`) => ({
  upcoming: sql`(case when ${ed}.to_date >= ${now} then 0 else 1 end)`,
  sortKey: sql`((case when ${ed}.to_date >= ${now} then 1 else -1 end) * extract(epoch from ${ed}.from_date))`,
  tiebreak: sql`(case when ${ed}.to_date >= ${now} then ${id} else -${id} end)`,
});

/** What each events row answers: the event, its rank, its time key and its tie-breaker (the keyset). */
const eventColumns = (now: SQL, rank: SQL) => {
  const keys = eventKeys(now);
  return sql`p.id, p.title, ${utcText(sql`ed.from_date`, 's')} as from_date, ${utcText(sql`ed.to_date`, 's')} as to_date,
    ed.location, ${rank} as rank, ${keys.sortKey}::text as sort_key, ${keys.tiebreak} as tiebreak`;
};

const ownOrFriends = (v: Placeholders<SearchValues>) => sql`(p.user_id = ${v.viewer}
  or exists (select 1 from friendships f where f.user_id = ${v.viewer} and f.friend_id = p.user_id))`;

/**
 * Events the viewer may see (items.policy `visibleTo`: a private event only for its owner and the owner's
 * friends, nothing of a private member to strangers, nothing deleted), matching the query, in the order
 * (rank, sort_key, tiebreak): the viewer's own and friends' first (rank 0), others after (4); events not yet
 * over before past ones (+1); upcoming soonest first and past ones most recent first (`sort_key`, signed
 * seconds), then the id (negated for past events, so that each tier is one index walk's order). A rare query
 * (at most EVENT_MATCH_CAP matches) is ranked whole, and a title that starts with the query comes before one
 * whose later word does (+2); a common one is read tier by tier from the indexes: the own and friends'
 * events (from each friend's, or for a viewer with MANY_FRIENDS walking every event in order and keeping
 * theirs), then others' under way or to come from now on, then others' past from now back, each walk stopping
 * after a page.
 */
function eventsPage(
  limit: number,
  after: boolean,
  common: boolean,
  friendsPlan: FriendsPlan,
  v: Placeholders<SearchValues>,
): SQL {
  const take = literal(limit);
  const now = sql`${v.now}::timestamptz`;
  const { upcoming, sortKey, tiebreak } = eventKeys(now);
  // The cursor's time key (signed seconds) as an instant, held within the timestamps PostgreSQL has: a hostile
  // key (12 digits pass the cursor's check) made to_timestamp() fail, a 500.
  const cursorAt = (sign: SQL) =>
    sql`to_timestamp(least(greatest(${sign}${v.eventKey}::numeric, -1e10), 1e10)::float8)`;
  const order = sql`${sortKey}, ${tiebreak}`;
  const keyset = (rank: SQL) =>
    after
      ? sql`and (${rank}, ${sortKey}, ${tiebreak}) > (${v.eventRank}::int, ${v.eventKey}::numeric, ${v.eventId}::bigint)`
      : sql``;
  const rareRank = sql`((case when ${ownOrFriends(v)} then 0 else 4 end)
    + (case when starts_with(${folded(sql`p.title`)}, q.prefix) then 0 else 2 end) + ${upcoming})`;
  const rare = sql`
    select ${eventColumns(now, rareRank)} from posts p join event_details ed on ed.post_id = p.id
    where p.id in (select id from event_matches) and ${visibleTo(v.viewer)} ${keyset(rareRank)}`;
  // A walk's page of ids, then each one's columns, fetched by its key row by row (offset 0 keeps the lateral
  // subquery apart: flattened into the join, a generic plan at 1M posts scanned every event's details to join
  // them to the 21 ids, 8 ms).
  const rowsOf = (ids: SQL, rank: SQL) => sql`
    select x.* from (${ids}) w cross join lateral (
      select ${eventColumns(now, rank)} from posts p join event_details ed on ed.post_id = p.id
      where p.id = w.id offset 0) x`;
  // In the tiers the match is a filter on each row read, never the GIN index: through the index, the planner
  // read all 60,000 matches of a common word to sort them (coalesce() is no indexable expression).
  const matchedWalking = sql`coalesce(${eventDocument(sql`p`)} @@ q.query, false) and p.kind = 'event' and p.deleted_at is null`;
  // A common query, tier by tier. The own and friends' (rank 0 not ended, 1 past), for a viewer with few
  // friends: from their events, every one read, each friend's by the index of a member's events (offset 0 keeps
  // it so: joined whole, a generic plan at 1M posts hashed every event, 10,000, to find 5 friends' none).
  const friendsRank = sql`(0 + ${upcoming})`;
  const friendsEvents = sql`
    select ${eventColumns(now, friendsRank)}
    from (select e.id from posts e where e.user_id = ${v.viewer} and e.kind = 'event' and e.deleted_at is null
          union all
          select e.id from friendships f cross join lateral (
            select e.id from posts e where e.user_id = f.friend_id and e.kind = 'event' and e.deleted_at is null offset 0) e
          where f.user_id = ${v.viewer}) mine
    join posts p on p.id = mine.id join event_details ed on ed.post_id = p.id
    where ${matchedWalking} and ${visibleTo(v.viewer)} ${keyset(friendsRank)}
    order by ${friendsRank}, ${order} limit ${take}`;
  // For a viewer with many friends (1,386: their 1,126 events at 10M, every one read and 663 checked for a page
  // of 21), the same rows from walks in the tier's order, each stopping after a page: not ended (those under way
  // by the span index, those to come on the from_date index from now on), then past (that index from now back)
  // only when the page is still short. The from_date index carries each event's host and end (INCLUDE,
  // migration 0016): a row that is not the viewer's or a friend's (a hashed set of them) is passed over from the
  // index alone; only theirs are matched, read and checked.
  const friendsWalk = (() => {
    const mine = (e: SQL) =>
      sql`(${e}.user_id = ${v.viewer} or ${e}.user_id in (select f.friend_id from friendships f where f.user_id = ${v.viewer}))`;
    // The exact keyset is a filter on the index's columns; the walk starts from the cursor's time, a second early
    // (to_timestamp goes through a double).
    const exact = (e: SQL) => {
      const k = eventKeys(now, e, sql`${e}.post_id`);
      return after
        ? sql`and (0 + ${k.upcoming}, ${k.sortKey}, ${k.tiebreak}) > (${v.eventRank}::int, ${v.eventKey}::numeric, ${v.eventId}::bigint)`
        : sql``;
    };
    const checked = sql`${matchedWalking} and ${visibleTo(v.viewer)}`;
    const underWay = sql`(
      select p.id, u.from_date from (
        select uw.post_id, uw.from_date from event_details uw
        where tstzrange(uw.from_date, greatest(uw.from_date, uw.to_date), '[]') @> ${now} and ${mine(sql`uw`)}
          ${after ? sql`and uw.from_date >= ${cursorAt(sql``)} - interval '1 second'` : sql``} ${exact(sql`uw`)}
        order by uw.from_date, uw.post_id offset 0) u
      join posts p on p.id = u.post_id
      where ${checked}
      order by u.from_date, u.post_id limit ${take})`;
    const toCome = sql`(
      select p.id, ed.from_date from event_details ed join posts p on p.id = ed.post_id
      where ed.from_date > ${now} and ${mine(sql`ed`)}
        ${after ? sql`and ed.from_date >= ${cursorAt(sql``)} - interval '1 second'` : sql``} ${exact(sql`ed`)}
        and ${checked}
      order by ed.from_date, ed.post_id limit ${take})`;
    const past = sql`
      select p.id from event_details ed join posts p on p.id = ed.post_id
      where ed.from_date < ${now} and ed.to_date < ${now} and ${mine(sql`ed`)}
        ${after ? sql`and ed.from_date <= (case when ${v.eventRank}::int = 1 then ${cursorAt(sql`-`)} + interval '1 second' else 'infinity' end)` : sql``}
        ${exact(sql`ed`)} and ${checked}
      order by ed.from_date desc, ed.post_id desc limit ${take}`;
    return rowsOf(
      sql`
        with not_ended as materialized (
          select id from (${underWay} union all ${toCome}) n
          ${after ? sql`where ${v.eventRank}::int <= 0` : sql``}
          order by from_date, id limit ${take})
        select id from not_ended
        union all
        select id from (${past}) w
        where (select count(*) from not_ended) < ${take} ${after ? sql`and ${v.eventRank}::int <= 1` : sql``}`,
      friendsRank,
    );
  })();
  const manyFriends = sql`(select count(*) from friendships where user_id = ${v.viewer}) >= ${literal(MANY_FRIENDS)}`;
  const friends = {
    walk: friendsWalk,
    'per-friend': friendsEvents,
    auto: sql`select * from (${friendsWalk}) w where ${manyFriends}
      union all select * from (${friendsEvents}) f where not ${manyFriends}`,
  }[friendsPlan];
  const othersWhere = sql`${matchedWalking} and not ${ownOrFriends(v)} and ${visibleTo(v.viewer)}`;
  // Others' under way or to come (rank 4): from now on (items/event-times.ts), after the cursor's when it is one.
  const inTier = (rank: number, value: SQL, otherwise: SQL) =>
    sql`(case when ${v.eventRank}::int = ${literal(rank)} then ${value} else ${otherwise} end)`;
  const toCome = rowsOf(
    sql`
    select id from (${eventsNotEnded({
      now,
      where: othersWhere,
      after: after
        ? {
            at: inTier(4, cursorAt(sql``), sql`'-infinity'::timestamptz`),
            id: inTier(4, sql`${v.eventId}::bigint`, sql`0`),
          }
        : null,
      take,
    })}) n
    ${after ? sql`where ${v.eventRank}::int <= 4` : sql``}`,
    sql`4`,
  );
  // Others' past (rank 5): from now back, from_date then id descending (sort_key and tiebreak ascending).
  const pastCursor = after
    ? sql`and (${v.eventRank}::int < 5 or (ed.from_date, p.id) < (${cursorAt(sql`-`)}, -(${v.eventId}::bigint)))`
    : sql``;
  const past = rowsOf(
    sql`
    select p.id from event_details ed join posts p on p.id = ed.post_id
    where ed.from_date < ${now} and ed.to_date < ${now} ${pastCursor} and ${othersWhere}
    order by ed.from_date desc, ed.post_id desc limit ${take}`,
    sql`5`,
  );
  // Each tier only when those before it leave the page short: a page of the own and friends' reads no other's.
  return rareOrTiers({
    matches: common ? null : sql`event_matches`,
    cap: EVENT_MATCH_CAP,
    rare,
    tiers: [friends, toCome, past],
    order: sql`rank, sort_key::numeric, tiebreak`,
    take,
  });
}

/**
 * How many rows of each kind to read (0: not that kind), whether each continues after a cursor, and whether
 * the query is known to be common for that kind (its matches are then not counted again).
 */
export type SearchShape = {
  members: number;
  events: number;
  membersAfter: boolean;
  eventsAfter: boolean;
  membersCommon: boolean;
  eventsCommon: boolean;
  /** How a common word's own-and-friends' events are read ('auto': by the viewer's friend count). */
  friendsPlan: FriendsPlan;
};

/**
 * One statement for a whole search: the query is parsed once, then each kind asked for is read as a JSON
 * array (a kind not asked for costs nothing). Shapes are few: the dropdown, and each kind's pages.
 */
export function searchStatement(shape: SearchShape, v: Placeholders<SearchValues>): SQL {
  const part = (limit: number, page: SQL, order: SQL) =>
    limit > 0 ? sql`(select coalesce(json_agg(x order by ${order}), '[]'::json) from (${page}) x)` : sql`'[]'::json`;
  // Materialized: the query's tsquery and folded text are made once, not once per row that uses them; at most
  // one more match than the cap is read by the GIN index, to tell a rare query from a common one (a bitmap of
  // every match all the same: 12 ms for a letter every member's name has at 100,000 members), unless the
  // query is known to be common. The statement answers how many it read (null: not counted).
  const countMembers = shape.members > 0 && !shape.membersCommon;
  const countEvents = shape.events > 0 && !shape.eventsCommon;
  const memberCtes = countMembers
    ? sql`, member_matches as materialized (
          select u.id, u.first_name, u.last_name, u.image, u.is_private from q, users u where ${memberDocument(sql`u`)} @@ q.query
            and u.deleted_at is null and u.is_onboard and u.phone_number_verified
          limit ${literal(MEMBER_MATCH_CAP + 1)})`
    : sql``;
  const eventCtes = countEvents
    ? sql`, event_matches as materialized (
          select p.id from q, posts p where ${eventDocument(sql`p`)} @@ q.query and p.kind = 'event' and p.deleted_at is null
          limit ${literal(EVENT_MATCH_CAP + 1)})`
    : sql``;
  return sql`
    with q as materialized (select ${prefixQuery(sql`${v.q}::text`)} as query, ${folded(sql`${v.q}::text`)} as prefix)
    ${memberCtes} ${eventCtes}
    select
      ${part(shape.members, membersPage(shape.members, shape.membersAfter, shape.membersCommon, v), sql`x.rank, x.sort_name collate "C", x.id`)} as members,
      ${part(shape.events, eventsPage(shape.events, shape.eventsAfter, shape.eventsCommon, shape.friendsPlan, v), sql`x.rank, x.sort_key::numeric, x.tiebreak`)} as events,
      ${countMembers ? sql`(select count(*)::int from member_matches)` : sql`null::int`} as member_matches,
      ${countEvents ? sql`(select count(*)::int from event_matches)` : sql`null::int`} as event_matches
    from q`;
}

const search = preparedStatements<
  SearchShape,
  SearchValues,
  { members: MemberRow[]; events: EventRow[]; member_matches: number | null; event_matches: number | null }
>(searchStatement);

export interface SearchInput {
  viewerId: string;
  /** Trimmed, inner spaces collapsed. */
  q: string;
  now: Date;
  /** Rows to read of each kind (0: none). */
  members: number;
  events: number;
  membersAfter: MemberAfter | null;
  eventsAfter: EventAfter | null;
  /** The query is known to match more than the cap of that kind: read tier by tier without counting. */
  membersCommon: boolean;
  eventsCommon: boolean;
  /** Forces how the own and friends' events are read (tests, benchmarks); 'auto' by default. */
  friendsPlan?: FriendsPlan;
}

/** A search's rows, and for each kind whether its matches were counted over the cap (null: not counted). */
export async function selectSearch(db: Tx, input: SearchInput) {
  const [row] = await search({
    members: input.members,
    events: input.events,
    membersAfter: input.membersAfter !== null,
    eventsAfter: input.eventsAfter !== null,
    membersCommon: input.membersCommon,
    eventsCommon: input.eventsCommon,
    friendsPlan: input.friendsPlan ?? 'auto',
  })(db, searchValues(input));
  const over = (count: number | null | undefined, cap: number) => (count == null ? null : count > cap);
  return {
    members: row?.members ?? [],
    events: row?.events ?? [],
    membersCommon: over(row?.member_matches, MEMBER_MATCH_CAP),
    eventsCommon: over(row?.event_matches, EVENT_MATCH_CAP),
  };
}

export function searchValues(input: SearchInput): SearchValues {
  return {
    viewer: input.viewerId,
    q: input.q,
    now: input.now.toISOString(),
    memberRank: input.membersAfter?.rank ?? 0,
    memberName: input.membersAfter?.name ?? '',
    memberId: input.membersAfter?.id ?? '',
    eventRank: input.eventsAfter?.rank ?? 0,
    eventKey: input.eventsAfter?.key ?? '0',
    eventId: input.eventsAfter?.id ?? 0,
  };
}
