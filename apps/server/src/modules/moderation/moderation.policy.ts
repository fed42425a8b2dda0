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
  /** Whether the case carries an open appeal (it reopened the case, or joined it). */
  appealOpen: boolean;
}

/** Who is deciding. */
export interface Decider {
  id: string;
  role: Role;
}

/** The actions that undo a decision (a removal or hold, a suspension): they apply to resolved cases too. */
export const UNDO_ACTIONS: ReadonlySet<ModerationAction> = new Set(['restore', 'lift']);

/**
 * What a moderator may do with a case now: nothing with a case about themselves (nobody decides their own case:
 * another moderator will). On an open case: dismiss always; remove an item (or message) that is live or held;
 * warn, suspend or ban a member whose account still exists. On any case, open or resolved: restore an item that
 * is held or removed, lift a suspension that has not ended, so a decision can always be undone (an appeal, a
 * mistake) without waiting for a new report. A case with an open appeal may also be upheld (the appeal denied,
 * nothing else done). Account actions (warn, suspend, ban, lift) against a moderator or an
 * admin are an admin's alone: a moderator cannot suspend or ban the staff above or beside them.
 */
export function availableActions(c: CaseFacts, decider: Decider, now: number): ModerationAction[] {
  if (c.subjectId === decider.id) return [];
  const open = c.status === 'open';
  const actions: ModerationAction[] = open ? ['dismiss'] : [];
  if (c.targetType !== 'user') {
    if (open && (c.itemState === 'live' || c.itemState === 'held')) actions.push('remove');
    if (c.itemState === 'held' || c.itemState === 'removed') actions.push('restore');
  }
  const mayActOnAccount = !c.subjectDeleted && (c.subjectRole === 'member' || decider.role === 'admin');
  if (open && mayActOnAccount) actions.push('warn', 'suspend', 'ban');
  if (mayActOnAccount && c.suspendedUntil !== null && c.suspendedUntil.getTime() > now) actions.push('lift');
  if (open && c.appealOpen) actions.push('uphold');
  return actions;
}

/**
 * How a decision settles the case's open reports: a dismissal, a restore and a lift find nothing to act on (the
 * reporters' records count them dismissed, and nobody is told of an action); any other decision upholds them.
 */
export const reportOutcome = (action: ModerationAction) =>
  action === 'dismiss' || UNDO_ACTIONS.has(action) ? ('dismissed' as const) : ('actioned' as const);

/**
 * How a decision answers the appeal it meets: the decision that undoes the appealed one grants it (restore for a
 * removal, lift for a suspension, and for a warning, which has nothing to undo, a dismissal: the warning is
 * withdrawn); any other decision denies it.
 */
export function appealOutcome(action: ModerationAction, appealed: ModerationAction | null) {
  const grants = UNDO_ACTIONS.has(action) || (action === 'dismiss' && appealed === 'warn');
  return grants ? ('granted' as const) : ('denied' as const);
}

/** A warning, suspension or ban upholds the reports: an item they held stays hidden, as removed (ADR 028). */
export const upholdsHold = (action: ModerationAction) => action === 'warn' || action === 'suspend' || action === 'ban';

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
