/**
 * Your data (issue 21, item 5; docs/decisions/035-data-export.md): the numbers and texts of the export of a
 * member's data, shared by the server and the web. No zod here, so the web's section can read them alone.
 */
export const DATA_EXPORT_LIMITS = {
  /** One export a day: a second asked within this many hours of the last (failed ones aside) is refused. */
  perHours: 24,
  /** A ready export's file is kept, and its link works, this many days. */
  keepDays: 7,
  /** The download link the API answers (minted by an authenticated call) works this many minutes. */
  linkMinutes: 15,
  /**
   * The web asks for the status this often while an export is being prepared, in case the live stream's
   * notification (which has it asked at once) is missed.
   */
  pollSeconds: 15,
} as const;

export const DATA_EXPORT_STATUSES = ['pending', 'ready', 'failed', 'expired'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

export const DATA_EXPORT_MESSAGES = {
  /** 429 within the day: when the next one may be asked (an ISO time the web formats, and its own text). */
  oncePerDay: (nextAt: string) =>
    `You can ask for one export of your data a day. You can ask for the next one after ${nextAt}.`,
  /** The download link was made for someone else, has expired, or its export is gone. */
  linkInvalid: 'This download link is not valid any more. Open your Account page to download your data.',
  notificationTitle: 'Your data export is ready to download.',
  notificationInfo: 'Download it from your Account page within 7 days.',
  emailSubject: 'Your Corral data is ready to download',
} as const;
