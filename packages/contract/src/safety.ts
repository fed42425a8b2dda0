import { z } from 'zod';
import { feedUserSchema } from './feed.ts';

/** POST and DELETE /users/{id}/block and /mute answer the state after the call. */
export const blockResponseSchema = z.object({ status: z.literal(true), message: z.string(), is_blocked: z.boolean() });
export const muteResponseSchema = z.object({ status: z.literal(true), message: z.string(), is_muted: z.boolean() });
export type BlockResponse = z.infer<typeof blockResponseSchema>;
export type MuteResponse = z.infer<typeof muteResponseSchema>;

export const blockedMemberSchema = feedUserSchema.extend({ since: z.string() });
export type BlockedMember = z.infer<typeof blockedMemberSchema>;
/** GET /me/blocks: whom the viewer blocked and muted, newest first (bounded: blocks and mutes are rate limited). */
export const meBlocksResponseSchema = z.object({
  blocked: z.array(blockedMemberSchema),
  muted: z.array(blockedMemberSchema),
});
export type MeBlocksResponse = z.infer<typeof meBlocksResponseSchema>;
