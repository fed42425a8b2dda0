import type { CurrentUser } from '@corral/contract';
import { paths } from '../config/paths.ts';

/** Where a fully or partly set-up member belongs: onboarding first, then the phone, then the feed. */
export function homeFor(user: CurrentUser | null): string {
  if (user?.is_onboard === 0) return paths.onBoard;
  if (user?.verified === 0) return paths.phoneVerify;
  return paths.friendList;
}

/** The one contextual link of the top navigation's dropdown (spec "Headers and menus"). */
export function contextualLink(user: CurrentUser | null): { label: string; to: string } {
  if (user?.is_onboard === 0) return { label: 'Complete your Onboarding', to: paths.onBoard };
  if (user?.verified === 0) return { label: 'Complete Phone Verification', to: paths.phoneVerify };
  return { label: 'Go to Timeline', to: paths.friendList };
}
