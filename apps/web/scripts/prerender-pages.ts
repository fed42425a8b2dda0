/**
 * The build's prerender step, a Vite plugin of the client build (vite.config.ts), which runs after the SSR
 * build of src/prerender.tsx into dist-ssr: writes every public page as complete HTML, with its title,
 * description, canonical link and social preview tags, plus robots.txt and sitemap.xml.
 *
 *   app.html          the web app's shell (every other page; the server falls back to it), with the inline
 *                     script that starts a member page's route modules and first calls (src/app/first-load-plan.ts)
 *   index.html        the marketing home (in place of the bundle's index.html, the shell it starts from)
 *   <slug>.html       the other public pages (privacy-policy.html, privacy_policy.html, sign-in.html …)
 *
 * The pages join the bundle as assets, so the plugins after it (the compression plugin) treat them as any
 * other file of the build.
 * Pages delivered `static` carry the small site script instead of the web app's (no React for a signed-out
 * visitor); pages delivered `app` keep the web app's script, which takes the HTML over.
 * SITE_URL (default https://corral.app) is the origin of the canonical links, the sitemap and the previews.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin, Rollup } from 'vite';
import type { DescribedPage } from '../src/config/page-descriptions.ts';

type PrerenderModule = typeof import('../src/prerender.tsx');

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

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

function replaceOnce(html: string, from: string, to: string) {
  if (!html.includes(from)) throw new Error(`The shell has no ${from}`);
  return html.replace(from, () => to);
}

/** What the pages are made from: the bundle's shell and entries, the SSR module, the site's origin. */
interface Sources {
  shell: string;
  /** The inline script of the app shell (app.html). */
  firstLoad: string;
  appEntry: string;
  siteEntry: string;
  /** The static chunks the site script loads, for modulepreload links. */
  sitePreloads: string[];
  ssr: PrerenderModule;
  siteUrl: string;
}

function headFor(meta: DescribedPage, { ssr, siteUrl }: Sources) {
  const title = meta.path === '/' ? meta.title : `${meta.title} · ${ssr.SITE_NAME}`;
  const url = `${siteUrl}${meta.canonical}`;
  const image = `${siteUrl}/assets/img/social-card.png`;
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(ssr.SITE_NAME)}" />`,
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

function compose(meta: DescribedPage, body: string, sources: Sources) {
  let html = sources.shell;
  html = replaceOnce(html, '<title>Corral</title>', `${headFor(meta, sources)}\n    <script>${MEMBER_FLAG}</script>`);
  html = html.replace(
    /<meta name="description" content="[^"]*" \/>/,
    () => `<meta name="description" content="${escapeHtml(meta.description)}" />`,
  );
  html = replaceOnce(html, '<div id="root"></div>', `<div id="root" data-prerendered>${body}</div>`);
  if (meta.delivery === 'static') {
    // The web app's script and preloads give way to the site script; a member's browser loads the app later.
    html = html.replace(/\s*<script type="module" crossorigin src="[^"]+"><\/script>/, '');
    html = html.replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '');
    const preloads = sources.sitePreloads.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
    html = replaceOnce(
      html,
      '</head>',
      `  <script type="module" crossorigin src="/${sources.siteEntry}"></script>\n    ${preloads.join('\n    ')}\n  </head>`,
    );
    html = replaceOnce(html, '<html lang="en">', `<html lang="en" data-app-entry="/${sources.appEntry}">`);
  }
  return html;
}

const fileOf = (pagePath: string) => (pagePath === '/' ? 'index.html' : `${pagePath.replace(/^\//, '')}.html`);

/** Every file the step writes, by name. */
async function prerender(sources: Sources): Promise<Map<string, string>> {
  const { ssr, siteUrl } = sources;
  const files = new Map<string, string>();
  // Nothing in the shell is for search engines. Its inline script comes after the app's script and preloads (asked
  // for first) and before the stylesheet (a script after a stylesheet waits for it).
  const shell = replaceOnce(sources.shell, '</head>', '  <meta name="robots" content="noindex" />\n  </head>');
  const stylesheet = shell.match(/<link rel="stylesheet"[^>]*>/)?.[0] ?? '<meta name="robots"';
  // The web app's entry and the modules it loads at once are fetched and run by the inline script (at once, or
  // after a first screen is painted: src/app/first-load-plan.ts), which lists them (`appModules`).
  const entryScript = `<script type="module" crossorigin src="/${sources.appEntry}"></script>`;
  const appShell = replaceOnce(shell, entryScript, '').replace(
    /\s*<link rel="modulepreload" crossorigin href="[^"]+">/g,
    '',
  );
  files.set('app.html', replaceOnce(appShell, stylesheet, `<script>${sources.firstLoad}</script>\n    ${stylesheet}`));
  for (const meta of ssr.PRERENDERED_PAGES) {
    const body = await ssr.render(meta.path);
    if (!body.trim()) throw new Error(`${meta.path} rendered nothing`);
    files.set(fileOf(meta.path), compose(meta, body, sources));
  }
  const scriptHashes = [MEMBER_FLAG_HASH, `sha256-${createHash('sha256').update(sources.firstLoad).digest('base64')}`];
  files.set('csp.json', `${JSON.stringify({ scriptHashes }, null, 2)}\n`);
  const indexed = ssr.PRERENDERED_PAGES.filter((meta) => meta.canonical === meta.path);
  files.set(
    'sitemap.xml',
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${indexed
      .map((meta) => `  <url><loc>${escapeHtml(`${siteUrl}${meta.path}`)}</loc></url>`)
      .join('\n')}\n</urlset>\n`,
  );
  files.set(
    'robots.txt',
    `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /social_home\nDisallow: /onboarding\nDisallow: /phone-verify\n\nSitemap: ${siteUrl}/sitemap.xml\n`,
  );
  return files;
}

/** The entry chunk named `name` in rollupOptions.input. */
function entryChunk(bundle: Rollup.OutputBundle, name: string): Rollup.OutputChunk {
  for (const output of Object.values(bundle)) {
    if (output.type === 'chunk' && output.isEntry && output.name === name) return output;
  }
  throw new Error(`The bundle has no ${name} entry`);
}

/**
 * The chunks that a module's chunk needs beyond what the app's entry already loads: the chunk holding the module
 * (`file` under src/) and its static imports, as absolute addresses. The app shell's inline script preloads them.
 */
function chunksOfModule(bundle: Rollup.OutputBundle, srcDir: string, file: string): string[] {
  const id = path.join(srcDir, file);
  const chunk = Object.values(bundle).find(
    (output): output is Rollup.OutputChunk => output.type === 'chunk' && output.moduleIds.includes(id),
  );
  if (!chunk) throw new Error(`No chunk holds ${file}`);
  const app = entryChunk(bundle, 'app');
  const loaded = new Set([app.fileName, ...importsOf(bundle, app)]);
  return [chunk.fileName, ...importsOf(bundle, chunk)].filter((name) => !loaded.has(name)).map((name) => `/${name}`);
}

/** The static chunks `chunk` loads, directly or not. */
function importsOf(bundle: Rollup.OutputBundle, chunk: Rollup.OutputChunk, seen = new Set<string>()) {
  for (const file of chunk.imports) {
    const imported = bundle[file];
    if (imported?.type !== 'chunk' || seen.has(file)) continue;
    seen.add(file);
    importsOf(bundle, imported, seen);
  }
  return [...seen];
}

export function prerenderPages({ ssrDir, srcDir }: { ssrDir: string; srcDir: string }): Plugin {
  const siteUrl = (process.env.SITE_URL ?? 'https://corral.app').replace(/\/+$/, '');
  return {
    name: 'corral:prerender-pages',
    apply: 'build',
    // After Vite's HTML plugin has put index.html in the bundle; before the manifest, and the compression
    // plugin that runs with it.
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const shell = bundle['index.html'];
      if (shell?.type !== 'asset') throw new Error('The bundle has no index.html');
      const ssr: PrerenderModule = await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href);
      const site = entryChunk(bundle, 'site');
      const files = await prerender({
        shell: String(shell.source),
        firstLoad: ssr.firstLoadScript(
          ssr.firstLoadScriptPlan(
            (file) => chunksOfModule(bundle, srcDir, file),
            `/${entryChunk(bundle, 'app').fileName}`,
            [...String(shell.source).matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
              (match) => match[1] ?? '',
            ),
          ),
        ),
        appEntry: entryChunk(bundle, 'app').fileName,
        siteEntry: site.fileName,
        sitePreloads: importsOf(bundle, site),
        ssr,
        siteUrl,
      });
      for (const [fileName, source] of files) {
        if (fileName === 'index.html') shell.source = source;
        else this.emitFile({ type: 'asset', fileName, source });
      }
      this.info(`prerendered ${ssr.PRERENDERED_PAGES.length} pages for ${siteUrl}`);
    },
  };
}
