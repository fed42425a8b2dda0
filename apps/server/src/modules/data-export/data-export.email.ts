import { DATA_EXPORT_LIMITS, DATA_EXPORT_MESSAGES } from '@corral/contract';
import type { MailMessage } from '../../adapters/mail.ts';

/** The web's Account page, where the member downloads the export once signed in (apps/web paths.account). */
export const accountPageUrl = (publicUrl: string) => `${publicUrl}/social_home/settings/account#your-data`;

/**
 * The email that says the export is ready. Its link opens the Account page: the file is given only to the
 * member signed in there (the link itself carries no secret, so a forwarded email gives nobody the file).
 */
export function exportReadyEmail(publicUrl: string, to: string, expiresAt: Date): MailMessage {
  const until = `${expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return {
    to,
    subject: DATA_EXPORT_MESSAGES.emailSubject,
    text: [
      'Howdy,',
      '',
      'The copy of your Corral data you asked for is ready: your profile, posts and their photos, comments, likes, events, friends, notifications, messages and hauls, as a zip file.',
      '',
      `Download it from your Account page (sign in first if you are asked to) until ${until}, ${DATA_EXPORT_LIMITS.keepDays} days from now; then it is deleted:`,
      '',
      accountPageUrl(publicUrl),
      '',
      'The file is given only to you, signed in to your account. If you did not ask for it, change your password.',
      '',
      'Corral',
    ].join('\n'),
  };
}
