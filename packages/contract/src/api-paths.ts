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
export const API_PATHS = {
  /** Readiness under its historical name (tests, docs and probes written before the two below). */
  health: '/health',
  /** Liveness: 200 while the process runs; touches nothing else. */
  healthLive: '/health/live',
  /** Readiness: 200 when the database (and Redis, when configured) answer and the process is not draining. */
  healthReady: '/health/ready',
  signup: '/signup',
  login: '/login',
  logout: '/logout',
  verify: '/verify',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  onBoard: '/on-board',
  eventTypes: '/setup/event-types',
  associations: '/setup/associations',
  circuits: '/setup/circuits',
  sendVerificationCode: '/contacts/send-verification-code',
  validateVerificationCode: '/contacts/validate-verification-code',
  accountDelete: '/account-delete',
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
} as const;

export const API_PREFIX = '/api';
