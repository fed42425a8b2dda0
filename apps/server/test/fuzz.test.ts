import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/sql.ts';
import { bearer, setUpMember } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Property: over every operation of the OpenAPI document, hostile input (NUL bytes, lone surrogates, huge
 * numbers, deep nesting, wrong types, absurd lengths) never gets a 5xx, and a 4xx changes no table.
 */

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
}
interface Operation {
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

/** Operations that end the caller's own session or account whatever the input: fuzzed without a session. */
const ENDS_THE_SESSION = new Set(['POST /api/logout', 'DELETE /api/account-delete']);
/** Answers that never end (server-sent events): hostile Last-Event-IDs are tried in their own test. */
const LONG_LIVED = new Set(['GET /api/stream']);

const hostileString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\uffff', '\u202e', '%00', "'; drop table users; --"),
  fc.constantFrom('9'.repeat(400), '-1', '0', '1e309', 'NaN', '2020', '2020-02-30', '../../etc/passwd'),
  fc.string({ minLength: 2000, maxLength: 6000 }),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(2 ** 31, 2 ** 53, -1, 0, 1.5, Number.MAX_VALUE, -Number.MAX_VALUE),
  fc.integer(),
  fc.double(),
);
const deep = (depth: number): unknown => (depth === 0 ? 'deep' : { nested: deep(depth - 1), list: [deep(0)] });
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.constantFrom(null, true, false, [], {}, [null], deep(200), deep(20)),
  fc.array(hostileString, { maxLength: 5 }),
  fc.array(hostileNumber, { maxLength: 5 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);

/** A body shaped like the operation's (its field names), every value hostile; or no object at all. */
function hostileBody(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const fields = Object.keys(schema?.properties ?? {});
  const shaped = fc.record(Object.fromEntries(fields.map((field) => [field, hostileValue])), { requiredKeys: [] });
  return fc.oneof(shaped, hostileValue);
}

let t: TestApp;
let token: string;
let tables: string[];
const operations: { name: string; method: string; path: string; operation: Operation }[] = [];
beforeAll(async () => {
  t = await createTestApp();
  token = (await setUpMember(t.app)).token;
  const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
  for (const [path, byMethod] of Object.entries(doc.paths))
    for (const [method, operation] of Object.entries(byMethod))
      operations.push({ name: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, operation });
  tables = (
    await selectRows<{ name: string }>(
      t.ctx.db,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '%migrations%'`,
    )
  ).map((row) => row.name);
});
afterAll(() => t.close());

/** Every table's content, as one fingerprint per table. */
async function fingerprint(): Promise<Record<string, string>> {
  const parts = tables.map(
    (table) =>
      sql`select ${table} as name, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as sum from ${sql.identifier(table)} x`,
  );
  const rows = await selectRows<{ name: string; sum: string }>(t.ctx.db, sql.join(parts, sql` union all `));
  return Object.fromEntries(rows.map((row) => [row.name, row.sum]));
}

function inject(method: string, url: string, payload: unknown, headers: Record<string, string>) {
  return t.app.inject({
    method: method as 'POST',
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    ...(method === 'GET' || method === 'DELETE' || payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

describe('hostile input over every operation', () => {
  it('finds the operations', () => {
    expect(operations.length).toBeGreaterThanOrEqual(25);
  });

  it('never answers 5xx, and a 4xx changes no table', async () => {
    const failures: string[] = [];
    for (const { name, method, path, operation } of operations) {
      if (LONG_LIVED.has(name)) continue;
      const pathParams = (operation.parameters ?? []).filter((p) => p.in === 'path');
      const queryParams = (operation.parameters ?? []).filter((p) => p.in === 'query');
      const signedIn = !ENDS_THE_SESSION.has(name);
      const input = fc.record({
        path: fc.tuple(...pathParams.map(() => fc.oneof(hostileString, hostileNumber.map(String)))),
        query: fc.tuple(...queryParams.map(() => fc.option(hostileString, { nil: undefined }))),
        body: hostileBody(operation.requestBody?.content['application/json']?.schema),
      });
      await fc.assert(
        fc.asyncProperty(input, async ({ path: values, query, body }) => {
          let index = 0;
          const url = new URL(
            path.replace(/\{\w+\}/g, () => encodeURIComponent(String(values[index++] ?? ''))),
            'http://corral.test',
          );
          queryParams.forEach((param, i) => {
            const value = query[i];
            if (value !== undefined) url.searchParams.set(param.name, value);
          });
          // Work an earlier answer started (a data export being prepared, ADR 035) is that answer's doing.
          await t.ctx.background.settled();
          const before = await fingerprint();
          const response = await inject(method, url.pathname + url.search, body, signedIn ? bearer(token) : {});
          if (response.statusCode >= 500) failures.push(`${name} ${url.pathname}${url.search}: ${response.body}`);
          if (response.statusCode >= 400 && response.statusCode < 500) {
            const after = await fingerprint();
            const changed = tables.filter((table) => before[table] !== after[table]);
            if (changed.length > 0) failures.push(`${name}: ${response.statusCode} changed ${changed.join(', ')}`);
          }
          return failures.length === 0;
        }),
        { numRuns: 25, seed: 20261123 },
      );
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
