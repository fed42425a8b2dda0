import { MESSAGES } from '@corral/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Every operation of the OpenAPI document that needs a session answers 401 to a caller without a valid
 * one, whatever the body: the check runs before the body is parsed or validated. Driven by the document,
 * so a new route is covered without new test code.
 */

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  minLength?: number;
  minItems?: number;
  minimum?: number;
  exclusiveMinimum?: boolean | number;
  pattern?: string;
}
interface Operation {
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
}

/** A value the schema accepts: the subset of JSON Schema our contract produces. */
function example(schema: JsonSchema): unknown {
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, example(value)]));
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => example(schema.items ?? {}));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    default:
      if (schema.pattern === '^\\d{6}$') return '123456';
      return 'x'
        .repeat(Math.max(1, schema.minLength ?? 1))
        .replace(/^x+$/, (xs) => (xs.length >= 8 ? 'Lasso#2026' : xs));
  }
}

let t: TestApp;
let operations: { method: string; url: string; operation: Operation }[];
beforeAll(async () => {
  t = await createTestApp();
  const doc = t.app.swagger() as unknown as OpenApi;
  operations = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod)
      .filter(([, operation]) => operation.security?.some((scheme) => 'bearer' in scheme))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        url: path.replace(/\{(\w+)\}/g, (_match, name: string) => {
          const parameter = operation.parameters?.find((p) => p.in === 'path' && p.name === name);
          return String(example(parameter?.schema ?? {}));
        }),
        operation,
      })),
  );
});
afterAll(() => t.close());

function validBody(
  operation: Operation,
  method: string,
): { payload?: string | Buffer; headers: Record<string, string> } {
  const json = operation.requestBody?.content['application/json'];
  if (json) return { payload: JSON.stringify(example(json.schema)), headers: { 'content-type': 'application/json' } };
  if (method !== 'POST') return { headers: {} };
  // Multipart operations (uploads) get a well-formed form.
  const boundary = 'corral-test-boundary';
  const form = `--${boundary}\r\ncontent-disposition: form-data; name="title"\r\n\r\nHello\r\n--${boundary}--\r\n`;
  return { payload: Buffer.from(form), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const bodies = {
  valid: validBody,
  'malformed JSON': () => ({ payload: '{"text": ', headers: { 'content-type': 'application/json' } }),
  'a body that is not JSON': () => ({ payload: '\u0000\u00ff not json', headers: { 'content-type': 'text/plain' } }),
  'a broken multipart form': () => ({ payload: 'garbage', headers: { 'content-type': 'multipart/form-data' } }),
};
const callers = { 'no token': {}, 'a made-up token': bearer('made-up-token-0123456789abcdef') };

describe('every operation that needs a session', () => {
  it('is found in the OpenAPI document', () => {
    const names = operations.map(({ method, url }) => `${method} ${url}`);
    expect(names).toEqual(
      expect.arrayContaining(['GET /api/home/timeline', 'POST /api/posts', 'POST /api/on-board', 'GET /api/verify']),
    );
    expect(names).not.toContain('POST /api/login');
    expect(operations.length).toBeGreaterThanOrEqual(15);
  });

  for (const [caller, headers] of Object.entries(callers)) {
    for (const [kind, body] of Object.entries(bodies)) {
      it(`answers 401 to ${caller} with ${kind}`, async () => {
        const refused: string[] = [];
        for (const { method, url, operation } of operations) {
          const request = body(operation, method);
          const response = await t.app.inject({
            method: method as 'GET',
            url,
            headers: { ...request.headers, ...headers },
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          });
          if (response.statusCode !== 401 || response.json().message !== MESSAGES.http.unauthenticated)
            refused.push(`${method} ${url}: ${response.statusCode} ${response.body}`);
        }
        expect(refused).toEqual([]);
      });
    }
  }
});
