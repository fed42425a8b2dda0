/**
 * What a notification tells of: a friend request and its acceptance, a like, comment or share of one's item, an
 * update of a followed event; and, from trust and safety, a moderation notice to the member concerned (a warning,
 * a removal or a suspension, with the reason; appealable once) and a report update to a reporter (acted on, never
 * by whom or how). Both of the latter name the recipient as their actor, so nobody is named.
 */
export const NOTIFICATION_KINDS = [
  'friend_request',
  'friend_accepted',
  'like',
  'comment',
  'share',
  'event_update',
  'moderation',
  'report_update',
  /** An appeal decided: granted (the decision undone) or denied, to the member who appealed. */
  'appeal',
  /** The hauling board: a booking requested, answered, cancelled or completed; a review; a new match; papers. */
  'haul_booking',
  'haul_review',
  'haul_match',
  'haul_reminder',
  /** Your data: the member's export is ready to download (from Corral, naming nobody, like staff notices). */
  'data_export',
] as const;

/**
 * What staff tell a member of their own standing (a decision about them, a report acted on, an appeal decided),
 * and what Corral itself tells them (their data export is ready): nobody is named (each recipient is their own
 * actor), and a block or mute does not silence them.
 */
export const STAFF_NOTICE_KINDS = ['moderation', 'report_update', 'appeal', 'data_export'] as const;
export type StaffNoticeKind = (typeof STAFF_NOTICE_KINDS)[number];
export const isStaffNotice = (kind: string): kind is StaffNoticeKind =>
  (STAFF_NOTICE_KINDS as readonly string[]).includes(kind);

/** The spec's notification texts (sections 2 to 4), verbatim. */
export const NOTIFICATION_MESSAGES = {
  empty: 'No notifications here.',
  accepted: 'You have accepted this invitation.',
} as const;

/** The spec's page size of the notification dropdown. */
export const NOTIFICATIONS_PAGE_SIZE = 5;

/**
 * The kinds of event the live stream (GET /api/stream) sends, each under its SSE `event:` name: the
 * `type`s of `streamEventSchema`, listed here so that the web can listen for them without loading zod.
 */
export const STREAM_EVENT_TYPES = [
  'notification',
  'unread',
  'friend_request',
  'friend_request_removed',
  'friendship',
  'ready',
  'message',
  'message_deleted',
  'message_read',
  'conversation',
  'haul_booking',
] as const;
