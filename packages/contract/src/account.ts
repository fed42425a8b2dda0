import { z } from 'zod';
import { ACCOUNT_MESSAGES as A, ACCOUNT_LINK_STATES } from './account.constants.ts';
import { emailField, errorResponseSchema } from './common.ts';
import { LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';

const S = MESSAGES.signUp;

/** A new password by sign-up's rules: 8 to 12 characters, with sign-up's message. */
const newPassword = z
  .string({ error: S.passwordLength })
  .min(LIMITS.passwordMin, { error: S.passwordLength })
  .max(LIMITS.passwordMax, { error: S.passwordLength });

/**
 * The current password, as typed: only required and bounded here (an account made by an older policy may
 * hold one of any length up to the bound); whether it is right is the server's to say.
 */
const currentPassword = z
  .string({ error: A.currentPasswordRequired })
  .min(1, { error: A.currentPasswordRequired })
  .max(128, { error: A.wrongPassword });

/** POST /api/me/password. */
export const changePasswordRequestSchema = z.object({
  current_password: currentPassword,
  new_password: newPassword,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** The Account page's password form: the request and the new password typed twice. */
export const changePasswordFormSchema = z
  .object({
    current_password: currentPassword,
    new_password: newPassword,
    confirm_password: z.string().min(1, { error: S.confirmRequired }),
  })
  .refine((value) => value.new_password === value.confirm_password, {
    path: ['confirm_password'],
    error: S.passwordsMustMatch,
    when: (payload) => {
      const value = payload.value as { confirm_password?: unknown };
      return typeof value.confirm_password === 'string' && value.confirm_password.length > 0;
    },
  });
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;

/** POST /api/me/email: the new address, and the password to prove it is the member asking. */
export const changeEmailRequestSchema = z.object({
  new_email: emailField(A.emailInvalid),
  password: currentPassword,
});
export type ChangeEmailRequest = z.input<typeof changeEmailRequestSchema>;

/** GET /api/me/email: the address in force and a change waiting for its confirmation, if any. */
export const emailStatusResponseSchema = z.object({
  email: z.string(),
  pending: z.object({ new_email: z.string(), expires_at: z.string() }).nullable(),
});
export type EmailStatusResponse = z.infer<typeof emailStatusResponseSchema>;

/** POST /api/me/email answers what GET answers, with the sentence to show. */
export const changeEmailResponseSchema = emailStatusResponseSchema.extend({
  status: z.literal(true),
  message: z.string(),
});
export type ChangeEmailResponse = z.infer<typeof changeEmailResponseSchema>;

/** POST /api/me/email/confirm and /undo: the token of the emailed link (its URL fragment). */
export const accountLinkRequestSchema = z.object({
  token: z.string({ error: A.linkInvalid }).min(1, { error: A.linkInvalid }).max(200, { error: A.linkInvalid }),
});
export type AccountLinkRequest = z.input<typeof accountLinkRequestSchema>;

/** A link refused: why, so the page can tell an expired link from a used one. */
export const accountLinkErrorSchema = errorResponseSchema.extend({ code: z.enum(ACCOUNT_LINK_STATES) });
export type AccountLinkError = z.infer<typeof accountLinkErrorSchema>;

/** A confirmed change, or an undone one: the address now in force. */
export const accountLinkResponseSchema = z.object({
  status: z.literal(true),
  message: z.string(),
  email: z.string(),
});
export type AccountLinkResponse = z.infer<typeof accountLinkResponseSchema>;

/**
 * One signed-in device. `id` names the session, never its token. `place` is only the network the IP belongs
 * to ("Local network", "203.0.113.x"), no geography (docs/decisions/033-account-settings.md).
 */
export const accountSessionSchema = z.object({
  id: z.string(),
  browser: z.string(),
  os: z.string(),
  place: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

/** GET /api/me/sessions: the member's live sessions, the current one first, then the latest used. */
export const accountSessionsResponseSchema = z.object({ sessions: z.array(accountSessionSchema) });
export type AccountSessionsResponse = z.infer<typeof accountSessionsResponseSchema>;

export const accountSessionParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** DELETE /api/me/sessions: how many other sessions ended. */
export const signOutOthersResponseSchema = z.object({
  status: z.literal(true),
  message: z.string(),
  count: z.number().int(),
});
export type SignOutOthersResponse = z.infer<typeof signOutOthersResponseSchema>;
