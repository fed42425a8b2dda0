import { z } from 'zod';

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
export const friendRequestsResponseSchema = z.object({
  data: z.array(friendRequestSchema),
  next_cursor: z.string().nullable(),
});
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
export const friendsQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  cursor: z.string().max(200).optional(),
});
export const friendsResponseSchema = z.object({ data: z.array(friendSchema), next_cursor: z.string().nullable() });
export type FriendsResponse = z.infer<typeof friendsResponseSchema>;
