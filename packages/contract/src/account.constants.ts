/**
 * The Account page's texts and numbers (issue 21): password change, email change with its confirmation and
 * undo links, and the signed-in sessions. The spec has no such screens, so these texts are ours
 * (docs/decisions/033-account-settings.md).
 */
export const ACCOUNT_MESSAGES = {
  currentPasswordRequired: 'Please enter your current password.',
  /** A wrong current password, for the password change and the email change alike. */
  wrongPassword: 'That is not your current password.',
  samePassword: 'The new password must be different from the current one.',
  passwordChanged: 'Your password has been changed. Your other devices have been signed out.',
  emailInvalid: 'Please enter a valid email address.',
  sameEmail: 'That is already your email address.',
  /** The same answer whether or not the address belongs to another account (no enumeration). */
  emailChangeSent: (email: string) =>
    `We sent a link to ${email}. Open it to confirm your new address; until then you sign in with your current one.`,
  emailChangeCancelled: 'The email change has been cancelled.',
  emailConfirmed: (email: string) => `Your email address is now ${email}.`,
  emailTakenAtConfirm: 'This address now belongs to another account, so it cannot be used. Nothing changed.',
  emailUndone: (email: string) =>
    `Your email address is ${email} again, and every device has been signed out. If you did not ask for the change, reset your password now.`,
  emailUndoTaken:
    'Your former address now belongs to another account, so it cannot be put back. Please contact us through the Help Center.',
  linkInvalid: 'This link is not valid. Please open the link from your latest email.',
  linkExpired: 'This link has expired.',
  linkUsed: 'This link has already been used.',
  sessionSignedOut: 'That device has been signed out.',
  otherSessionsSignedOut: (count: number) =>
    count === 1 ? '1 other device has been signed out.' : `${count} other devices have been signed out.`,
} as const;

export const ACCOUNT_LIMITS = {
  /** How long the confirmation link sent to the new address works. */
  emailConfirmHours: 24,
  /** How long the undo link sent to the former address works. */
  emailUndoDays: 7,
} as const;

/** Why a confirmation or undo link was refused, so the page can say expired, used or not valid. */
export const ACCOUNT_LINK_STATES = ['invalid', 'expired', 'used'] as const;
export type AccountLinkState = (typeof ACCOUNT_LINK_STATES)[number];
