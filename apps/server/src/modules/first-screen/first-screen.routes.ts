import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  API_PATHS,
  errorResponseSchema,
  firstScreenQuerySchema,
  firstScreenResponseSchema,
  MESSAGES,
} from '@corral/contract';
import type { FastifyBaseLogger } from 'fastify';
import { routeGroup } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';

/** What the server uses of the web app's SSR bundle (apps/web/src/prerender.tsx, built into dist-ssr). */
export interface FirstScreenRenderer {
  /** The calls a page's first screen is made of, by address (none: the page has none). */
  firstScreenCalls(pathname: string): string[];
  /** The page rendered from those calls' answers (parsed), as a phone shows it; null when it cannot be. */
  renderFirstScreen(
    pathname: string,
    answers: Record<string, unknown>,
    options: { timeZone?: string },
  ): Promise<string | null>;
}

/** Where the web build leaves its SSR bundle: beside its client build (apps/web/dist-ssr). */
export const ssrBundleOf = (webDistDir: string) => path.join(path.dirname(webDistDir), 'dist-ssr', 'prerender.js');

/** Loads the SSR bundle once, on first use; null when the build has none (`npm run dev`) or it cannot load. */
export function lazyRenderer(file: string, log: FastifyBaseLogger): () => Promise<FirstScreenRenderer | null> {
  let loading: Promise<FirstScreenRenderer | null> | undefined;
  return () => {
    loading ??= existsSync(file)
      ? (import(pathToFileURL(file).href) as Promise<FirstScreenRenderer>).catch((error: unknown) => {
          log.error({ err: error }, 'The web app’s SSR bundle could not be loaded: no first screens');
          return null;
        })
      : Promise.resolve(null);
    return loading;
  };
}

const tags = ['account'];

/**
 * GET /first-screen?path=: a member page's first screen (docs/decisions/018-web-speed.md, apps/web/src/app/
 * first-screen.ts). Each of the page's first calls is answered in-process (`inject`: the same route, the same
 * session and rules, the very bytes the API answers that call), then the page is rendered from those answers
 * alone by the web app's own components. The answers are embedded as the API sent them. 404 for a page without
 * a first screen, or on a server without the SSR bundle: the web app then asks the calls one by one.
 */
export const firstScreenRoutes = routeGroup<{ renderer: () => Promise<FirstScreenRenderer | null> }>(
  'member',
  async (app, { renderer }) => {
    app.get(
      API_PATHS.firstScreen,
      {
        schema: {
          tags,
          summary: 'A member page’s first screen: its first calls’ answers and its HTML',
          querystring: firstScreenQuerySchema,
          response: { 200: firstScreenResponseSchema, '4xx': errorResponseSchema },
        },
      },
      async (request, reply) => {
        const ssr = await renderer();
        const pathname = request.query.path;
        const calls = ssr?.firstScreenCalls(pathname) ?? [];
        if (!ssr || calls.length === 0) throw notFound(MESSAGES.http.notFound);
        const started = performance.now();
        const headers: Record<string, string> = { accept: 'application/json' };
        if (request.headers.authorization) headers.authorization = request.headers.authorization;
        const answered = await Promise.all(
          calls.map(async (url) => {
            const answer = await app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
            return [url, answer] as const;
          }),
        );
        // Only the calls answered 200 go in: the web app asks the others itself.
        const raw = answered
          .filter(([, answer]) => answer.statusCode === 200)
          .map(([url, answer]) => [url, answer.body]);
        const answers = Object.fromEntries(raw.map(([url, body]) => [url, JSON.parse(body as string) as unknown]));
        const answeredAt = performance.now();
        const html = await ssr.renderFirstScreen(pathname, answers, { timeZone: request.query.tz });
        const renderedAt = performance.now();
        if (html === null) throw notFound(MESSAGES.http.notFound);
        // Written by hand so that each answer is the API's own bytes (a string is sent as it is, not serialized).
        const body = `{"html":${JSON.stringify(html)},"answers":{${raw
          .map(([url, text]) => `${JSON.stringify(url)}:${text}`)
          .join(',')}}}`;
        // What the answer cost (the calls in-process, then the render), for the browser's developer tools and benches.
        reply.header(
          'server-timing',
          `answers;dur=${(answeredAt - started).toFixed(1)}, render;dur=${(renderedAt - answeredAt).toFixed(1)}`,
        );
        reply.header('cache-control', 'no-store').type('application/json; charset=utf-8');
        return reply.send(body as never);
      },
    );
  },
);
