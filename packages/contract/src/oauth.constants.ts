/**
 * Google and Apple sign-in (docs/decisions/036-google-and-apple-sign-in.md): the providers, the texts, and the
 * limits both sides share. No zod here, so the sign-in screens can read them without the schemas' library.
 */
export const OAUTH_PROVIDERS = ['google', 'apple'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

export const OAUTH_PROVIDER_NAMES: Record<OAuthProvider, string> = { google: 'Google', apple: 'Apple' };

export const OAUTH_LIMITS = {
  /** From the start to the provider's answer: the member's time at Google's or Apple's screens. */
  stateExpiresInSeconds: 10 * 60,
  /** The one-time code the web trades for a session, right after the provider's answer. */
  codeExpiresInSeconds: 2 * 60,
  /** The step where an existing account's password or email proves it. */
  linkExpiresInSeconds: 15 * 60,
  /** The link emailed to prove the address. */
  emailLinkExpiresInSeconds: 60 * 60,
} as const;

/**
 * Why a provider sign-in came back without a code: the `error` of the web's callback page (its fragment),
 * each with the text it shows.
 */
export const OAUTH_ERRORS = {
  state: 'That sign-in has expired or was already used. Please start again.',
  cancelled: 'The sign-in was cancelled.',
  provider: 'The provider could not sign you in. Please try again.',
  unverified_email:
    'Your provider has not verified this email address, so it cannot be used here. Verify it with the provider, or sign up with your email and a password.',
  no_email: 'Your provider did not share an email address, which Corral needs. Please sign up with your email.',
  unavailable: 'This sign-in is not available right now. Please try again later.',
} as const;
export type OAuthErrorCode = keyof typeof OAUTH_ERRORS;

export const OAUTH_MESSAGES = {
  notConfigured: (name: string) => `${name} sign-in is not available.`,
  invalidCode: 'That sign-in link has expired or was already used. Please start again.',
  refused: 'This account cannot sign in.',
  linkRequired: (name: string) =>
    `An account with this email already exists. Prove it is yours to connect ${name}: enter its password, or get a link by email.`,
  wrongPassword: 'That password is not right.',
  noPassword: 'This account has no password: get a link by email instead.',
  linkEmailSent: (email: string) => `We sent a link to ${email}. Open it within an hour to connect and sign in.`,
  linked: (name: string) => `${name} is now connected to your account.`,
  unlinked: (name: string) => `${name} is no longer connected to your account.`,
  notLinked: (name: string) => `${name} is not connected to your account.`,
  lastMethod:
    'You need another way to sign in first: set a password (Forgot password sends a link) or connect another provider.',
  emailSubject: 'Connect your sign-in to Corral',
  otherAccountOfProvider: (name: string) =>
    `Another ${name} account is already connected to this Corral account: disconnect it first.`,
  alreadyLinkedElsewhere: (name: string) => `That ${name} account is already connected to another Corral account.`,
} as const;
