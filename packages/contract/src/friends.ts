import { z } from 'zod';
import { cursorQuerySchema, pagedSchema } from './common.ts';

/** Friend request card (spec section 3): who asked, when, and the friends the viewer shares with them. */
export const friendRequestSchema = z.object({
  id: z.number().int(),
  time: z.string(),
  mutualFriends: z.number().int(),
  /** Up to two avatars of mutual friends (spec: "Mutual avatars shown 2"). */
  mutualFriendAvatars: z.array(z.string()),
  user: z.object({ id: z.string(), name: z.string(), avatarUrl: z.string() }),
});
export type FriendRequest = z.infer<typeof friendRequestSchema>;

/** GET /friends/requests: the requests the viewer received, newest first. */
export const friendRequestsResponseSchema = pagedSchema(friendRequestSchema);
export type FriendRequestsResponse = z.infer<typeof friendRequestsResponseSchema>;

export const friendRequestParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export const friendParamsSchema = z.object({ user_id: z.string().min(1).max(64) });

/** A friend in Contacts. */
export const friendSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  user_image: z.string(),
});
export type Friend = z.infer<typeof friendSchema>;

/** GET /friends?q=: the viewer's friends, by name; `q` matches the start of a first or last name. */
export const friendsQuerySchema = cursorQuerySchema.extend({ q: z.string().trim().max(100).optional() });
export const friendsResponseSchema = pagedSchema(friendSchema);
export type FriendsResponse = z.infer<typeof friendsResponseSchema>;
