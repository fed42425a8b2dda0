/** The spec's texts after a friend request's answer (section 3), verbatim. */
export const FRIEND_MESSAGES = { accepted: 'Request accepted.', removed: 'Request removed.' } as const;
