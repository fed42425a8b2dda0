/** Product constants (spec section 9) and the rate limits of docs/security.md, in one place. */
export const LIMITS = {
  passwordMin: 8,
  passwordMax: 12,
  nameMin: 3,
  otpLength: 6,
  onboardingSteps: 6,
  otpExpiresInSeconds: 10 * 60,
  otpAllowedAttempts: 5,
  sessionExpiresInSeconds: 7 * 24 * 60 * 60,
  sessionUpdateAgeSeconds: 24 * 60 * 60,
  /** security.md: a session ends 30 days after sign-in, whatever the use. */
  sessionMaxAgeSeconds: 30 * 24 * 60 * 60,
  resetTokenExpiresInSeconds: 60 * 60,
  accountPurgeAfterDays: 30,
  timelinePageSize: 10,
  notificationsPageSize: 5,
  eventTitleMax: 50,
  /** Spec section 9: at least 1 performance, 2 blank rows by default. */
  eventPerformancesMin: 1,
  eventPerformanceRowsDefault: 2,
  /** Not in the spec: bounds for the Create Event form's free fields. */
  eventPerformancesMax: 50,
  eventPerformanceNameMax: 100,
  eventLocationMax: 200,
  eventAddressMax: 300,
  eventTypeIdsMax: 100,
  /** Added money in whole dollars. */
  eventAddedMoneyMax: 100_000_000,
  postTitleMax: 5000,
  postImagesMax: 10,
  imageMaxBytes: 10 * 1024 * 1024,
  imageMaxPixels: 40_000_000,
  imageVariantWidths: [320, 640, 1280],
  visibleTags: 4,
  collageMax: 5,
  toastDurationMs: 5000,
  toastMax: 20,
  redirectDelayMs: 3000,
  /** Spec: a friend request card leaves about 2 seconds after its answer. */
  friendRequestRemovalDelayMs: 2000,
  resetToastDelayMs: 500,
} as const;

export const TRANSPORT_OPTIONS = [
  { id: 1, label: 'Yes, On Fill Rates' },
  { id: 2, label: 'Yes, On Professional Rates' },
  { id: 3, label: 'No' },
] as const;

export const GENDERS = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
] as const;

/** A fixed-window limit: at most `points` actions per `duration` seconds. */
export interface RateLimitRule {
  points: number;
  duration: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** docs/security.md "Rate limits". Every key names the action and what it is counted per. */
export const RATE_LIMITS = {
  loginPerIpMinute: { points: 10, duration: MINUTE },
  loginPerIp5Minutes: { points: 25, duration: 5 * MINUTE },
  loginPerAccountHour: { points: 25, duration: HOUR },
  /** Tries with a valid device token, which skip the account's limit (OWASP device cookies). */
  loginPerDeviceHour: { points: 10, duration: HOUR },
  /** Password and code checks of the two-factor settings (start, verify, turn off, new recovery codes). */
  twoFactorPerMember: { points: 20, duration: HOUR },
  signupPerIp: { points: 5, duration: 30 * MINUTE },
  /** Google and Apple sign-in: starts, and code exchanges and link tries (ADR 036). */
  loginOauthStartPerIp: { points: 20, duration: 5 * MINUTE },
  loginOauthExchangePerIp: { points: 20, duration: 5 * MINUTE },
  loginOauthLinkEmailPerAccount: { points: 3, duration: HOUR },
  /** Unlinking a provider from the Account page. */
  signInMethodsPerMember: { points: 20, duration: HOUR },
  forgotPerEmail: { points: 5, duration: 30 * MINUTE },
  forgotPerIpMinute: { points: 3, duration: MINUTE },
  forgotPerIpHour: { points: 6, duration: HOUR },
  phoneSendPerNumberMinute: { points: 1, duration: MINUTE },
  phoneSendPerNumberHour: { points: 5, duration: HOUR },
  phoneSendPerMemberMinute: { points: 1, duration: MINUTE },
  phoneSendPerMemberHour: { points: 5, duration: HOUR },
  phoneSendPerMemberDay: { points: 10, duration: DAY },
  phoneSendPerCountryDay: { points: 2000, duration: DAY },
  phoneWrongPerMemberDay: { points: 10, duration: DAY },
  mediaUploadsPerMember: { points: 30, duration: 30 * MINUTE },
  contentPerMember: { points: 300, duration: 3 * HOUR },
  reportsPerMember: { points: 20, duration: DAY },
  /** Blocks, unblocks, mutes and unmutes together. */
  blocksPerMember: { points: 100, duration: HOUR },
  /** One appeal per action anyway; this bounds a member with many actions. */
  appealsPerMember: { points: 10, duration: DAY },
  /** Every moderator and admin action (queue decisions, roles). */
  moderatorActionsPerMember: { points: 300, duration: HOUR },
  /** Edits of posts and comments. */
  editsPerMember: { points: 120, duration: HOUR },
  friendRequestsPerMember: { points: 400, duration: DAY },
  /** Direct messages sent (a resend of the same client id counts too: it is a request all the same). */
  messagesPerMemberMinute: { points: 30, duration: MINUTE },
  messagesPerMemberHour: { points: 600, duration: HOUR },
  /** Haul bookings made, and their answers and cancellations (ADR 030). */
  haulBookingsPerMember: { points: 60, duration: HOUR },
  newsletterPerIp: { points: 5, duration: HOUR },
  /**
   * Wrong current passwords on the Account page (password and email change), per member: a stolen session
   * may not guess its way to the password any faster than a login could (ADR 033).
   */
  passwordWrongPerMemberHour: { points: 10, duration: HOUR },
  /** Email changes asked (each sends a mail to an address the member types). */
  emailChangePerMemberDay: { points: 10, duration: DAY },
  /** The search box asks as the member types (after each pause): two a second, sustained. */
  searchPerMember: { points: 120, duration: MINUTE },
  /** Help Center, Feedback Submission and Contact us together. */
  feedbackPerMember: { points: 10, duration: HOUR },
  apiPerMember: { points: 1500, duration: 5 * MINUTE },
  apiPerIpAnonymous: { points: 300, duration: 5 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof RATE_LIMITS;
