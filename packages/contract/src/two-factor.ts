import { z } from 'zod';
import { TWO_FACTOR_MESSAGES as M, TWO_FACTOR } from './two-factor.constants.ts';
import { signedInResponseSchema } from './user.ts';

/** A password asked again to change the second factor (not the sign-up rules: the one the member has). */
const currentPassword = z
  .string({ error: M.passwordRequired })
  .min(1, { error: M.passwordRequired })
  .max(128, { error: M.wrongPassword });

/** POST /api/me/two-factor (start), DELETE /api/me/two-factor, POST /api/me/two-factor/recovery-codes. */
export const twoFactorPasswordRequestSchema = z.object({ password: currentPassword });
export type TwoFactorPasswordRequest = z.input<typeof twoFactorPasswordRequestSchema>;

/** Six digits; spaces an app or a paste put in the middle are dropped. */
export const totpCodeSchema = z
  .string({ error: M.codeFormat })
  .max(20, { error: M.codeFormat })
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(new RegExp(`^\\d{${TWO_FACTOR.digits}}$`), { error: M.codeFormat }));

/** A recovery code as typed: letters and digits, dashes and spaces ignored by the server. */
export const recoveryCodeSchema = z
  .string({ error: M.recoveryCodeRequired })
  .trim()
  .min(1, { error: M.recoveryCodeRequired })
  .max(40, { error: M.recoveryCodeInvalid });

/** GET /api/me/two-factor. */
export const twoFactorStatusResponseSchema = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  /** Unused recovery codes (0 while off). */
  recovery_codes_left: z.number().int().min(0),
});
export type TwoFactorStatusResponse = z.infer<typeof twoFactorStatusResponseSchema>;

/** POST /api/me/two-factor: the new secret, for the QR code (the URI) or typing by hand (base32). Not on yet. */
export const twoFactorSetupResponseSchema = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

/** POST /api/me/two-factor/verify: a code from the app proves the setup; two-factor sign-in is on after it. */
export const twoFactorVerifyRequestSchema = z.object({ code: totpCodeSchema });
export type TwoFactorVerifyRequest = z.input<typeof twoFactorVerifyRequestSchema>;

/** The verify step and POST /api/me/two-factor/recovery-codes: ten single-use codes, shown this once. */
export const recoveryCodesResponseSchema = z.object({
  status: z.literal(true),
  message: z.string(),
  recovery_codes: z.array(z.string()).length(TWO_FACTOR.recoveryCodeCount),
});
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

/**
 * POST /api/login for a member with two-factor sign-in on, right password: no session yet, a challenge for
 * POST /api/login/two-factor instead (single use, 5 minutes).
 */
export const twoFactorRequiredResponseSchema = z.object({
  two_factor_required: z.literal(true),
  challenge: z.string(),
  expires_at: z.string(),
});
export type TwoFactorRequiredResponse = z.infer<typeof twoFactorRequiredResponseSchema>;

/** POST /api/login answers either: signed in (as ever, byte for byte), or a second factor is needed. */
export const loginResponseSchema = z.union([signedInResponseSchema, twoFactorRequiredResponseSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /api/login/two-factor: the challenge and either a code from the app or a recovery code. */
export const loginTwoFactorRequestSchema = z
  .object({
    challenge: z.string({ error: M.challengeExpired }).min(1, { error: M.challengeExpired }).max(200),
    code: totpCodeSchema.optional(),
    recovery_code: recoveryCodeSchema.optional(),
    /** Skip the code step on this device for 30 days (trusted_device_token in the answer). */
    remember_device: z.boolean().default(false),
  })
  .refine((body) => (body.code === undefined) !== (body.recovery_code === undefined), {
    path: ['code'],
    error: M.codeFormat,
  });
export type LoginTwoFactorRequest = z.input<typeof loginTwoFactorRequestSchema>;

/** Signed in after the code step; with the remembered device's token when asked for. */
export const loginTwoFactorResponseSchema = signedInResponseSchema.extend({
  trusted_device_token: z.string().optional(),
});
export type LoginTwoFactorResponse = z.infer<typeof loginTwoFactorResponseSchema>;
