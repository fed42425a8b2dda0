import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { App } from './app/app.tsx';
import { takeFirstScreen } from './app/first-screen.ts';
import { queryClient } from './app/query-client.ts';
import { createAppRouter } from './app/router.ts';
import { verifyStoredSessionOnce } from './features/auth/api/verify-session.ts';
import { useSession } from './lib/session-store.ts';
import './styles.css';

// Scripts run (the prerendered pages' inline script says so too), and <html> says whether a member is signed
// in: a session ended elsewhere must bring back the Sign In button and the calls to sign up (styles.css).
document.documentElement.setAttribute('data-js', '');
const markMember = (isLoggedIn: boolean) => document.documentElement.toggleAttribute('data-member', isLoggedIn);
useSession.subscribe((state) => markMember(state.isLoggedIn));

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  // The stored session's check (which every member query waits for) travels while the page's modules load.
  const checked = verifyStoredSessionOnce();
  // A member page's first screen (app/first-screen.ts): the server's HTML is in #root, drawn from answers that the
  // cache is seeded with, so the first render, once the session check is in, is that same page.
  const [router, seeded] = await Promise.all([createAppRouter(), takeFirstScreen(queryClient)]);
  if (seeded) await checked;
  const app = (
    <StrictMode>
      <App>
        <RouterProvider router={router} />
      </App>
    </StrictMode>
  );
  // A page prerendered at build shows what a signed-out visitor sees: React takes it over in place. For a
  // member (another header, perhaps a redirect) it renders afresh; the prerendered page stays on screen until then.
  // A first screen is rendered over too (its times and ids are the browser's own): React replaces it at its first
  // commit, in one task, with the same page.
  if (container.hasAttribute('data-prerendered') && !useSession.getState().isLoggedIn) hydrateRoot(container, app);
  else {
    const root = createRoot(container);
    // Drawn at once, so that a first screen (kept inert by the shell until now) is never usable before it is live.
    flushSync(() => root.render(app));
    container.removeAttribute('inert');
    // What #root holds is the app's own now, not the server's first screen.
    container.removeAttribute('data-first-screen');
  }
}

void start();
