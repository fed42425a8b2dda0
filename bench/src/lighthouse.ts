/**
 * Lighthouse, mobile settings (its defaults: a Moto G class phone, simulated slow 4G, 4× CPU slowdown), on the
 * home page, a policy page, sign-in and the feed of a running server, in Debian's Chromium.
 *
 *   npm start                                   # or any running server, e.g. PORT=4000 npm run serve
 *   npm install --no-save lighthouse@12.8.2    # Lighthouse 12 is the last line that runs on Node 20
 *   node --import tsx bench/src/lighthouse.ts [--url http://127.0.0.1:3000] [--runs 3]
 *
 * The feed is measured signed in as the demo member: the session is put in local storage the way the web
 * app keeps it, and Lighthouse is told not to clear it. Each page is run `--runs` times; the median run (by
 * performance score) is printed with LCP, CLS, TBT and the JavaScript transferred.
 *
 *   --pages feed,sign-in      only these pages (home, policy, sign-in, feed)
 *   --save /tmp/lh            also write each run's report there (JSON: the LCP element, the network requests)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

/** The page's storage, in the function evaluated in the browser (this project compiles without the DOM types). */
declare const localStorage: { clear(): void; setItem(key: string, value: string): void };

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    runs: { type: 'string', default: '3' },
    email: { type: 'string', default: 'demo@corral.app' },
    password: { type: 'string', default: 'Buckle#2026' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    pages: { type: 'string', default: 'home,policy,sign-in,feed' },
    save: { type: 'string' },
  },
});
const base = values.url.replace(/\/+$/, '');
const runs = Math.max(1, Number(values.runs));

// Not dependencies of the repository (Lighthouse brings 185 MB): installed on demand, see above.
const load = (name: string) => import(name).catch(() => null);
const lighthouseModule = await load('lighthouse');
const puppeteer = await load('puppeteer-core');
if (!lighthouseModule || !puppeteer) {
  console.error('Install Lighthouse first: npm install --no-save lighthouse@12.8.2');
  process.exit(1);
}
const lighthouse = lighthouseModule.default;

const login = await fetch(`${base}/api/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: values.email, password: values.password }),
});
if (!login.ok) throw new Error(`Signing in as ${values.email} answered ${login.status}`);
const { user } = (await login.json()) as { user: { api_token: string } };

const browser = await puppeteer.default.launch({
  executablePath: values.chromium,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: string;
  cls: string;
  tbt: string;
  fcp: string;
  scriptKiB: number;
}

async function measure(pagePath: string, signedIn: boolean, report?: string): Promise<Figures> {
  const page = await browser.newPage();
  // A first visit: nothing cached (Lighthouse keeps the cache along with the storage it is told to keep).
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await page.goto(`${base}/api/health`);
  await page.evaluate(
    (session: string | null, token: string | null) => {
      localStorage.clear();
      if (session && token) {
        localStorage.setItem('token', token);
        localStorage.setItem('session', session);
      }
    },
    signedIn ? JSON.stringify({ state: { currentUser: user, isLoggedIn: true }, version: 0 }) : null,
    signedIn ? user.api_token : null,
  );
  const result = await lighthouse(
    `${base}${pagePath}`,
    { logLevel: 'error', output: 'json', disableStorageReset: true },
    undefined,
    page,
  );
  await page.close();
  if (report) writeFileSync(report, JSON.stringify(result.lhr));
  const { categories, audits } = result.lhr;
  const scripts = (audits['resource-summary'].details?.items ?? []).find(
    (item: { resourceType: string }) => item.resourceType === 'script',
  );
  const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: audits['largest-contentful-paint'].displayValue,
    cls: audits['cumulative-layout-shift'].displayValue,
    tbt: audits['total-blocking-time'].displayValue,
    fcp: audits['first-contentful-paint'].displayValue,
    scriptKiB: Math.round(((scripts?.transferSize ?? 0) / 1024) * 10) / 10,
  };
}

const pages: [string, string, string, boolean][] = [
  ['home', 'home', '/', false],
  ['policy', 'privacy policy', '/privacy-policy', false],
  ['sign-in', 'sign-in', '/sign-in', false],
  ['feed', 'feed (signed in)', '/social_home/friend-list', true],
];
const wanted = new Set(values.pages.split(',').map((name) => name.trim()));
if (values.save) mkdirSync(values.save, { recursive: true });
console.log(`Lighthouse mobile, ${runs} run(s) each, median shown`);
console.log('| page | performance | accessibility | best practices | SEO | FCP | LCP | CLS | TBT | JS transferred |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const [key, name, pagePath, signedIn] of pages) {
  if (!wanted.has(key)) continue;
  const all: Figures[] = [];
  for (let i = 0; i < runs; i++)
    all.push(await measure(pagePath, signedIn, values.save && path.join(values.save, `${key}-${i + 1}.json`)));
  all.sort((a, b) => a.performance - b.performance);
  const m = all[Math.floor(all.length / 2)] as Figures;
  console.log(
    `| ${name} | ${m.performance} | ${m.accessibility} | ${m.bestPractices} | ${m.seo} | ${m.fcp} | ${m.lcp} | ${m.cls} | ${m.tbt} | ${m.scriptKiB} KiB |`,
  );
}
await browser.close();
