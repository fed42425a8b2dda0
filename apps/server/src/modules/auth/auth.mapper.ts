import { type CurrentUser, USER_PLACEHOLDER_IMAGE } from '@corral/contract';
import type { UserRow } from '../../lib/viewer.ts';

/** The signed-in user as the spec's endpoints answer it; the fields are listed, never spread. */
export function toCurrentUser(user: UserRow, apiToken: string): CurrentUser {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    avatar: user.image,
    profile_image: user.image ?? USER_PLACEHOLDER_IMAGE,
    api_token: apiToken,
    is_onboard: user.isOnboard ? 1 : 0,
    verified: user.phoneNumberVerified ? 1 : 0,
    role: user.role,
  };
}
