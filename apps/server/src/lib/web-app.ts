import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { constants } from 'node:zlib';
import { API_PREFIX, MESSAGES } from '@corral/contract';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiEncoding } from '../config.ts';

/** Hashed build output (Vite's `assets/<name>-<8 characters>.<ext>`): it never changes under its name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Unhashed public files under /assets (images copied as they are): may change with a release. */
const SHORT = 'public, max-age=3600';
/** Pages and root files (robots.txt, sitemap.xml): checked with the server on every use. */
const REVALIDATE = 'no-cache';

const PRECOMPRESSED = /\.(?:br|gz)$/;
const HASHED = /-[\w-]{8}\.\w+$/;

/** The Cache-Control of a file of the build; `file` may be its .br or .gz copy. */
export function cacheControlFor(dist: string, file: string): string {
  const original = file.replace(PRECOMPRESSED, '');
  const relative = path.relative(dist, original).split(path.sep);
  if (relative[0] !== 'assets') return REVALIDATE;
  // Vite writes its hashed files straight into assets/; public/assets/img/... keeps its own names.
  return relative.length === 2 && HASHED.test(original) ? IMMUTABLE : SHORT;
}

/**
 * Which page file answers which path: `/` is index.html and `/<slug>` (or `/<slug>/`) is `<slug>.html`
 * for each page prerendered at build; any other page path gets the web app's shell, app.html, or
 * index.html for a build without the prerender step. Read once, from the files present at start.
 */
export function pageMap(dist: string): { pages: Map<string, string>; shell: string } | null {
  if (!existsSync(dist)) return null;
  const html = readdirSync(dist).filter((file) => file.endsWith('.html'));
  const shell = html.includes('app.html') ? 'app.html' : html.includes('index.html') ? 'index.html' : null;
  if (!shell) return null;
  const pages = new Map<string, string>();
  for (const file of html) {
    if (file === shell) continue;
    pages.set(file === 'index.html' ? '/' : `/${file.slice(0, -'.html'.length)}`, file);
  }
  return { pages, shell };
}

/**
 * The built web app, served by the same process from the files precompressed at build (.br, .gz; brotli,
 * then gzip, then the file itself, by the request's Accept-Encoding, with `Vary: Accept-Encoding`). Hashed
 * assets are cached for good, HTML is revalidated. Page paths get their prerendered page or the shell (the
 * web router decides); everything else unknown, /api included, is a JSON 404. Source maps hold the whole
 * source: with `serveSourceMaps` off (production) they get no route and answer that 404 too.
 */
export function registerWebApp(
  app: FastifyInstance,
  dist: string,
  { serveSourceMaps }: { serveSourceMaps: boolean },
): void {
  const site = pageMap(dist);
  if (site) {
    app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      // Each file of the build gets its own route (wildcard off): a file left out here has no route at all.
      globIgnore: serveSourceMaps ? [] : ['**/*.map', '**/*.map.br', '**/*.map.gz'],
      index: false,
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', cacheControlFor(dist, filePath));
      },
    });
  }
  // A path no route has is answered before its body is read: a bad or huge body must not tell a missing
  // route from a staff-only one, which answers this very handler before parsing (lib/access.ts, ADR 028).
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.is404) return done();
    notFound(request, reply);
  });
  app.setNotFoundHandler(notFound);

  function notFound(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split('?')[0] ?? '';
    const isPagePath = pathname !== API_PREFIX && !pathname.startsWith(`${API_PREFIX}/`) && !path.extname(pathname);
    if (site && isPagePath && (request.method === 'GET' || request.method === 'HEAD')) {
      const page = site.pages.get(pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname);
      return reply.sendFile(page ?? site.shell);
    }
    // A prerendered form (sign-in, sign-up …) sent before the web app took it over, or with scripts off, posts
    // to its own page: back to that page, the body unread (the web app sends the form to the API).
    if (site && isPagePath && request.method === 'POST') return reply.redirect(pathname, 303);
    return reply.status(404).send({ message: MESSAGES.http.notFound });
  }
}

/**
 * Compresses the API's answers of 1 KiB or more for clients that accept one of API_COMPRESSION's encodings
 * (by default brotli at quality 1, else gzip at level 1: the cheapest that pays, docs/decisions/032-cost-of-an-answer.md). An answer of
 * up to 64 KiB is compressed in one synchronous call: @fastify/compress's default bound on two cores is 8 KiB,
 * so a timeline page (8-9 KiB) went through a zlib stream and a chunked response, which cost the process 0.5-0.8
 * ms of CPU a request where the call costs a few tens of µs. The live stream writes to the socket itself and is
 * never buffered; request bodies are read as sent (no decompression). Off with API_COMPRESSION=false: behind a
 * proxy that compresses (deploy/nginx), compressing twice would only cost the processes CPU.
 */
export async function registerApiCompression(api: FastifyInstance): Promise<void> {
  const encodings = api.ctx.config.apiCompression;
  if (!encodings) return;
  const level = (name: ApiEncoding['encoding']) => encodings.find((e) => e.encoding === name)?.level;
  await api.register(compress, {
    global: true,
    threshold: 1024,
    syncThreshold: 64 * 1024,
    encodings: encodings.map((e) => e.encoding),
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: level('br') ?? 4 } },
    zlibOptions: { level: level('gzip') ?? 6 },
    globalDecompression: false,
  });
}
