/**
 * The build's prerender step (after `vite build` and `vite build --ssr src/prerender.tsx`): writes every
 * public page as complete HTML, with its title, description, canonical link and social preview tags, plus
 * robots.txt and sitemap.xml.
 *
 *   dist/app.html          the web app's shell (every other page; the server falls back to it)
 *   dist/index.html        the marketing home
 *   dist/<slug>.html       the other public pages (privacy-policy.html, privacy_policy.html, sign-in.html …)
 *
 * Pages delivered `static` carry the small site script instead of the web app's (no React for a signed-out
 * visitor); pages delivered `app` keep the web app's script, which takes the HTML over.
 * SITE_URL (default https://corral.app) is the origin of the canonical links, the sitemap and the previews.
 */
import { createHash } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

process.env.NODE_ENV ??= 'production';
const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const ssrDir = path.join(root, 'dist-ssr');
const siteUrl = (process.env.SITE_URL ?? 'https://corral.app').replace(/\/+$/, '');

const { render, PRERENDERED_PAGES, SITE_NAME } = await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href);
const manifest = JSON.parse(await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const shell = await readFile(path.join(dist, 'index.html'), 'utf8');

const appEntry = manifest['index.html'];
const siteEntry = manifest['src/site/main.ts'];
if (!appEntry || !siteEntry) throw new Error('The build manifest lacks the app or the site entry');

/**
 * Runs before the first paint of a prerendered page: marks a browser with scripts on (`data-js`: the phone
 * menu's button shows), and a member's browser (`data-member`: the persisted session's flag and a token, as
 * src/lib/storage-keys.ts reads them) so the stylesheet hides the calls to sign up and the Sign In button
 * until the web app shows the member's own header. The server allows exactly this
 * inline script by its hash (dist/csp.json).
 */
const MEMBER_FLAG =
  'document.documentElement.setAttribute("data-js","");' +
  'try{var s=JSON.parse(localStorage.getItem("session")||"null");' +
  'if(s&&s.state&&s.state.isLoggedIn===true&&localStorage.getItem("token"))' +
  'document.documentElement.setAttribute("data-member","")}catch(e){}';
const MEMBER_FLAG_HASH = `sha256-${createHash('sha256').update(MEMBER_FLAG).digest('base64')}`;

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** The static chunks an entry loads, for modulepreload links. */
function importsOf(entry, seen = new Set()) {
  for (const key of entry.imports ?? []) {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) continue;
    seen.add(chunk.file);
    importsOf(chunk, seen);
  }
  return [...seen];
}

function replaceOnce(html, from, to) {
  if (!html.includes(from)) throw new Error(`The shell has no ${from}`);
  return html.replace(from, () => to);
}

function headFor(meta) {
  const title = meta.path === '/' ? meta.title : `${meta.title} · ${SITE_NAME}`;
  const url = `${siteUrl}${meta.canonical}`;
  const image = `${siteUrl}/assets/img/social-card.png`;
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(SITE_NAME)}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta property="og:image:alt" content="Corral: the rodeo and western community" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
  ].join('\n    ');
}

function compose(meta, body) {
  let html = shell;
  html = replaceOnce(html, '<title>Corral</title>', `${headFor(meta)}\n    <script>${MEMBER_FLAG}</script>`);
  html = html.replace(
    /<meta name="description" content="[^"]*" \/>/,
    () => `<meta name="description" content="${escapeHtml(meta.description)}" />`,
  );
  html = replaceOnce(html, '<div id="root"></div>', `<div id="root" data-prerendered>${body}</div>`);
  if (meta.delivery === 'static') {
    // The web app's script and preloads give way to the site script; a member's browser loads the app later.
    html = html.replace(/\s*<script type="module" crossorigin src="[^"]+"><\/script>/, '');
    html = html.replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '');
    const preloads = importsOf(siteEntry).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
    html = replaceOnce(
      html,
      '</head>',
      `  <script type="module" crossorigin src="/${siteEntry.file}"></script>\n    ${preloads.join('\n    ')}\n  </head>`,
    );
    html = replaceOnce(html, '<html lang="en">', `<html lang="en" data-app-entry="/${appEntry.file}">`);
  }
  return html;
}

const fileOf = (pagePath) => (pagePath === '/' ? 'index.html' : `${pagePath.replace(/^\//, '')}.html`);

// The shell first: it is read from index.html, which the home then replaces. Nothing in it is for search engines.
await writeFile(
  path.join(dist, 'app.html'),
  replaceOnce(shell, '</head>', '  <meta name="robots" content="noindex" />\n  </head>'),
);
for (const meta of PRERENDERED_PAGES) {
  const body = await render(meta.path);
  if (!body.trim()) throw new Error(`${meta.path} rendered nothing`);
  await writeFile(path.join(dist, fileOf(meta.path)), compose(meta, body));
}

await writeFile(path.join(dist, 'csp.json'), `${JSON.stringify({ scriptHashes: [MEMBER_FLAG_HASH] }, null, 2)}\n`);

const indexed = PRERENDERED_PAGES.filter((meta) => meta.canonical === meta.path);
await writeFile(
  path.join(dist, 'sitemap.xml'),
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${indexed
    .map((meta) => `  <url><loc>${escapeHtml(`${siteUrl}${meta.path}`)}</loc></url>`)
    .join('\n')}\n</urlset>\n`,
);
await writeFile(
  path.join(dist, 'robots.txt'),
  `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /social_home\nDisallow: /onboarding\nDisallow: /phone-verify\n\nSitemap: ${siteUrl}/sitemap.xml\n`,
);
await rm(ssrDir, { recursive: true, force: true });
console.log(`prerendered ${PRERENDERED_PAGES.length} pages for ${siteUrl}`);
