import { z } from 'zod';
// libphonenumber-js with the metadata for where it runs (package.json "imports"): browsers get its smallest
// ('min': valid lengths and leading digits per country), enough to catch a mistyped number before sending;
// the server validates with the full rules ('max': every country's number patterns).
import { parsePhoneNumberFromString } from '#phone-numbers';
import { LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';
import { currentUserSchema } from './user.ts';

const P = MESSAGES.phone;

/** The country assumed for a number typed without a + prefix. */
export const DEFAULT_PHONE_COUNTRY = 'US';

/** A phone number in E.164 (+15551234567), or null when it is not a valid number. */
export function toE164(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), DEFAULT_PHONE_COUNTRY);
  return parsed?.isValid() ? parsed.number : null;
}

/** The country calling code of an E.164 number (+1 for +15551234567). */
export function callingCodeOf(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  return parsed ? `+${parsed.countryCallingCode}` : 'unknown';
}

const phoneField = z
  .string({ error: P.phoneRequired })
  .trim()
  .min(1, { error: P.phoneRequired })
  .max(32, { error: P.phoneInvalid })
  .transform((value, ctx) => {
    const e164 = toE164(value);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: P.phoneInvalid });
      return z.NEVER;
    }
    return e164;
  });

/** POST /api/contacts/send-verification-code */
export const sendVerificationCodeRequestSchema = z.object({ original_phone: phoneField });
export type SendVerificationCodeRequest = z.input<typeof sendVerificationCodeRequestSchema>;

export const sendVerificationCodeResponseSchema = z.object({
  status: z.literal(true),
  message: z.string(),
  phone: z.string(),
  /** Ours: seconds until this member may ask for another code to this number (security.md's send limits). */
  resend_after: z.number().int().min(0),
});
export type SendVerificationCodeResponse = z.infer<typeof sendVerificationCodeResponseSchema>;

export const otpCodeSchema = z
  .string({ error: P.codeInvalid })
  .regex(new RegExp(`^\\d{${LIMITS.otpLength}}$`), { error: P.codeInvalid });

/** POST /api/contacts/validate-verification-code. `phone` is accepted for compatibility. */
export const validateVerificationCodeRequestSchema = z.object({
  original_phone: phoneField,
  phone: z.string().max(32).optional(),
  code: otpCodeSchema,
});
export type ValidateVerificationCodeRequest = z.input<typeof validateVerificationCodeRequestSchema>;

/** Its answer: the member, now verified, under `data` (the spec's table: "reads data.user"). */
export const validateVerificationCodeResponseSchema = z.object({ data: z.object({ user: currentUserSchema }) });
export type ValidateVerificationCodeResponse = z.infer<typeof validateVerificationCodeResponseSchema>;
