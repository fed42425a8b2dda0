/** Trust and safety (docs/decisions/028-trust-and-safety.md): the words and numbers both sides share. */

export const ROLES = ['member', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * What can be reported: a post or a share ('post'), an event, a comment, a member, a direct message, and the
 * hauling board's offers, requests and reviews (ADR 030; ADR 028 "Hauling items").
 */
export const REPORT_TARGET_TYPES = [
  'post',
  'comment',
  'event',
  'user',
  'message',
  'haul_offer',
  'haul_request',
  'haul_review',
] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** The hauling board's reportable things. */
export const HAUL_REPORT_TARGET_TYPES = ['haul_offer', 'haul_request', 'haul_review'] as const;
export type HaulReportTargetType = (typeof HAUL_REPORT_TARGET_TYPES)[number];
export const isHaulTarget = (type: ReportTargetType): type is HaulReportTargetType =>
  (HAUL_REPORT_TARGET_TYPES as readonly string[]).includes(type);

/** How a report's dialog names the thing. */
const REPORT_TITLES: Record<ReportTargetType, string> = {
  post: 'Report This Post',
  comment: 'Report This Comment',
  event: 'Report This Event',
  user: 'Report This Member',
  message: 'Report This Message',
  haul_offer: 'Report This Hauling Offer',
  haul_request: 'Report This Hauling Request',
  haul_review: 'Report This Review',
};
/**
 * A moderator's decisions on a case. `lift` ends a suspension early; `restore` undoes a removal or a hold;
 * `uphold` answers an appeal by keeping the decision appealed (the appeal is denied, nothing else changes).
 */
export const MODERATION_ACTIONS = ['dismiss', 'remove', 'warn', 'suspend', 'ban', 'restore', 'lift', 'uphold'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** What the audit log records: the decisions, the automatic hold, and role changes. */
export const AUDIT_ACTIONS = [...MODERATION_ACTIONS, 'hold', 'grant_role'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const MODERATION_LIMITS = {
  reasonMax: 500,
  noteMax: 1000,
  appealMax: 1000,
  /** A suspended member's appeal token (POST /appeals/suspension) is good this long after the refused sign-in. */
  appealTokenMinutes: 60,
  appealTokenMax: 500,
  /** The longest suspension; longer is a ban. */
  suspendMaxDays: 365,
  /** Items held for review after this many distinct phone-verified reporters (weighted); HOLD_REPORTERS overrides. */
  holdReportersDefault: 3,
  queuePageSize: 20,
  auditPageSize: 50,
} as const;

export const MODERATION_MESSAGES = {
  reportTitle: (target: ReportTargetType) => REPORT_TITLES[target],
  /**
   * Under a report's title: who learns what. A message, and a review (only its subject may report it), have one
   * possible reporter, so they promise no secrecy.
   */
  reportPrivacy: (target: ReportTargetType) =>
    target === 'message'
      ? 'Moderators will see this message with the messages just before and after it.'
      : target === 'haul_review'
        ? 'Moderators will see this review as it reads now.'
        : 'Reports are private: the poster is not told who reported them.',
  reportReceived: 'Thanks. Your report was received; our moderators will review it.',
  alreadyReported: 'You have already reported this.',
  cannotReportOwn:
    'You cannot report your own posts, comments, messages, hauling offers, requests, reviews or profile.',
  reportActedOn: 'A report you made was reviewed, and we took action. Thank you for helping keep Corral safe.',
  blocked: (name: string) => `${name} is blocked. Neither of you will see the other on Corral.`,
  unblocked: (name: string) => `${name} is unblocked.`,
  muted: (name: string) => `${name} is muted. Their posts and notifications will not show for you.`,
  unmuted: (name: string) => `${name} is unmuted.`,
  cannotBlockSelf: 'You cannot block or mute yourself.',
  suspendUntilRequired: 'Choose until when the member is suspended.',
  suspendUntilPast: 'A suspension must end in the future.',
  suspendUntilTooFar: 'A suspension lasts a year at most; ban the member instead.',
  reasonRequired: 'Give a reason.',
  actionNotApplicable: 'That action does not apply to this case.',
  caseResolved: 'This case is already resolved.',
  cannotActOnOwnCase: 'You cannot decide a case about yourself; another moderator will.',
  appealReceived: 'Your appeal was received. A moderator will review it.',
  alreadyAppealed: 'You have already appealed this decision.',
  appealTokenExpired: 'This appeal form has expired. Sign in again to appeal your suspension.',
  appealRequired: 'Say why this decision should change.',
  suspendedTitle: 'Your account is suspended',
  suspended: (until: string) => `Your account is suspended until ${until}.`,
  cannotChangeOwnRole: 'You cannot change your own role.',
  warned: 'You received a warning from Corral moderators.',
  removed: 'A moderator removed something you posted.',
  /** Added to the notice of a hauling offer's removal: its bookings are the driver's and riders' to settle. */
  haulOfferRemovedBookingsStand:
    'Bookings already made on this offer are not cancelled: settle or cancel them with your riders.',
  suspendedNotice: 'Your account was suspended by Corral moderators.',
  appealGranted: 'Your appeal was granted: the moderators undid their decision.',
  appealDenied: 'Your appeal was reviewed, and the decision stands.',
} as const;
