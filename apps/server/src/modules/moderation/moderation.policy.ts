import {
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  type ModerationAction,
  type ReportTargetType,
  type Role,
} from '@corral/contract';
import type { ItemState } from './queue.queries.ts';

/*
 * Who may do what in moderation, as pure functions (docs/decisions/028-trust-and-safety.md). The routes' access
 * levels (lib/access.ts) decide who reaches a moderation route at all; these decide what a case allows.
 */

/** Weights are sums of fractions kept as `real`: 2/3 three times must reach 2. */
const WEIGHT_EPSILON = 1e-4;

/** Whether a case's summed report weight holds its item (HOLD_REPORTERS); a member is never held. */
export const reachesHold = (weight: number, holdReporters: number) => weight + WEIGHT_EPSILON >= holdReporters;

/** The facts of a case that decide which actions apply to it. */
export interface CaseFacts {
  status: 'open' | 'resolved';
  targetType: ReportTargetType;
  itemState: ItemState;
  subjectId: string;
  subjectDeleted: boolean;
  /** The member concerned's role: only an admin takes account actions against staff. */
  subjectRole: Role;
  suspendedUntil: Date | null;
}

/** Who is deciding. */
export interface Decider {
  id: string;
  role: Role;
}

/**
 * What a moderator may do with a case now: nothing once it is resolved (until an appeal reopens it), nor with a
 * case about themselves (nobody decides their own case: another moderator will). Otherwise dismiss always;
 * remove an item (or message) that is live or held; restore one that is held or removed; warn, suspend or ban a member whose
 * account still exists; lift a suspension that has not ended. Account actions (warn, suspend, ban, lift) against a
 * moderator or an admin are an admin's alone: a moderator cannot suspend or ban the staff above or beside them.
 */
export function availableActions(c: CaseFacts, decider: Decider, now: number): ModerationAction[] {
  if (c.status !== 'open' || c.subjectId === decider.id) return [];
  const actions: ModerationAction[] = ['dismiss'];
  if (c.targetType !== 'user') {
    if (c.itemState === 'live' || c.itemState === 'held') actions.push('remove');
    if (c.itemState === 'held' || c.itemState === 'removed') actions.push('restore');
  }
  const mayActOnAccount = !c.subjectDeleted && (c.subjectRole === 'member' || decider.role === 'admin');
  if (mayActOnAccount) actions.push('warn', 'suspend', 'ban');
  if (mayActOnAccount && c.suspendedUntil !== null && c.suspendedUntil.getTime() > now) actions.push('lift');
  return actions;
}

/** An appeal is granted by the decision that undoes (restore, lift), and denied by any other. */
export const appealOutcome = (action: ModerationAction) =>
  action === 'restore' || action === 'lift' ? ('granted' as const) : ('denied' as const);

const DAY_MS = 24 * 60 * 60 * 1000;

/** Why a suspension's end is refused (it must be in the future, a year away at most), or null. */
export function suspensionEndProblem(until: Date, now: number): string | null {
  if (until.getTime() <= now) return MODERATION_MESSAGES.suspendUntilPast;
  if (until.getTime() > now + MODERATION_LIMITS.suspendMaxDays * DAY_MS) return MODERATION_MESSAGES.suspendUntilTooFar;
  return null;
}

/** The actions a member is told of, may appeal once, and sees in their standing. */
export const NOTICE_ACTIONS = ['warn', 'remove', 'suspend'] as const;
export type NoticeAction = (typeof NOTICE_ACTIONS)[number];
export const isNoticeAction = (action: ModerationAction): action is NoticeAction =>
  (NOTICE_ACTIONS as readonly string[]).includes(action);
