import { ACCOUNT_LIMITS } from '@corral/contract';
import type { MailMessage } from '../../adapters/mail.ts';

/*
 * The Account page's emails (docs/decisions/033-account-settings.md). Links carry their token in the URL
 * fragment, like the reset link: browsers never send a fragment to a server, so no log holds it. Links are
 * built from PUBLIC_URL, never from the request's Host header.
 */

export const confirmEmailUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/confirm-email#token=${encodeURIComponent(token)}`;
export const undoEmailUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/undo-email-change#token=${encodeURIComponent(token)}`;
const forgotPasswordUrl = (publicUrl: string) => `${publicUrl}/forgot-password`;

export function passwordChangedEmail(publicUrl: string, to: string, name: string): MailMessage {
  return {
    to,
    subject: 'Your Corral password was changed',
    text: [
      `Hello ${name},`,
      '',
      'The password of your Corral account was just changed, and every other device signed in to it was signed out.',
      '',
      'If it was you, there is nothing more to do.',
      '',
      'If it was not you, reset your password at once with this link, which signs out every device:',
      '',
      forgotPasswordUrl(publicUrl),
      '',
      'Corral',
    ].join('\n'),
  };
}

export function confirmEmailEmail(publicUrl: string, to: string, name: string, token: string): MailMessage {
  return {
    to,
    subject: 'Confirm your new Corral email address',
    text: [
      `Hello ${name},`,
      '',
      `You asked to use this address for your Corral account. To confirm it, open this link within ${ACCOUNT_LIMITS.emailConfirmHours} hours:`,
      '',
      confirmEmailUrl(publicUrl, token),
      '',
      'Until you do, you keep signing in with your current address. If you did not ask for this, ignore this email: nothing changes.',
      '',
      'Corral',
    ].join('\n'),
  };
}

/**
 * What the owner of an address that already has an account gets when someone asks to move another account to
 * it: the asker is answered exactly as for a free address, so the answer tells nothing; this email tells the
 * owner, who alone reads it.
 */
export function emailTakenEmail(publicUrl: string, to: string): MailMessage {
  return {
    to,
    subject: 'Someone tried to use your email address on Corral',
    text: [
      'Hello,',
      '',
      'Someone signed in to a Corral account asked to move it to this address. This address already belongs to a Corral account, so nothing changed and no account was moved.',
      '',
      'If it was you, sign in with this address instead. If you have forgotten its password, reset it here:',
      '',
      forgotPasswordUrl(publicUrl),
      '',
      'Corral',
    ].join('\n'),
  };
}

export function emailChangedEmail(
  publicUrl: string,
  to: string,
  name: string,
  newEmail: string,
  undoToken: string,
): MailMessage {
  return {
    to,
    subject: 'Your Corral email address was changed',
    text: [
      `Hello ${name},`,
      '',
      `The email address of your Corral account was changed from this address to ${newEmail}. From now on you sign in with ${newEmail}.`,
      '',
      `If it was not you, open this link within ${ACCOUNT_LIMITS.emailUndoDays} days to put this address back and sign out every device:`,
      '',
      undoEmailUrl(publicUrl, undoToken),
      '',
      'Then reset your password.',
      '',
      'Corral',
    ].join('\n'),
  };
}
