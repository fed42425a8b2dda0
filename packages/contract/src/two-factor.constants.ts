import { ACCOUNT_MESSAGES } from './account.constants.ts';

/**
 * Two-factor sign-in (issue 21; docs/decisions/034-two-factor.md): the numbers and the texts both sides share.
 * The spec shows none of these screens, so the texts are ours, in the spec's style.
 */
export const TWO_FACTOR = {
  /** The otpauth URI's issuer: the name authenticator apps show beside the member's email. */
  issuer: 'Corral',
  /** RFC 6238 as every authenticator app reads it by default: SHA-1, 30-second steps, 6 digits. */
  periodSeconds: 30,
  digits: 6,
  /** Codes of the step before and the step after are accepted too (clock drift). */
  window: 1,
  recoveryCodeCount: 10,
  /** The sign-in challenge between the password and the code. */
  challengeSeconds: 5 * 60,
  /** Wrong codes that end a challenge: the password is asked again. */
  challengeWrongTries: 5,
  /** A remembered device skips the code step for that long. */
  rememberDeviceDays: 30,
} as const;

export const TWO_FACTOR_MESSAGES = {
  /** The Account page asks for the member's current password the same way in each of its sections. */
  passwordRequired: ACCOUNT_MESSAGES.currentPasswordRequired,
  wrongPassword: ACCOUNT_MESSAGES.wrongPassword,
  codeFormat: 'Enter the 6-digit code from your authenticator app.',
  codeInvalid: 'Invalid code. Please check your authenticator app and try again.',
  recoveryCodeRequired: 'Please enter one of your recovery codes.',
  recoveryCodeInvalid: 'Invalid recovery code.',
  /** A challenge that expired, was used, or never was: the password step again. */
  challengeExpired: 'Your sign-in has expired. Please log in again.',
  tooManyWrongCodes: 'Too many wrong codes. Please log in again.',
  alreadyOn: 'Two-factor sign-in is already on.',
  notOn: 'Two-factor sign-in is not on.',
  noSetup: 'Please start the setup again.',
  enabled: 'Two-factor sign-in is on.',
  disabled: 'Two-factor sign-in is off.',
  codesRegenerated: 'New recovery codes are ready. The old ones no longer work.',
} as const;
