import { z } from 'zod';

export const flagSchema = z.union([z.literal(0), z.literal(1)]);

/** The signed-in user as /signup, /login, /verify, /on-board and the phone validation answer it. */
export const currentUserSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  profile_image: z.string(),
  api_token: z.string(),
  is_onboard: flagSchema,
  verified: flagSchema,
  /** member, moderator or admin: moderators and admins see the moderation queue (trust and safety). */
  role: z.enum(['member', 'moderator', 'admin']),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const userResponseSchema = z.object({ user: currentUserSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;

/**
 * POST /login and /signup: the member, and a device token for this account. Sent back with later logins
 * to this account, it lets this client in while strangers' failed tries hold the account's door shut.
 */
export const signedInResponseSchema = userResponseSchema.extend({ device_token: z.string() });
export type SignedInResponse = z.infer<typeof signedInResponseSchema>;

export const verifyResponseSchema = z.object({ user: currentUserSchema, status: z.literal(true) });
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

/**
 * GET /first-screen?path=: a member page's first screen (docs/decisions/018-web-speed.md). `answers` holds the
 * body of each of the page's first calls by its address (`/api/verify`, `/api/home/timeline` …), exactly as the
 * API answers that call for this member; `html` is the page rendered from them, as a phone shows it.
 */
export const firstScreenQuerySchema = z.object({
  path: z.string().min(1).max(200),
  /** The device's time zone (dates are drawn in it, as the browser draws them); the server's own when absent. */
  tz: z.string().max(64).optional(),
});
export type FirstScreenQuery = z.infer<typeof firstScreenQuerySchema>;
export const firstScreenResponseSchema = z.object({ html: z.string(), answers: z.record(z.string(), z.unknown()) });
export type FirstScreenResponse = z.infer<typeof firstScreenResponseSchema>;
