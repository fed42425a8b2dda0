/**
 * The server-side entry of the build's prerender step (scripts/prerender-pages.ts): renders a public page to
 * HTML as a signed-out visitor sees it, with the same routes and providers as the browser.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { App } from './app/app.tsx';
import { routes } from './app/routes.tsx';

export { FIRST_LOAD_PAGES, firstLoadScript, firstLoadScriptPlan } from './app/first-load-plan.ts';
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
