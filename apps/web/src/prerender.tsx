/**
 * The server-side entry of the build's prerender step (scripts/prerender-pages.ts): renders a public page to
 * HTML as a signed-out visitor sees it, with the same routes and providers as the browser. The server loads it
 * too (dist-ssr/prerender.js), for a member page's first screen (`renderFirstScreen`, app/first-screen.ts).
 */
import { isTimeZone } from '@corral/contract';
import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { App } from './app/app.tsx';
import {
  type FirstScreenAnswers,
  firstScreenMember,
  hasFirstScreen,
  seedFirstScreen,
  trimFirstScreen,
} from './app/first-screen.ts';
import { routes } from './app/routes.tsx';
import { renderedAs } from './lib/session-store.ts';
import { renderedOnPhone } from './lib/use-media-query.ts';

export { FIRST_LOAD_PAGES, firstLoadScript, firstLoadScriptPlan } from './app/first-load-plan.ts';
export { firstScreenCalls, hasFirstScreen } from './app/first-screen.ts';
export { DESCRIBED_PAGES as PRERENDERED_PAGES, SITE_DESCRIPTION } from './config/page-descriptions.ts';
export { SITE_NAME } from './config/page-meta.ts';

export async function render(pathname: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname} answered a redirect (${context.status}) at prerender`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <App>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </App>
    </StrictMode>,
  );
}

/**
 * A member page's first screen (app/first-screen.ts): the page at `pathname` as a phone shows it to the member
 * the answers are for, rendered from those answers alone (a fresh cache per call, seeded as the browser seeds
 * its own). Null for a page without one, or answers without the member.
 */
export async function renderFirstScreen(
  pathname: string,
  answers: FirstScreenAnswers,
  { timeZone }: { timeZone?: string } = {},
): Promise<string | null> {
  const member = firstScreenMember(answers);
  if (!hasFirstScreen(pathname) || !member) return null;
  const handler = createStaticHandler(routes);
  // Loads the page's route modules (once per process); nothing is rendered yet.
  const context = await handler.query(new Request(`http://first-screen${pathname}`));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  seedFirstScreen(client, answers);
  trimFirstScreen(client);
  // Synchronous from here: no other call's render runs in between, so the session, the media and the time zone
  // answer this member's phone only for this render.
  const html = inTimeZone(timeZone, () =>
    renderedAs(member, () =>
      renderedOnPhone(() =>
        renderToString(
          <StrictMode>
            <App client={client}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </App>
          </StrictMode>,
        ),
      ),
    ),
  );
  client.clear();
  return html;
}

/**
 * Runs `render` (synchronous) with the process's time zone set to `timeZone`, a valid IANA name, then puts it
 * back: the dates are drawn in the device's zone (lib/format.ts reads it through Intl), as the browser draws them.
 */
function inTimeZone<T>(timeZone: string | undefined, render: () => T): T {
  if (!timeZone || !isTimeZone(timeZone)) return render();
  const before = process.env.TZ;
  process.env.TZ = timeZone;
  try {
    return render();
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
}
