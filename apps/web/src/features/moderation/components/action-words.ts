import type { AuditAction, ModerationAction, ModerationCase, ReportTargetType } from '@corral/contract';
import { formatShortDate } from '../../../lib/format.ts';

/** What a reported thing is called in a sentence. */
export const TARGET_NOUNS: Record<ReportTargetType, string> = {
  post: 'post',
  comment: 'comment',
  event: 'event',
  user: 'member',
  message: 'message',
  haul_offer: 'hauling offer',
  haul_request: 'hauling request',
  haul_review: 'hauling review',
};

/** The buttons of a case. */
export const ACTION_LABELS: Record<ModerationAction, string> = {
  dismiss: 'Dismiss',
  remove: 'Remove',
  warn: 'Warn',
  suspend: 'Suspend',
  ban: 'Ban',
  restore: 'Restore',
  lift: 'Lift suspension',
  uphold: 'Keep the decision',
};

/** The audit log's words for each entry, decisions, holds and role changes alike. */
export const AUDIT_LABELS: Record<AuditAction, string> = {
  dismiss: 'Dismissed',
  remove: 'Removed',
  warn: 'Warned',
  suspend: 'Suspended',
  ban: 'Banned',
  restore: 'Restored',
  lift: 'Lifted suspension',
  uphold: 'Upheld on appeal',
  hold: 'Held for review',
  grant_role: 'Changed role',
};

/** Actions that tell the member concerned (ADR 028), with the reason and the note. */
export const NOTIFIES_MEMBER: ReadonlySet<ModerationAction> = new Set(['warn', 'remove', 'suspend']);

/** Actions that weigh on the member or their content: shown in the danger colour. */
export const SEVERE: ReadonlySet<ModerationAction> = new Set(['remove', 'suspend', 'ban']);

/** A member's name as cards show it ('First Last'). */
export const fullName = (someone: { first_name: string; last_name: string }) =>
  `${someone.first_name} ${someone.last_name}`.trim();

export const subjectName = (c: ModerationCase) => fullName(c.subject.member) || 'This member';

/** A dismissal of a case reopened by an appeal of a warning withdraws the warning (the server grants the appeal). */
const withdrawsWarning = (action: ModerationAction, c: ModerationCase) =>
  action === 'dismiss' && c.appeal?.action === 'warn';

/** The dialog's title for an action on a case: 'Remove this post', 'Suspend Cody Braddock'. */
export function actionTitle(action: ModerationAction, c: ModerationCase): string {
  const noun = TARGET_NOUNS[c.target_type];
  const name = subjectName(c);
  switch (action) {
    case 'dismiss':
      return withdrawsWarning(action, c) ? `Withdraw the warning to ${name}` : `Dismiss the reports of this ${noun}`;
    case 'remove':
      return `Remove this ${noun}`;
    case 'restore':
      return `Restore this ${noun}`;
    case 'warn':
      return `Warn ${name}`;
    case 'suspend':
      return `Suspend ${name}`;
    case 'ban':
      return `Ban ${name}`;
    case 'lift':
      return `Lift ${name}'s suspension`;
    case 'uphold':
      return `Keep the decision ${name} appealed`;
  }
}

/** The toast once an action is done. */
export function actionDone(action: ModerationAction, c: ModerationCase, until?: string): string {
  const noun = TARGET_NOUNS[c.target_type];
  const name = subjectName(c);
  switch (action) {
    case 'dismiss':
      return withdrawsWarning(action, c)
        ? `The warning to ${name} was withdrawn.`
        : `Reports dismissed; the ${noun} stays.`;
    case 'remove':
      return `The ${noun} was removed.`;
    case 'restore':
      return `The ${noun} was restored.`;
    case 'warn':
      return `${name} was warned.`;
    case 'suspend':
      return `${name} is suspended until ${formatShortDate(until)}.`;
    case 'ban':
      return `${name} was banned; their account will be deleted.`;
    case 'lift':
      return `${name}'s suspension was lifted.`;
    case 'uphold':
      return `The decision stands; ${name} is told the appeal was denied.`;
  }
}
