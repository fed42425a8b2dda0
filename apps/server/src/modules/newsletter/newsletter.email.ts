import { API_PATHS, API_PREFIX } from '@corral/contract';
import type { MailMessage } from '../../adapters/mail.ts';

/** The web page the email links to, which asks the API to unsubscribe: fetching the link alone changes nothing. */
export const unsubscribePageUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;

/** RFC 8058: mail clients POST `List-Unsubscribe=One-Click` here when the reader presses their Unsubscribe. */
export const oneClickUrl = (publicUrl: string, token: string) =>
  `${publicUrl}${API_PREFIX}${API_PATHS.newsletterOneClick}?token=${encodeURIComponent(token)}`;

/** The confirmation sent to a new (or returning) subscriber, with its unsubscribe link and headers. */
export function confirmationEmail(publicUrl: string, to: string, token: string): MailMessage {
  return {
    to,
    subject: 'You are subscribed to the Corral newsletter',
    text: [
      'Howdy,',
      '',
      // One line per paragraph: mail clients wrap plain text to their own width.
      'Thank you for subscribing to the Corral newsletter. Now and then we will write with news from Corral, the app for the rodeo and western community: new features, and what is happening on the circuits.',
      '',
      'If you did not ask for this, or you no longer want these emails, unsubscribe here:',
      '',
      unsubscribePageUrl(publicUrl, token),
      '',
      'Corral',
    ].join('\n'),
    headers: {
      'List-Unsubscribe': `<${oneClickUrl(publicUrl, token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
