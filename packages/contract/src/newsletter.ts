import { z } from 'zod';
import { NEWSLETTER_EMAIL_MAX, NEWSLETTER_MESSAGES } from './newsletter.constants.ts';

const emailAddress = z.email();

/** The address as stored: trimmed and lower-cased, so one mailbox is one subscription. */
export const newsletterEmailSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined ? NEWSLETTER_MESSAGES.emailRequired : NEWSLETTER_MESSAGES.emailInvalid,
  })
  .trim()
  .toLowerCase()
  .min(1, { error: NEWSLETTER_MESSAGES.emailRequired, abort: true })
  .max(NEWSLETTER_EMAIL_MAX, { error: NEWSLETTER_MESSAGES.emailInvalid, abort: true })
  .refine((value) => emailAddress.safeParse(value).success, { error: NEWSLETTER_MESSAGES.emailInvalid });

/** POST /newsletter. */
export const newsletterSubscribeRequestSchema = z.object({ email: newsletterEmailSchema });
export type NewsletterSubscribeRequest = z.output<typeof newsletterSubscribeRequestSchema>;

/** The unsubscribe token of an email's link: 32 bytes, base64url. */
export const newsletterTokenSchema = z
  .string({ error: NEWSLETTER_MESSAGES.invalidLink })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: NEWSLETTER_MESSAGES.invalidLink });

/** POST /newsletter/unsubscribe: the token of the email's link (the unsubscribe page sends it). */
export const newsletterUnsubscribeRequestSchema = z.object({ token: newsletterTokenSchema });
export type NewsletterUnsubscribeRequest = z.output<typeof newsletterUnsubscribeRequestSchema>;

/**
 * POST /newsletter/unsubscribe/one-click?token=…: RFC 8058 one-click unsubscription, which mail clients send
 * as a form (`List-Unsubscribe=One-Click`) to the URL of the email's List-Unsubscribe header.
 */
export const newsletterOneClickQuerySchema = z.object({ token: newsletterTokenSchema });

/** Both answers: the message to show. */
export const newsletterResponseSchema = z.object({ message: z.string() });
export type NewsletterResponse = z.infer<typeof newsletterResponseSchema>;
