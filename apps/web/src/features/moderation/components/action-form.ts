import {
  deviceTimeZone,
  localTimeToInstant,
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  type ModerationAction,
  type ModerationActionRequest,
  moderationActionRequestSchema,
} from '@corral/contract';
import { isoDay } from '../../../lib/format.ts';

/** What the moderator typed into the action dialog. `until` is a calendar day ('YYYY-MM-DD'), for suspend. */
export interface ActionDraft {
  reason: string;
  note: string;
  until: string;
}

export const EMPTY_DRAFT: ActionDraft = { reason: '', note: '', until: '' };

export type DraftErrors = Partial<Record<keyof ActionDraft, string>>;

/** The member's calendar day `days` after today, as a date input takes it. */
export function dayFromToday(days: number, now = new Date()): string {
  const later = new Date(now);
  later.setDate(later.getDate() + days);
  return isoDay(later);
}

/** The days a suspension may end on: from tomorrow to a year from today (longer is a ban). */
export const untilRange = (now = new Date()) => ({
  min: dayFromToday(1, now),
  max: dayFromToday(MODERATION_LIMITS.suspendMaxDays, now),
});

/**
 * The request for an action, or what is wrong with the draft: the contract's schema (a reason, the lengths,
 * `until` for a suspension), and a suspension's day between tomorrow and a year from today. The suspension
 * ends as that day begins in the moderator's zone: the member signs in again on the day chosen.
 */
export function actionRequest(
  action: ModerationAction,
  draft: ActionDraft,
  now = new Date(),
): { body: ModerationActionRequest } | { errors: DraftErrors } {
  const errors: DraftErrors = {};
  let until: string | undefined;
  if (action === 'suspend' && draft.until) {
    const { min, max } = untilRange(now);
    if (draft.until < min) errors.until = MODERATION_MESSAGES.suspendUntilPast;
    else if (draft.until > max) errors.until = MODERATION_MESSAGES.suspendUntilTooFar;
    else until = localTimeToInstant(draft.until, '00:00', deviceTimeZone());
  }
  const body: ModerationActionRequest = {
    action,
    reason: draft.reason,
    ...(draft.note.trim() ? { note: draft.note } : {}),
    ...(until ? { until } : {}),
  };
  const parsed = moderationActionRequestSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'reason' || field === 'note' || field === 'until') && !errors[field])
        errors[field] = issue.message;
    }
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { body: parsed.success ? parsed.data : body };
}
