import { z } from 'zod';
import { personName } from './auth.ts';
import { messagePolicySchema } from './conversations.ts';
import { LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';
import { FRIENDSHIP_STATUSES } from './profiles.constants.ts';
import { currentUserSchema } from './user.ts';

export const friendshipStatusSchema = z.enum(FRIENDSHIP_STATUSES);
export type FriendshipStatus = z.infer<typeof friendshipStatusSchema>;

/** Spec "Profile counts": GET /user/get/{id} answers this object as it stands. */
export const profileCountsSchema = z.object({
  /** The member's events the viewer may see. */
  event_count: z.number().int(),
  /** The member's friends. */
  friends_count: z.number().int(),
  /** Friends the viewer and the member share (0 on one's own profile). */
  mutual_count: z.number().int(),
});
export type ProfileCounts = z.infer<typeof profileCountsSchema>;

/**
 * GET /users/{id}: a member's profile. A private profile seen by someone who is not its owner or a friend
 * shows only who it is (id, names, avatar, `is_private`, `friendship_status`): its counts are null and its
 * posts and events answer 404.
 */
export const profileSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  /** The member's photo, or the placeholder. */
  avatar: z.string(),
  is_private: z.boolean(),
  friendship_status: friendshipStatusSchema,
  /** The pending request either way (pending_sent: the viewer may cancel it; pending_received: answer it). */
  friend_request_id: z.number().int().nullable(),
  /** Null when the viewer may not see them (a private profile of someone not a friend). */
  counts: profileCountsSchema.nullable(),
  /** The viewer muted this member (a blocked member's profile answers 404 either way). */
  is_muted: z.boolean(),
  /**
   * Their hauling board record (ADR 030): completed hauls, the average of their shown reviews (null before
   * any shows), how many show, and their late cancellations. Null where the counts are.
   */
  hauling: z
    .object({
      completed_hauls: z.number().int(),
      rating: z.number().nullable(),
      reviews_count: z.number().int(),
      late_cancellations: z.number().int(),
    })
    .nullable()
    .optional(),
});
export type Profile = z.infer<typeof profileSchema>;

/** A member id in a path (better-auth's ids; the same bounds as the friends routes). */
export const memberParamsSchema = z.object({ id: z.string().min(1).max(64) });

const firstName = personName(true);
const lastName = personName(false);

/** Whether a first and last name together make a name, by sign-up's rule (at least 3 characters). */
export const isFullName = (first: string, last: string) => `${first} ${last}`.trim().length >= LIMITS.nameMin;

/**
 * PATCH /me: what a member may change about themselves, each field optional. Names follow sign-up's
 * rules (a first name is required, 50 characters each, 3 at least together); the server checks the
 * together rule against the name it keeps when only one is sent. Anything else in the body is ignored.
 */
export const updateMeRequestSchema = z.object({
  first_name: firstName.optional(),
  last_name: lastName.optional(),
  is_private: z.boolean().optional(),
  /** Who may start a conversation with the member (direct messages). */
  message_policy: messagePolicySchema.optional(),
});
export type UpdateMeRequest = z.input<typeof updateMeRequestSchema>;

/** The edit-name form of the own profile (web): both names, sign-up's rules. */
export const profileNameFormSchema = z
  .object({ first_name: firstName, last_name: lastName })
  .refine((form) => isFullName(form.first_name, form.last_name), {
    path: ['first_name'],
    error: MESSAGES.signUp.nameRequired,
  });
export type ProfileNameForm = z.input<typeof profileNameFormSchema>;

/** PATCH /me and POST /me/avatar: the signed-in user as /verify shows it, and whether the account is private. */
export const meResponseSchema = z.object({
  user: currentUserSchema,
  is_private: z.boolean(),
  message_policy: messagePolicySchema,
});
export type MeResponse = z.infer<typeof meResponseSchema>;
