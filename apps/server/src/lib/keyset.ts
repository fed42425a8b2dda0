import { type CursorKey, decodeCursor, encodeCursor, isCursorTime, isMemberId, isRowId } from './cursor.ts';

/** The usual keyset: a row's time, as the server writes it, and an id that breaks ties. */
export interface Keyset<Id extends number | string = number> {
  at: string;
  id: Id;
}

/** Rows ordered by (time, row id): posts, events, comments, friend requests. */
export const byTimeAndId: CursorKey<Keyset> = {
  write: ({ at, id }) => [at, id],
  read: ([at, id]) => (isCursorTime(at) && isRowId(id) ? { at, id } : null),
};

/** Rows ordered by (time, member id): friends. */
export const byTimeAndMember: CursorKey<Keyset<string>> = {
  write: ({ at, id }) => [at, id],
  read: ([at, id]) => (isCursorTime(at) && isMemberId(id) ? { at, id } : null),
};

/** A keyset list's answer (the contract's `pagedSchema`). */
export interface Page<Item> {
  data: Item[];
  next_cursor: string | null;
}

/** How rows become a page: their key, their items, and whether another page exists. */
export interface PageCut<Row, Key, Item> {
  size: number;
  key: CursorKey<Key>;
  keyOf: (row: Row) => Key;
  toItems: (rows: Row[]) => Item[];
  /**
   * Whether another page exists. By default the query read `size + 1` rows and the extra one says so; a
   * statement that hydrates only the page's rows says it itself (the items module's `found`).
   */
  more?: (rows: Row[]) => boolean;
}

/** The page of rows read for it: the first `size` as items, and the cursor of the last one shown. */
export function cutPage<Row, Key, Item>(rows: Row[], cut: PageCut<Row, Key, Item>): Page<Item> {
  const page = rows.slice(0, cut.size);
  const last = page.at(-1);
  const more = cut.more ? cut.more(rows) : rows.length > cut.size;
  return {
    data: cut.toItems(page),
    next_cursor: more && last !== undefined ? encodeCursor(cut.key.write(cut.keyOf(last))) : null,
  };
}

/** Where a page starts: after the cursor's row, or `offset` rows in for the spec's `?page=`. */
export interface PageWindow<Key> {
  after: Key | null;
  /** `size + 1`: the extra row says whether another page exists. */
  limit: number;
  offset: number;
}

/**
 * Keyset paging in one place, for every cursor list: read the cursor (400 if it is not this list's), ask
 * the query for the rows after it, and cut the page. `?page=` (OFFSET) stays for clients written against
 * the spec, on the lists that have it, and only without a cursor.
 */
export async function keysetPage<Row, Key, Item>(
  query: { cursor?: string | undefined; page?: number | undefined },
  fetch: (window: PageWindow<Key>) => Promise<Row[]>,
  cut: PageCut<Row, Key, Item>,
): Promise<Page<Item>> {
  const after = decodeCursor(query.cursor, cut.key);
  const offset = after === null && query.page ? (query.page - 1) * cut.size : 0;
  return cutPage(await fetch({ after, limit: cut.size + 1, offset }), cut);
}
