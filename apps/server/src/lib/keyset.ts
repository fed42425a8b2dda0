import { decodeCursor, encodeCursor } from './cursor.ts';

export interface Keyset {
  at: string;
  id: number;
}

/**
 * Keyset paging in one place: ask the query for `size + 1` rows after the cursor; the extra row only says
 * whether another page exists, and the cursor of the next page is the last row shown.
 */
export async function keysetPage<Row, Item>(
  cursor: string | undefined,
  size: number,
  fetch: (after: Keyset | null, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => Keyset,
  toItem: (row: Row) => Item,
): Promise<{ data: Item[]; next_cursor: string | null }> {
  const rows = await fetch(decodeCursor(cursor), size + 1);
  const page = rows.slice(0, size);
  const last = page.at(-1);
  const next = rows.length > size && last ? keyOf(last) : null;
  return { data: page.map(toItem), next_cursor: next ? encodeCursor(next.at, next.id) : null };
}
