/**
 * The footer's newsletter form and the unsubscribe link of its emails. The spec shows neither the endpoint
 * nor its messages ("Newsletter validation: not shown"), so these texts are ours.
 */
export const NEWSLETTER_MESSAGES = {
  emailRequired: 'Please enter your email address.',
  emailInvalid: 'Please enter a valid email address.',
  /** The same answer for a new address and one already on the list: the form never tells which. */
  subscribed: 'Thank you for subscribing to the Corral newsletter!',
  unsubscribing: 'Unsubscribing…',
  unsubscribed: 'You have been unsubscribed from the Corral newsletter. You will not get any more newsletter emails.',
  invalidLink: 'This unsubscribe link is not valid. Please open the link from your latest Corral newsletter email.',
} as const;

/** RFC 5321's longest address. */
export const NEWSLETTER_EMAIL_MAX = 254;
