import { type SQL, sql } from 'drizzle-orm';
import { literal, type Placeholders, preparedStatements, type Tx, utcText } from '../../db/sql.ts';
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
}

/** The keyset of a member row: rank, folded name, id. */
export interface MemberAfter {
  rank: number;
  name: string;
  id: string;
}

/** The keyset of an event row: rank, time key (seconds since the epoch, as exact text), id. */
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
 * Members who may appear: live, onboarded, phone verified (the partial index holds only them), and no block
 * either way with the viewer (ADR 028). Rank, lower
 * first: the viewer and friends 0, others 3; plus 0 when the query is the name's first word(s) whole
 * ('ty' for 'Ty Murray'), 1 when the name starts with it ('ty' for 'Tyler'), 2 when a later word does
 * ('mur' for 'Ty Murray'). Then the folded name and the id, which make the keyset.
 *
 * A short query can match most members, and every match is ranked: the folded name is computed once per
 * row (`offset 0` keeps the planner from copying the expression into each use) and friends come from one
 * join, not a probe per row (100,000 matches: about 0.2 s on PostgreSQL; a typical query: 2 ms).
 */
function membersPage(limit: number, after: boolean, v: Placeholders<SearchValues>): SQL {
  return sql`
    select u.id, u.first_name, u.last_name, u.image, u.is_private, r.rank, r.sort_name
    from users u
    left join friendships f on f.user_id = ${v.viewer} and f.friend_id = u.id
    cross join lateral (select ${folded(sql`u.first_name || ' ' || u.last_name`)} as sort_name offset 0) n
    cross join lateral (select
        (case when u.id = ${v.viewer} or f.friend_id is not null then 0 else 3 end)
        + (case when n.sort_name = q.prefix or starts_with(n.sort_name, q.prefix || ' ') then 0
                when starts_with(n.sort_name, q.prefix) then 1 else 2 end) as rank,
        n.sort_name) r
    where ${memberDocument(sql`u`)} @@ q.query
      and u.deleted_at is null and u.is_onboard and u.phone_number_verified and ${notBlocked(v.viewer, sql`u.id`)}
      ${after ? sql`and (r.rank, r.sort_name, u.id) > (${v.memberRank}::int, ${v.memberName}::text, ${v.memberId}::text)` : sql``}
    order by r.rank, r.sort_name, u.id
    limit ${literal(limit)}`;
}

/**
 * Events the viewer may see (items.policy `visibleTo`: a private event only for its owner and the owner's
 * friends, nothing of a private member to strangers, nothing deleted). Rank, lower first: the viewer's own
 * and friends' 0, others 4; plus 0 when the title starts with the query, 2 when a later word does; plus 0
 * for events not yet over, 1 for past ones. Within a rank, upcoming events soonest first and past ones most
 * recent first (`sort_key`, signed seconds), then the id.
 */
function eventsPage(limit: number, after: boolean, v: Placeholders<SearchValues>): SQL {
  return sql`
    select p.id, p.title, ${utcText(sql`ed.from_date`, 's')} as from_date, ${utcText(sql`ed.to_date`, 's')} as to_date,
      ed.location, r.rank, r.sort_key::text as sort_key
    from posts p
    join event_details ed on ed.post_id = p.id
    cross join lateral (select ed.to_date >= ${v.now}::timestamptz as upcoming) t
    cross join lateral (select
        (case when p.user_id = ${v.viewer}
              or exists (select 1 from friendships f where f.user_id = ${v.viewer} and f.friend_id = p.user_id)
         then 0 else 4 end)
        + (case when starts_with(${folded(sql`p.title`)}, q.prefix) then 0 else 2 end)
        + (case when t.upcoming then 0 else 1 end) as rank,
        (case when t.upcoming then 1 else -1 end) * extract(epoch from ed.from_date) as sort_key) r
    where ${eventDocument(sql`p`)} @@ q.query
      and p.kind = 'event' and p.deleted_at is null and ${visibleTo(v.viewer)}
      ${after ? sql`and (r.rank, r.sort_key, p.id) > (${v.eventRank}::int, ${v.eventKey}::numeric, ${v.eventId}::bigint)` : sql``}
    order by r.rank, r.sort_key, p.id
    limit ${literal(limit)}`;
}

/** How many rows of each kind to read (0: not that kind), and whether each continues after a cursor. */
export type SearchShape = { members: number; events: number; membersAfter: boolean; eventsAfter: boolean };

/**
 * One statement for a whole search: the query is parsed once, then each kind asked for is read as a JSON
 * array (a kind not asked for costs nothing). Shapes are few: the dropdown, and each kind's pages.
 */
export function searchStatement(shape: SearchShape, v: Placeholders<SearchValues>): SQL {
  const part = (limit: number, page: SQL, order: SQL) =>
    limit > 0 ? sql`(select coalesce(json_agg(x order by ${order}), '[]'::json) from (${page}) x)` : sql`'[]'::json`;
  // Materialized: the query's tsquery and folded text are made once, not once per row that uses them.
  return sql`
    with q as materialized (select ${prefixQuery(sql`${v.q}::text`)} as query, ${folded(sql`${v.q}::text`)} as prefix)
    select
      ${part(shape.members, membersPage(shape.members, shape.membersAfter, v), sql`x.rank, x.sort_name, x.id`)} as members,
      ${part(shape.events, eventsPage(shape.events, shape.eventsAfter, v), sql`x.rank, x.sort_key::numeric, x.id`)} as events
    from q`;
}

const search = preparedStatements<SearchShape, SearchValues, { members: MemberRow[]; events: EventRow[] }>(
  searchStatement,
);

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
}

export async function selectSearch(db: Tx, input: SearchInput) {
  const [row] = await search({
    members: input.members,
    events: input.events,
    membersAfter: input.membersAfter !== null,
    eventsAfter: input.eventsAfter !== null,
  })(db, searchValues(input));
  return { members: row?.members ?? [], events: row?.events ?? [] };
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
