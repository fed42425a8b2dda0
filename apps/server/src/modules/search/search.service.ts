import {
  SEARCH_LIMITS,
  type SearchEvent,
  type SearchMember,
  type SearchResponse,
  type SearchType,
  USER_PLACEHOLDER_IMAGE,
} from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import { type CursorKey, decodeCursor } from '../../lib/cursor.ts';
import { cutPage } from '../../lib/keyset.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { type EventAfter, type EventRow, type MemberAfter, type MemberRow, selectSearch } from './search.queries.ts';

const nothing = (): SearchResponse => ({
  members: { data: [], next_cursor: null },
  events: { data: [], next_cursor: null },
});

/**
 * GET /search: members and events whose words start with the query's words. The dropdown (`all`) reads a
 * few of each kind; the results page reads one kind a page at a time, each after its own cursor. One SQL
 * statement after the session's (search.queries.ts), counted against the member's search budget.
 */
export async function search(
  ctx: AppContext,
  viewer: Viewer,
  query: { q: string; type: SearchType; cursor?: string | undefined },
): Promise<SearchResponse> {
  // A cursor continues the kind it was made for; the dropdown (`all`) takes none.
  const membersAfter = query.type === 'members' ? decodeCursor(query.cursor, memberKey) : null;
  const eventsAfter = query.type === 'events' ? decodeCursor(query.cursor, eventKey) : null;
  if (query.type === 'all') decodeCursor(query.cursor, noKey);
  const q = query.q.replace(/\s+/g, ' ').trim();
  if (!q) return nothing();
  await ctx.limiter.consume(['searchPerMember', viewer.user.id]);
  const size = query.type === 'all' ? SEARCH_LIMITS.dropdownSize : SEARCH_LIMITS.pageSize;
  const now = ctx.clock.now();
  const known = commonQueriesOf(ctx);
  const rows = await selectSearch(ctx.db, {
    viewerId: viewer.user.id,
    q,
    now: new Date(now),
    members: query.type === 'events' ? 0 : size + 1,
    events: query.type === 'members' ? 0 : size + 1,
    membersAfter,
    eventsAfter,
    membersCommon: known.has(`m ${q.toLowerCase()}`, now),
    eventsCommon: known.has(`e ${q.toLowerCase()}`, now),
  });
  if (rows.membersCommon) known.add(`m ${q.toLowerCase()}`, now);
  if (rows.eventsCommon) known.add(`e ${q.toLowerCase()}`, now);
  const members = (rows: MemberRow[]) => rows.map(toMember);
  const events = (rows: EventRow[]) => rows.map(toEvent);
  return {
    members: cutPage(rows.members, { size, key: memberKey, keyOf: memberKeyOf, toItems: members }),
    events: cutPage(rows.events, { size, key: eventKey, keyOf: eventKeyOf, toItems: events }),
  };
}

/**
 * Queries found common (more matches of a kind than are ranked whole), remembered for a while by each
 * process: their next searches go tier by tier at once, without the GIN index's count, which builds a bitmap
 * of every match (docs/decisions/031-lists-at-scale.md). Either way gives the same page; a query that has
 * since become rare is counted again once its verdict is older than COMMON_FOR_MS.
 */
const COMMON_FOR_MS = 10 * 60_000;
const COMMON_QUERIES_KEPT = 2000;

class CommonQueries {
  readonly #until = new Map<string, number>();

  has(key: string, now: number): boolean {
    const until = this.#until.get(key);
    if (until === undefined) return false;
    if (until > now) return true;
    this.#until.delete(key);
    return false;
  }

  add(key: string, now: number): void {
    this.#until.delete(key);
    this.#until.set(key, now + COMMON_FOR_MS);
    // The oldest verdict goes first (a Map keeps insertion order).
    if (this.#until.size > COMMON_QUERIES_KEPT) this.#until.delete(this.#until.keys().next().value as string);
  }
}

const commonQueries = new WeakMap<AppContext, CommonQueries>();
function commonQueriesOf(ctx: AppContext): CommonQueries {
  let known = commonQueries.get(ctx);
  if (!known) {
    known = new CommonQueries();
    commonQueries.set(ctx, known);
  }
  return known;
}

/** What a member shows in search, whoever they are: name and avatar (a private member nothing more). */
const toMember = (row: MemberRow): SearchMember => ({
  id: row.id,
  name: `${row.first_name} ${row.last_name}`.trim(),
  avatar: row.image ?? USER_PLACEHOLDER_IMAGE,
  is_private: row.is_private,
});

const toEvent = (row: EventRow): SearchEvent => ({
  id: Number(row.id),
  title: row.title,
  from_date: row.from_date,
  to_date: row.to_date,
  location: row.location,
});

const RANKS = /^[0-7]$/;
const MEMBER_ID = /^[\w-]{1,64}$/;
const SORT_KEY = /^-?\d{1,12}(\.\d{1,6})?$/;
const isRank = (rank: unknown): rank is number => typeof rank === 'number' && RANKS.test(String(rank));

/** A members page's key: rank, folded name, id; tagged 'm' so that it continues only a members page. */
const memberKey: CursorKey<MemberAfter> = {
  write: ({ rank, name, id }) => ['m', rank, name, id],
  read: ([kind, rank, name, id]) =>
    kind === 'm' &&
    isRank(rank) &&
    typeof name === 'string' &&
    name.length <= 1000 &&
    typeof id === 'string' &&
    MEMBER_ID.test(id)
      ? { rank, name, id }
      : null,
};
const memberKeyOf = (row: MemberRow): MemberAfter => ({ rank: row.rank, name: row.sort_name, id: row.id });

/** An events page's key: rank, time key (exact text), tie-breaker (the id, negated for a past event); tagged 'e'. */
const eventKey: CursorKey<EventAfter> = {
  write: ({ rank, key, id }) => ['e', rank, key, id],
  read: ([kind, rank, key, id]) =>
    kind === 'e' &&
    isRank(rank) &&
    typeof key === 'string' &&
    SORT_KEY.test(key) &&
    Number.isSafeInteger(id) &&
    id !== 0
      ? { rank, key, id: id as number }
      : null,
};
const eventKeyOf = (row: EventRow): EventAfter => ({ rank: row.rank, key: row.sort_key, id: Number(row.tiebreak) });

/** No cursor is one of its own: for the kinds a request does not page. */
const noKey: CursorKey<never> = { write: () => [], read: () => null };
