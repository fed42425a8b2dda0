import { afterEach, beforeEach, vi } from 'vitest';

/** One JSON call the page made. */
export interface ApiCall {
  method: string;
  /** The path under /api, with its query (`/login`, `/home/timeline?page=2`). */
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/** What the fake server answers: a status and a JSON body, at once or when the test lets it (a promise). */
export interface ApiAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Responder = (call: ApiCall) => ApiAnswer | Promise<ApiAnswer>;

/**
 * The network boundary of JSON calls: `fetch` answered by the test, route by route (`POST /login`), every
 * call recorded; a route no test answers is a 404. Everything above fetch (the api client, the hooks, the
 * page) is the real code.
 */
export function fakeApi() {
  const calls: ApiCall[] = [];
  const routes = new Map<string, Responder>();

  beforeEach(() => {
    calls.length = 0;
    routes.clear();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://corral.test');
      const method = (init?.method ?? 'GET').toUpperCase();
      const path = `${url.pathname.replace(/^\/api/, '')}${url.search}`;
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
      const call = { method, path, body, headers: { ...(init?.headers as Record<string, string>) } };
      calls.push(call);
      const respond = routes.get(`${method} ${url.pathname.replace(/^\/api/, '')}`);
      const answer = respond ? await respond(call) : { status: 404, body: { message: 'Not found.' } };
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json', ...answer.headers },
      });
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  return {
    calls,
    /** Answers `METHOD /path` (no query) with this answer, or with what the function returns for each call. */
    on(route: string, answer: ApiAnswer | Responder) {
      routes.set(route, typeof answer === 'function' ? answer : () => answer);
    },
    /** The calls made to `METHOD /path`. */
    callsTo(route: string) {
      return calls.filter((call) => `${call.method} ${call.path.split('?')[0]}` === route);
    },
  };
}

/** An answer the test gives later: the request stays in flight until `release`. */
export function heldAnswer() {
  let release: (answer: ApiAnswer) => void = () => {};
  const answer = new Promise<ApiAnswer>((resolve) => {
    release = resolve;
  });
  return { answer: () => answer, release };
}
