import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { AppError } from './errors.ts';
import { byTimeAndId, byTimeAndMember, type Keyset, keysetPage, type PageWindow } from './keyset.ts';

const rows = Array.from({ length: 7 }, (_, i) => ({ at: `2026-01-0${7 - i}T12:00:00.000001Z`, id: 7 - i }));

/** A list of `rows` newest first, read the way a query does: after the cursor, `limit` rows, `offset` in. */
const list = (query: { cursor?: string; page?: number }, size = 3) => {
  const windows: PageWindow<Keyset>[] = [];
  const page = keysetPage(
    query,
    async (window) => {
      windows.push(window);
      const after = window.after;
      const rest = after ? rows.filter((row) => row.at < after.at) : rows;
      return rest.slice(window.offset, window.offset + window.limit);
    },
    { size, key: byTimeAndId, keyOf: (row) => row, toItems: (page) => page.map((row) => row.id) },
  );
  return { page, windows };
};

describe('keysetPage', () => {
  it('walks every row once, a page at a time, asking for one row more than a page', async () => {
    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const { page, windows } = list({ ...(cursor ? { cursor } : {}) });
      const { data, next_cursor } = await page;
      expect(windows[0]?.limit).toBe(4);
      seen.push(...data);
      cursor = next_cursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual([7, 6, 5, 4, 3, 2, 1]);
  });

  it("answers no cursor on a page that ends the list exactly, and reads the spec's ?page= as an offset", async () => {
    expect((await list({}, 7).page).next_cursor).toBeNull();
    const { page, windows } = list({ page: 2 });
    expect(windows[0]).toMatchObject({ after: null, offset: 3 });
    expect((await page).data).toEqual([4, 3, 2]);
    // A cursor wins over ?page=.
    const first = await list({}).page;
    expect(list({ cursor: first.next_cursor ?? '', page: 2 }).windows[0]?.offset).toBe(0);
  });

  it('lets a statement that hydrates only the page say itself whether there is more', async () => {
    const page = await keysetPage({}, async () => rows.slice(0, 2), {
      size: 2,
      key: byTimeAndId,
      keyOf: (row) => row,
      toItems: (page) => page.map((row) => row.id),
      more: () => true,
    });
    expect(page.data).toEqual([7, 6]);
    expect(decodeCursor(page.next_cursor ?? '', byTimeAndId)).toEqual(rows[1]);
  });
});

describe('cursors', () => {
  it('refuse, with a 400, whatever is not a key of their list', () => {
    const bad = [
      'not-a-cursor',
      encodeCursor(['2026-02-30T00:00:00Z', 1]),
      encodeCursor(['2026-01-01T00:00:00Z', 'member-1']),
      Buffer.from('{"at":"2026-01-01T00:00:00Z"}').toString('base64url'),
    ];
    for (const cursor of bad) {
      expect(() => decodeCursor(cursor, byTimeAndId)).toThrow(AppError);
      expect(() => decodeCursor(cursor, byTimeAndId)).toThrow('The cursor is not valid.');
    }
    expect(decodeCursor(encodeCursor(['2026-01-01T00:00:00Z', 'member-1']), byTimeAndMember)).toEqual({
      at: '2026-01-01T00:00:00Z',
      id: 'member-1',
    });
    expect(decodeCursor(undefined, byTimeAndId)).toBeNull();
  });
});
