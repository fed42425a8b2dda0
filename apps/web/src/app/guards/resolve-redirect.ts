import type { CurrentUser } from '@corral/contract';
import { paths } from '../../config/paths.ts';
import { destinationFor, returnPathFor, returnPathIn, withReturnPath } from '../../lib/return-to.ts';
import { homeFor } from '../../lib/setup-progress.ts';

/** Who may open a route (spec "Routes"): anyone, guests only, or signed-in members. */
export type RouteAccess = 'public' | 'guest' | 'member' | 'onboarding' | 'phone';

interface SessionView {
  isLoggedIn: boolean;
  currentUser: CurrentUser | null;
}

/** Where the viewer is: the address the guard decides about. */
export interface Here {
  pathname: string;
  search: string;
  hash: string;
}

const NOWHERE: Here = { pathname: '', search: '', hash: '' };

/**
 * The spec's "Guards and navigation" as one pure decision: the path to go to instead, or null to stay.
 * - a guest on a protected route goes to sign-in;
 * - a signed-in member on a guest-only route goes to the friend list, or the page they came for (whose guard
 *   continues the chain);
 * - a signed-in member with is_onboard 0 is forced to onboarding, with verified 0 to phone verification;
 * - a set-up member has nothing left to do on the onboarding and phone pages.
 * A member page left for sign-in or a setup step rides along as `?next=` and is where the member lands once
 * signed in and set up (lib/return-to.ts); the pages between pass it on.
 */
export function resolveRedirect(access: RouteAccess, session: SessionView, here: Here = NOWHERE): string | null {
  const user = session.isLoggedIn ? session.currentUser : null;
  if (access === 'public') return null;
  const next = access === 'member' ? returnPathFor(here) : returnPathIn(here.search);
  // The member page's own guard continues the chain (onboarding, the phone), carrying the page along.
  if (access === 'guest') return user ? (next ?? paths.friendList) : null;
  if (!user) return withReturnPath(paths.signIn, next);
  const home = homeFor(user);
  if (access === 'member') return home === paths.friendList ? null : withReturnPath(home, next);
  if (access === 'onboarding') return home === paths.onBoard ? null : destinationFor(user, next);
  return home === paths.phoneVerify ? null : destinationFor(user, next);
}

/**
 * Whether a route must wait for the stored session's check (GET /verify) before deciding: every route but the
 * public ones, while a stored sign-in has not been confirmed since the page loaded. Guest-only routes wait too,
 * so a stale session does not bounce sign-in through the friend list.
 */
export function waitsForSessionCheck(
  access: RouteAccess,
  session: { isLoggedIn: boolean; sessionChecked: boolean },
): boolean {
  return access !== 'public' && session.isLoggedIn && !session.sessionChecked;
}
