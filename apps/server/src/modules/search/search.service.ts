import {
  SEARCH_LIMITS,
  type SearchEvent,
  type SearchMember,
  type SearchResponse,
  type SearchType,
  USER_PLACEHOLDER_IMAGE,
} from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
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
  const cursor = readCursor(query.type, query.cursor);
  const q = query.q.replace(/\s+/g, ' ').trim();
  if (!q) return nothing();
  await ctx.limiter.consume(['searchPerMember', viewer.user.id]);
  const size = query.type === 'all' ? SEARCH_LIMITS.dropdownSize : SEARCH_LIMITS.pageSize;
  const rows = await selectSearch(ctx.db, {
    viewerId: viewer.user.id,
    q,
    now: new Date(ctx.clock.now()),
    members: query.type === 'events' ? 0 : size + 1,
    events: query.type === 'members' ? 0 : size + 1,
    membersAfter: cursor?.kind === 'members' ? cursor.after : null,
    eventsAfter: cursor?.kind === 'events' ? cursor.after : null,
  });
  return {
    members: paged(rows.members, size, toMember, (row) => ['m', row.rank, row.sort_name, row.id]),
    events: paged(rows.events, size, toEvent, (row) => ['e', row.rank, row.sort_key, row.id]),
  };
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

/** `size + 1` rows were read: the extra one only says that another page exists, after the last one shown. */
function paged<Row, Item>(rows: Row[], size: number, toItem: (row: Row) => Item, keyOf: (row: Row) => unknown[]) {
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return {
    data: page.map(toItem),
    next_cursor: rows.length > size && last ? Buffer.from(JSON.stringify(keyOf(last))).toString('base64url') : null,
  };
}

type Cursor = { kind: 'members'; after: MemberAfter } | { kind: 'events'; after: EventAfter };

const RANKS = /^[0-7]$/;
const MEMBER_ID = /^[\w-]{1,64}$/;
const SORT_KEY = /^-?\d{1,12}(\.\d{1,6})?$/;

/**
 * A cursor continues the kind it was made for (`type` members or events), after the row it names. Cursors
 * are opaque (base64url of the keyset); anything that is not one of ours is a 400, never a 5xx.
 */
function readCursor(type: SearchType, cursor: string | undefined): Cursor | null {
  if (!cursor) return null;
  try {
    const [kind, rank, key, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    const rankOk = typeof rank === 'number' && RANKS.test(String(rank));
    if (type === 'members' && kind === 'm' && rankOk && typeof key === 'string' && key.length <= 1000) {
      if (typeof id === 'string' && MEMBER_ID.test(id)) return { kind: 'members', after: { rank, name: key, id } };
    }
    if (type === 'events' && kind === 'e' && rankOk && typeof key === 'string' && SORT_KEY.test(key)) {
      if (Number.isSafeInteger(id) && (id as number) > 0)
        return { kind: 'events', after: { rank, key, id: id as number } };
    }
  } catch {
    // not ours: below
  }
  throw new AppError(400, 'The cursor is not valid.', { cursor: ['The cursor is not valid.'] });
}
