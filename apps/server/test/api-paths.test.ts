import { API_PATHS, API_PREFIX } from '@corral/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

/** The server serves exactly the contract's paths: a route registered under another pattern fails here. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('registers every API route under a pattern of the contract, and every contract path has a route', () => {
  const documented = Object.keys((t.app.swagger() as { paths: Record<string, unknown> }).paths).map((path) =>
    path.replace(/\{(\w+)\}/g, ':$1'),
  );
  const contract = Object.values(API_PATHS).map(
    (path) => API_PREFIX + (typeof path === 'string' ? path : path.pattern),
  );
  expect(documented.sort()).toEqual(contract.sort());
});
