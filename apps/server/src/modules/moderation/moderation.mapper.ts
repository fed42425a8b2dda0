import type { AuditEntry, CaseItem, ModerationCase, StandingNotice } from '@corral/contract';
import { availableActions, type Decider } from './moderation.policy.ts';
import type { NoticeRow, StaffRow } from './moderation.queries.ts';
import type { AuditJson, CaseRow } from './queue.queries.ts';

/** The reported thing: as the snapshot kept it (also after an edit, a hold, a removal or a deletion), and now. */
function toCaseItem(row: CaseRow): CaseItem {
  const s = row.snapshot;
  const subject = row.subject;
  // Cases opened by migration 0010 kept only the item's `title` column, which is a post's words.
  const legacy = s.text === undefined;
  const title = legacy ? (s.kind === 'event' ? (s.title ?? null) : null) : (s.title ?? null);
  const text = legacy ? (s.kind === 'event' ? null : (s.title ?? null)) : (s.text ?? null);
  const shown = row.target_type === 'event' ? title : text;
  return {
    target_type: row.target_type,
    target_id:
      row.target_type === 'user' ? subject.id : String(row.haul_id ?? row.message_id ?? row.comment_id ?? row.post_id),
    post_id: row.comment_id !== null && row.post_id !== null ? Number(row.post_id) : null,
    title,
    text,
    images: s.images ?? [],
    created_at: s.created_at ?? null,
    author: s.author ?? {
      id: subject.id,
      first_name: subject.first_name,
      last_name: subject.last_name,
      avatar: subject.avatar,
    },
    state: row.item_state,
    current_text: row.edited_text !== null && row.edited_text !== shown ? row.edited_text : null,
    conversation: s.conversation ?? null,
    haul: s.haul ?? null,
  };
}

/** Audit entries come whole from SQL (queue.queries.ts auditJson). */
export const toAuditEntry = (entry: AuditJson): AuditEntry => entry;

/** A case as the queue shows it to the moderator `moderatorId`, with what they may do with it now. */
export function toCase(row: CaseRow, decider: Decider, now: number): ModerationCase {
  const { subject } = row;
  const suspendedUntil = subject.suspended_until ? new Date(subject.suspended_until) : null;
  return {
    id: Number(row.id),
    status: row.status,
    target_type: row.target_type,
    reporters: row.reporters,
    weight: Math.round(Number(row.weight) * 1000) / 1000,
    held: row.held,
    first_reported_at: row.first_reported_at,
    last_reported_at: row.last_reported_at,
    resolved_at: row.resolved_at,
    resolution: row.resolution,
    item: toCaseItem(row),
    reports: row.reports.map((report) => ({ ...report, weight: Math.round(report.weight * 1000) / 1000 })),
    subject: {
      member: {
        id: subject.id,
        first_name: subject.first_name,
        last_name: subject.last_name,
        avatar: subject.avatar,
        role: subject.role,
        suspended_until: suspendedUntil && suspendedUntil.getTime() > now ? subject.suspended_until : null,
        joined_at: subject.joined_at,
      },
      reports_against: row.reports_against,
      upheld: row.upheld,
      actions: row.actions.map(toAuditEntry),
    },
    appeal: row.status === 'open' ? row.appeal : null,
    available_actions: availableActions(
      {
        status: row.status,
        targetType: row.target_type,
        itemState: row.item_state,
        subjectId: subject.id,
        subjectDeleted: subject.deleted,
        subjectRole: subject.role,
        suspendedUntil,
        appealOpen: row.status === 'open' && row.appeal !== null && row.appeal.status === 'open',
      },
      decider,
      now,
    ),
  };
}

export const toStaffMember = (row: StaffRow) => ({
  id: row.id,
  first_name: row.first_name,
  last_name: row.last_name,
  avatar: row.image,
  email: row.email,
  role: row.role,
});

/** A notice of the member's standing; it may be appealed once. */
export function toNotice(row: NoticeRow): StandingNotice {
  return {
    action_id: Number(row.action_id),
    action: row.action,
    reason: row.reason,
    note: row.note,
    until: row.until,
    created_at: row.created_at,
    excerpt: row.excerpt,
    appeal: row.appeal,
    can_appeal: row.appeal === null,
  };
}
