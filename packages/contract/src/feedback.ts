import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/** The profile menu's three links (spec, "Social area"), one form each. */
export const FEEDBACK_TOPICS = ['help', 'feedback', 'contact'] as const;
export const feedbackTopicSchema = z.enum(FEEDBACK_TOPICS, { error: 'Please choose a topic.' });
export type FeedbackTopic = z.infer<typeof feedbackTopicSchema>;

/** The form's title for each topic: the menu's own words. */
export const FEEDBACK_TITLES: Record<FeedbackTopic, string> = {
  help: 'Help Center',
  feedback: 'Feedback Submission',
  contact: 'Contact us',
};

export const FEEDBACK_MESSAGE_MAX = 2000;

const emailAddress = z.email().max(254);

export const FEEDBACK_MESSAGES = {
  sent: 'Thank you! Your message has been sent. We will get back to you by email.',
  failed: 'Your message could not be sent. Please try again.',
} as const;

/**
 * POST /feedback: what the member writes, trimmed; `email` is where to answer (the account's address when
 * left empty).
 */
export const feedbackRequestSchema = z.object({
  topic: feedbackTopicSchema,
  message: z
    .string({ error: MESSAGES.generic.required })
    .trim()
    .min(1, { error: MESSAGES.generic.required })
    .max(FEEDBACK_MESSAGE_MAX, { error: MESSAGES.generic.maxLength(FEEDBACK_MESSAGE_MAX) }),
  email: z
    .string({ error: MESSAGES.generic.email })
    .trim()
    .toLowerCase()
    .refine((value) => value === '' || emailAddress.safeParse(value).success, { error: MESSAGES.generic.email })
    .optional(),
});
export type FeedbackRequest = z.output<typeof feedbackRequestSchema>;
export type FeedbackForm = z.input<typeof feedbackRequestSchema>;

export const feedbackResponseSchema = z.object({ status: z.literal(true), message: z.string() });
export type FeedbackResponse = z.infer<typeof feedbackResponseSchema>;
