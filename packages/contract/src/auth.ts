import { z } from 'zod';
import { emailField } from './common.ts';
import { LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';

const S = MESSAGES.signUp;
const L = MESSAGES.login;

function password(message: string) {
  return z
    .string({ error: message })
    .min(LIMITS.passwordMin, { error: message })
    .max(LIMITS.passwordMax, { error: message });
}

/** Splits a full name on spaces: the first word is the first name, the rest the last name. */
export function splitFullName(fullName: string): { first_name: string; last_name: string } {
  const [first = '', ...rest] = fullName.trim().split(/\s+/);
  return { first_name: first, last_name: rest.join(' ') };
}

/** The second typing of a new password (sign-up, reset): required. */
const confirmPasswordField = z.string().min(1, { error: S.confirmRequired });

/**
 * A form's new password and its confirmation agree. Checked whenever a confirmation was typed, even while
 * other fields are still wrong, so that the mismatch shows with the rest.
 */
function withPasswordConfirmation<Form extends z.ZodType<{ password: string; confirm_password: string }>>(form: Form) {
  return form.refine((value) => value.password === value.confirm_password, {
    path: ['confirm_password'],
    error: S.passwordsMustMatch,
    when: (payload) => {
      const value = payload.value as { confirm_password?: unknown };
      return typeof value.confirm_password === 'string' && value.confirm_password.length > 0;
    },
  });
}

/** The sign-up form (web). */
export const signUpFormSchema = withPasswordConfirmation(
  z.object({
    full_name: z
      .string()
      .trim()
      .min(LIMITS.nameMin, { error: S.nameRequired })
      .max(100, { error: S.nameRequired })
      .refine((value) => !NAME_FORBIDDEN.test(value), { error: S.nameCharacters }),
    email: emailField(S.emailInvalid),
    password: password(S.passwordLength),
    confirm_password: confirmPasswordField,
  }),
);
export type SignUpForm = z.input<typeof signUpFormSchema>;

/**
 * Control characters and the invisible marks that turn text around (U+202E shows "evil" as "live"): a name
 * holding one could pass for another member's.
 */
const NAME_FORBIDDEN = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** A first name (required) or a last name, by sign-up's rules: trimmed, 50 characters at most. */
export function personName(required: boolean) {
  const text = required
    ? z.string({ error: S.nameRequired }).trim().min(1, { error: S.nameRequired })
    : z.string().trim();
  return text
    .max(50, { error: MESSAGES.generic.maxLength(50) })
    .refine((value) => !NAME_FORBIDDEN.test(value), { error: S.nameCharacters });
}

/** POST /api/signup. `token` was the old identity provider's ID token; it is accepted and ignored. */
export const signupRequestSchema = z
  .object({
    first_name: personName(true),
    last_name: personName(false).default(''),
    email: emailField(S.emailInvalid),
    password: password(S.passwordLength),
    token: z.string().optional(),
  })
  .refine((body) => `${body.first_name} ${body.last_name}`.trim().length >= LIMITS.nameMin, {
    path: ['first_name'],
    error: S.nameRequired,
  });
export type SignupRequest = z.input<typeof signupRequestSchema>;

/** The login form (web) and POST /api/login. */
export const loginRequestSchema = z.object({
  email: emailField(L.emailInvalid),
  password: password(L.passwordLength),
  /** The device token an earlier sign-in to this account gave this client (OWASP device cookies). */
  device_token: z.string().max(200).optional(),
  /** The remembered-device token an earlier code step gave this client: skips the code step (two-factor). */
  trusted_device_token: z.string().max(500).optional(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const loginFormSchema = loginRequestSchema.extend({ remember: z.boolean().default(false) });
export type LoginForm = z.input<typeof loginFormSchema>;

/** The forgot-password form and POST /api/forgot-password. */
export const forgotPasswordRequestSchema = z.object({
  email: emailField(MESSAGES.forgotPassword.emailInvalid),
});
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

/** POST /api/reset-password. */
export const resetPasswordRequestSchema = z.object({
  token: z
    .string({ error: MESSAGES.resetPassword.invalidToken })
    .min(1, { error: MESSAGES.resetPassword.invalidToken })
    .max(512),
  password: password(S.passwordLength),
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** The web's reset form: the new password twice. */
export const resetPasswordFormSchema = withPasswordConfirmation(
  z.object({
    password: password(S.passwordLength),
    confirm_password: confirmPasswordField,
  }),
);
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;
