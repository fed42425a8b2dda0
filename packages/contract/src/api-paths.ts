/** `:name` in a route pattern (Fastify's form): the place a path's one parameter goes. */
const PARAMETER = /:[A-Za-z_]\w*/;

/**
 * A path with one parameter, defined once by its route pattern: the server registers `pattern`, the web
 * calls the path itself to build the URL, with the value encoded in the parameter's place.
 */
export type ParamPath<Pattern extends string = string> = ((value: number | string) => string) & {
  readonly pattern: Pattern;
};

function paramPath<const Pattern extends `/${string}:${string}`>(pattern: Pattern): ParamPath<Pattern> {
  const build = (value: number | string) => pattern.replace(PARAMETER, () => encodeURIComponent(String(value)));
  return Object.assign(build, { pattern });
}

/**
 * The API's paths, relative to /api, shared by the server's routes and the web's client. A path without
 * parameters is its own pattern; a path with one is a `ParamPath`.
 */
/** A path with two parameters (a member and a role): built from both values, in the pattern's order. */
export type ParamPath2<Pattern extends string = string> = ((
  first: number | string,
  second: number | string,
) => string) & {
  readonly pattern: Pattern;
};

function paramPath2<const Pattern extends `/${string}:${string}:${string}`>(pattern: Pattern): ParamPath2<Pattern> {
  const build = (first: number | string, second: number | string) => {
    const values = [first, second];
    return pattern.replace(new RegExp(PARAMETER.source, 'g'), () => encodeURIComponent(String(values.shift())));
  };
  return Object.assign(build, { pattern });
}

export const API_PATHS = {
  /** Readiness under its historical name (tests, docs and probes written before the two below). */
  health: '/health',
  /** Liveness: 200 while the process runs; touches nothing else. */
  healthLive: '/health/live',
  /** Readiness: 200 when the database (and Redis, when configured) answer and the process is not draining. */
  healthReady: '/health/ready',
  signup: '/signup',
  login: '/login',
  /** The code step of a sign-in with two-factor on: the challenge /login answered and a code. */
  loginTwoFactor: '/login/two-factor',
  logout: '/logout',
  verify: '/verify',
  /** A member page's first screen: its first calls' answers and its HTML rendered from them (ADR 018). */
  firstScreen: '/first-screen',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  onBoard: '/on-board',
  eventTypes: '/setup/event-types',
  associations: '/setup/associations',
  circuits: '/setup/circuits',
  sendVerificationCode: '/contacts/send-verification-code',
  validateVerificationCode: '/contacts/validate-verification-code',
  accountDelete: '/account-delete',
  /** Google and Apple sign-in (docs/decisions/036-google-and-apple-sign-in.md). */
  oauthProviders: '/auth/providers',
  oauthStart: paramPath('/auth/oauth/:provider/start'),
  oauthCallback: paramPath('/auth/oauth/:provider/callback'),
  oauthExchange: '/auth/oauth/exchange',
  oauthLink: '/auth/oauth/link',
  oauthLinkEmail: '/auth/oauth/link/email',
  /** GET the member's ways to sign in; POST on `signInMethod` connects a provider, DELETE unlinks it. */
  signInMethods: '/me/sign-in-methods',
  signInMethod: paramPath('/me/sign-in-methods/:provider'),
  devOutbox: '/dev/outbox',
  timeline: '/home/timeline',
  upcomingEvents: '/home/upcoming-events',
  suggestions: '/home/upcoming-events-home',
  posts: '/posts',
  post: paramPath('/posts/:id'),
  postLike: paramPath('/posts/:id/like'),
  postComments: paramPath('/posts/:id/comments'),
  postShare: paramPath('/posts/:id/share'),
  postReport: paramPath('/posts/:id/report'),
  /** Earlier versions of an edited post (GET). PATCH and DELETE on `post` edit and delete it. */
  postRevisions: paramPath('/posts/:id/revisions'),
  /** PATCH edits and DELETE deletes one's own comment. */
  comment: paramPath('/comments/:id'),
  commentRevisions: paramPath('/comments/:id/revisions'),
  /** Report a post, event, share, comment or member (trust and safety). */
  reports: '/reports',
  /** POST and DELETE: block or unblock; mute or unmute. */
  userBlock: paramPath('/users/:id/block'),
  userMute: paramPath('/users/:id/mute'),
  /** The viewer's blocked and muted members. */
  meBlocks: '/me/blocks',
  /** The viewer's standing: a suspension, and the actions taken against them with their appeals. */
  meStanding: '/me/standing',
  /** Appeal an action taken against oneself: `{ action_id, text }`, once per action. */
  appeals: '/appeals',
  /** A suspended member's appeal of the suspension, with the token their refused sign-in answered. */
  appealSuspension: '/appeals/suspension',
  /** Moderators and admins only; anyone else gets the answer of a missing route. */
  moderationReports: '/moderation/reports',
  moderationReport: paramPath('/moderation/reports/:id'),
  moderationReportActions: paramPath('/moderation/reports/:id/actions'),
  /** Admins only: the audit log, and members with their roles. */
  moderationAudit: '/moderation/audit',
  moderationMembers: '/moderation/members',
  /** Admins only: PUT gives the member that role (member, moderator, admin); the role is in the path, never a body. */
  moderationMemberRole: paramPath2('/moderation/members/:id/role/:role'),
  friendRequests: '/friends/requests',
  friendRequestAccept: paramPath('/friends/requests/:id/accept'),
  friendRequest: paramPath('/friends/requests/:id'),
  friends: '/friends',
  friend: paramPath('/friends/:user_id'),
  /** A member's profile: header, friendship status, counts (hidden ones null). */
  user: paramPath('/users/:id'),
  /** The spec's profile counts and a member's posts and events (its table). */
  userCounts: paramPath('/user/get/:id'),
  userPosts: paramPath('/user/posts-and-events/:id'),
  me: '/me',
  meAvatar: '/me/avatar',
  notifications: '/notifications',
  notificationsRead: '/notifications/read',
  notificationAccept: paramPath('/notifications/:id/accept'),
  notificationRead: paramPath('/notifications/:id/read'),
  notification: paramPath('/notifications/:id'),
  stream: '/stream',
  /** Direct messages (docs/decisions/029-direct-messages.md). GET the boxes; POST starts (or continues) a pair's conversation. */
  conversations: '/conversations',
  /** The viewer's conversation with a member, if any, and whether they may write to them. */
  conversationWith: paramPath('/conversations/with/:user_id'),
  /** DELETE removes it from the viewer's boxes. */
  conversation: paramPath('/conversations/:id'),
  conversationMessages: paramPath('/conversations/:id/messages'),
  conversationRead: paramPath('/conversations/:id/read'),
  conversationAccept: paramPath('/conversations/:id/accept'),
  /** DELETE: one's own message, shown as deleted to both. */
  message: paramPath('/messages/:id'),
  search: '/search',
  feedback: '/feedback',
  newsletter: '/newsletter',
  newsletterUnsubscribe: '/newsletter/unsubscribe',
  /** RFC 8058 one-click unsubscription: the URL of the newsletter emails' List-Unsubscribe header. */
  newsletterOneClick: '/newsletter/unsubscribe/one-click',
  events: '/events',
  event: paramPath('/events/:id'),
  eventFollow: paramPath('/events/:id/follow'),
  eventCancel: paramPath('/events/:id/cancel'),
  eventIcs: paramPath('/events/:id/calendar.ics'),
  calendarFeed: '/me/calendar-feed',
  calendarFeedIcs: paramPath('/calendar/:token.ics'),
  /** The hauling board (docs/decisions/030-hauling-board.md). The gazetteer's typeahead: `?q=`. */
  places: '/places',
  /** An event's open offers and requests: `?near=&horses=&rate=&date=`. */
  eventHauling: paramPath('/events/:id/hauling'),
  haulOffers: '/haul/offers',
  /** GET, PATCH, DELETE (closes it; its live bookings are cancelled). */
  haulOffer: paramPath('/haul/offers/:id'),
  haulOfferBookings: paramPath('/haul/offers/:id/bookings'),
  haulRequests: '/haul/requests',
  haulRequest: paramPath('/haul/requests/:id'),
  haulBooking: paramPath('/haul/bookings/:id'),
  haulBookingAccept: paramPath('/haul/bookings/:id/accept'),
  haulBookingDecline: paramPath('/haul/bookings/:id/decline'),
  haulBookingCancel: paramPath('/haul/bookings/:id/cancel'),
  haulBookingReview: paramPath('/haul/bookings/:id/review'),
  haulSavedSearches: '/haul/saved-searches',
  haulSavedSearch: paramPath('/haul/saved-searches/:id'),
  /** My offers, requests and bookings. */
  meHauls: '/me/hauls',
  meHorses: '/me/horses',
  meHorse: paramPath('/me/horses/:id'),
  /** Your data (docs/decisions/035-data-export.md): POST asks for an export, GET its status and link. */
  meExport: '/me/export',
  /** The ready export's zip: `?token=` from GET /me/export's `download_url`, or the bearer token alone. */
  meExportDownload: '/me/export/download',
  /** The Account page (docs/decisions/033-account-settings.md). POST changes the password. */
  mePassword: '/me/password',
  /** GET the address and a pending change; POST starts a change; DELETE cancels the pending one. */
  meEmail: '/me/email',
  /** Public: the link emailed to the new address, and the undo link emailed to the former one. */
  meEmailConfirm: '/me/email/confirm',
  meEmailUndo: '/me/email/undo',
  /** GET the signed-in devices; DELETE signs out every other one. */
  meSessions: '/me/sessions',
  /** DELETE signs out one of the member's own sessions (by its id, never its token). */
  meSession: paramPath('/me/sessions/:id'),
  /** Two-factor sign-in (ADR 034): GET status; POST starts the setup (password); DELETE turns it off (password). */
  meTwoFactor: '/me/two-factor',
  /** A code from the app turns it on and answers the recovery codes. */
  meTwoFactorVerify: '/me/two-factor/verify',
  /** New recovery codes (password); the old ones stop working. */
  meTwoFactorRecoveryCodes: '/me/two-factor/recovery-codes',
} as const;

export const API_PREFIX = '/api';
