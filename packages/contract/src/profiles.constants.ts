import { FEED_MESSAGES } from './feed.constants.ts';
import { MESSAGES } from './messages.ts';

/** The profile pages' texts: the spec's verbatim (sections 2 and 8), then our own where it shows none. */
export const PROFILE_MESSAGES = {
  loading: 'Loading your profile... please wait.',
  noPosts: "You haven't posted anything yet.",
  userNotFound: MESSAGES.profile.userNotFound,
  loadFailed: MESSAGES.profile.loadFailed,
  unknownContentType: FEED_MESSAGES.unknownContentType,
  publicAccount: 'Public account',
  privateAccount: 'Private account',
  // Not in the spec: the locked notice, the photo upload and the edits.
  lockedTitle: 'This account is private',
  lockedText: (firstName: string) => `Add ${firstName} as a friend to see their posts and events.`,
  theirNoPosts: (firstName: string) => `${firstName} hasn't posted anything yet.`,
  avatarMissing: 'Choose a photo for your profile.',
  avatarOnlyOne: 'Send one photo for your profile.',
  nameUpdated: 'Your name has been updated.',
  avatarUpdated: 'Your profile photo has been updated.',
  nowPrivate: 'Your account is now private: only your friends see your posts and events.',
  nowPublic: 'Your account is now public.',
  requestSent: 'Friend request sent.',
  nowFriends: 'You are now friends.',
  requestCancelled: 'Friend request cancelled.',
  unfriended: 'You are no longer friends.',
} as const;

/** How the viewer stands with a member (architecture: GET /users/{id}). */
export const FRIENDSHIP_STATUSES = ['not_friends', 'pending_sent', 'pending_received', 'friends', 'self'] as const;
