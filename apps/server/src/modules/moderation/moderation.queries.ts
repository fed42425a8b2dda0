import type { AuditAction, ModerationAction, ReportTargetType, Role } from '@corral/contract';
import { sql } from 'drizzle-orm';
import { literal, selectRows, type Tx, utcText } from '../../db/sql.ts';
import {
  type AppealJson,
  type AuditJson,
  appealJson,
  auditJson,
  caseJoins,
  type ItemState,
  itemState,
} from './queue.queries.ts';
import { haulTable, type Snapshot } from './reports.queries.ts';

/*
 * What moderators' and admins' decisions write: the audit log, the items, the members, the reports and the
 * cases; and what a member reads of their own standing. The queue's reads are in queue.queries.ts.
 */

export interface AuditEntryInput {
  caseId: number | null;
  actorId: string | null;
  actorName: string;
  action: AuditAction;
  subjectId: string;
  subjectName: string;
  targetType: ReportTargetType;
  targetId: string;
  reason: string;
  note?: string | null;
  until?: Date | null;
  role?: Role | null;
  at: Date;
}

/** Appends an entry to the audit log (append-only: migration 0010's trigger refuses UPDATE and DELETE). */
export async function insertAuditEntry(tx: Tx, e: AuditEntryInput): Promise<number> {
  const [row] = await selectRows<{ id: string }>(
    tx,
    sql`
      insert into moderation_actions (case_id, actor_id, actor_name, action, subject_user_id, subject_name,
        target_type, target_id, reason, note, until, role, created_at)
      values (${e.caseId}, ${e.actorId}, ${e.actorName}, ${e.action}, ${e.subjectId}, ${e.subjectName},
        ${e.targetType}, ${e.targetId}, ${e.reason}, ${e.note ?? null}, ${e.until ?? null}, ${e.role ?? null}, ${e.at})
      returning id`,
  );
  if (!row) throw new Error('the audit entry was not written');
  return Number(row.id);
}

/** A case as a decision needs it, locked until the decision's transaction ends (two moderators at once: one wins). */
export interface CaseForDecision {
  id: string;
  status: 'open' | 'resolved';
  target_type: ReportTargetType;
  post_id: string | null;
  comment_id: string | null;
  message_id: string | null;
  haul_id: string | null;
  /** Whether the case holds its item now (a hauling item's hold is its `removed_at`). */
  held: boolean;
  subject_user_id: string;
  appeal_id: string | null;
  snapshot: Snapshot;
  item_state: ItemState;
  subject_first_name: string;
  subject_last_name: string;
  subject_deleted: boolean;
  subject_role: Role;
  suspended_until: Date | null;
  /** The action the case's open appeal appeals, if it carries one. */
  appealed_action: ModerationAction | null;
}

export async function lockCase(tx: Tx, id: number): Promise<CaseForDecision | undefined> {
  const [row] = await selectRows<Omit<CaseForDecision, 'suspended_until'> & { suspended_until: string | null }>(
    tx,
    sql`
      select c.id, c.status, c.target_type, c.post_id, c.comment_id, c.message_id, c.haul_id,
        c.held_at is not null as held, c.subject_user_id, c.appeal_id, c.snapshot,
        ${itemState} as item_state, su.first_name as subject_first_name, su.last_name as subject_last_name,
        su.deleted_at is not null as subject_deleted, su.role as subject_role, ${utcText(sql`su.suspended_until`, 'ms')} as suspended_until,
        (select aa.action from moderation_appeals ap join moderation_actions aa on aa.id = ap.action_id
         where ap.id = c.appeal_id) as appealed_action
      from moderation_cases c ${caseJoins}
      where c.id = ${id}
      for update of c`,
  );
  return row ? { ...row, suspended_until: row.suspended_until ? new Date(row.suspended_until) : null } : undefined;
}

/**
 * The item of a case: a post (or event, or share), a comment, a direct message, or a hauling offer, request or
 * review (`haul`, with whether the case holds it: a held offer or request has `removed_at` set).
 */
export interface ItemRef {
  postId: number | null;
  commentId: number | null;
  messageId: number | null;
  haul: { type: 'haul_offer' | 'haul_request' | 'haul_review'; id: number; held: boolean } | null;
}

export async function setItemRemoved(tx: Tx, item: ItemRef, at: Date): Promise<void> {
  if (item.haul !== null) {
    await tx.execute(sql`update ${haulTable(item.haul.type)} set removed_at = ${at} where id = ${item.haul.id}`);
    return;
  }
  if (item.messageId !== null) {
    await tx.execute(sql`update messages set removed_at = ${at} where id = ${item.messageId}`);
    return;
  }
  const table = item.commentId !== null ? sql`comments` : sql`posts`;
  await tx.execute(sql`update ${table} set removed_at = ${at} where id = ${item.commentId ?? item.postId}`);
}

/** Restore: neither removed nor held (a message is never held). */
export async function clearRemovalAndHold(tx: Tx, item: ItemRef): Promise<void> {
  if (item.haul !== null) {
    await tx.execute(sql`update ${haulTable(item.haul.type)} set removed_at = null where id = ${item.haul.id}`);
    return;
  }
  if (item.messageId !== null) {
    await tx.execute(sql`update messages set removed_at = null where id = ${item.messageId}`);
    return;
  }
  const table = item.commentId !== null ? sql`comments` : sql`posts`;
  await tx.execute(
    sql`update ${table} set removed_at = null, held_at = null where id = ${item.commentId ?? item.postId}`,
  );
}

/** Lifts a hold. A hauling item's hold is its `removed_at`: cleared only while this case holds it. */
export async function clearHold(tx: Tx, item: ItemRef): Promise<void> {
  if (item.haul !== null) {
    if (item.haul.held)
      await tx.execute(sql`update ${haulTable(item.haul.type)} set removed_at = null where id = ${item.haul.id}`);
    return;
  }
  if (item.messageId !== null) return;
  const table = item.commentId !== null ? sql`comments` : sql`posts`;
  await tx.execute(sql`update ${table} set held_at = null where id = ${item.commentId ?? item.postId}`);
}

/**
 * A warning, suspension or ban on a held item's case: the hold becomes a removal (the reports were upheld), so the
 * item stays hidden, shows as removed, and `restore` brings it back. A hauling item's hold is its `removed_at`
 * already; a message is never held.
 */
export async function holdBecomesRemoval(tx: Tx, item: ItemRef, at: Date): Promise<void> {
  if (item.haul !== null || item.messageId !== null) return;
  const table = item.commentId !== null ? sql`comments` : sql`posts`;
  await tx.execute(sql`
    update ${table} set removed_at = coalesce(removed_at, ${at}), held_at = null
    where id = ${item.commentId ?? item.postId} and held_at is not null`);
}

/** A message's conversation and its members (who hear that a moderator removed it). */
export async function selectMessageMembers(
  tx: Tx,
  messageId: number,
): Promise<{ conversationId: number; userIds: string[] } | undefined> {
  const rows = await selectRows<{ conversation_id: string; user_id: string }>(
    tx,
    sql`select cm.conversation_id, cm.user_id from messages m
      join conversation_members cm on cm.conversation_id = m.conversation_id
      where m.id = ${messageId} order by cm.user_id`,
  );
  const [first] = rows;
  return first ? { conversationId: Number(first.conversation_id), userIds: rows.map((row) => row.user_id) } : undefined;
}

export async function setSuspendedUntil(tx: Tx, userId: string, until: Date | null, at: Date): Promise<void> {
  await tx.execute(sql`update users set suspended_until = ${until}, updated_at = ${at} where id = ${userId}`);
}

/**
 * The case's open reports take the decision's outcome, and each reporter's record counts it (`reports_upheld`
 * or `reports_dismissed`: the weight of their next reports). One statement; answers the reports and reporters.
 */
export async function settleOpenReports(
  tx: Tx,
  caseId: number,
  outcome: 'actioned' | 'dismissed',
): Promise<Array<{ id: number; userId: string }>> {
  const counter = sql.raw(outcome === 'actioned' ? 'reports_upheld' : 'reports_dismissed');
  const rows = await selectRows<{ id: string; user_id: string }>(
    tx,
    sql`
      with settled as (
        update reports set status = ${outcome} where case_id = ${caseId} and status = 'open' returning id, user_id),
      counted as (
        update users u set ${counter} = u.${counter} + s.n
        from (select user_id, count(*)::int as n from settled group by user_id) s
        where u.id = s.user_id returning u.id)
      select id, user_id from settled order by id`,
  );
  return rows.map((row) => ({ id: Number(row.id), userId: row.user_id }));
}

/** The case is decided: resolved with the action, its appeal answered, its hold kept only by a removal. */
export async function resolveCase(
  tx: Tx,
  c: { caseId: number; action: ModerationAction; keepHold: boolean; at: Date },
): Promise<void> {
  await tx.execute(sql`
    update moderation_cases set status = 'resolved', resolved_at = ${c.at}, resolution = ${c.action},
      appeal_id = null ${c.keepHold ? sql`` : sql`, held_at = null`}
    where id = ${c.caseId}`);
}

/**
 * The open appeals a decision answers: the one that reopened the case, and any other of an action of this case.
 * The decision grants or denies them (moderation.policy.ts `appealOutcome`); answers them, to tell each appellant.
 */
export async function decideAppeals(
  tx: Tx,
  c: { caseId: number; appealId: number | null; status: 'granted' | 'denied'; at: Date },
): Promise<Array<{ id: number; userId: string; actionId: number; status: 'granted' | 'denied' }>> {
  const rows = await selectRows<{ id: string; user_id: string; action_id: string }>(
    tx,
    sql`
      update moderation_appeals set status = ${c.status}, decided_at = ${c.at}
      where status = 'open' and (id = ${c.appealId}
        or action_id in (select id from moderation_actions where case_id = ${c.caseId}))
      returning id, user_id, action_id`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    userId: row.user_id,
    actionId: Number(row.action_id),
    status: c.status,
  }));
}

/** The audit log, newest first, after a (created_at, id) key: up to `size + 1` entries. */
export async function selectAuditPage(
  db: Tx,
  after: { at: string; id: number } | null,
  size: number,
): Promise<Array<{ entry: AuditJson; key: string }>> {
  return selectRows(
    db,
    sql`
      select ${auditJson('a')} as entry, ${utcText(sql`a.created_at`)} as key
      from moderation_actions a
      ${after ? sql`where (a.created_at, a.id) < (${after.at}::timestamptz, ${after.id}::bigint)` : sql``}
      order by a.created_at desc, a.id desc
      limit ${literal(size + 1)}`,
  );
}

export interface StaffRow {
  id: string;
  first_name: string;
  last_name: string;
  image: string | null;
  email: string;
  role: Role;
}

const staffOrder = sql`case u.role when 'admin' then 0 when 'moderator' then 1 else 2 end, u.first_name, u.last_name, u.id`;

/** Live staff (moderators and admins), admins first (users_staff_idx). */
export function selectStaff(db: Tx): Promise<StaffRow[]> {
  return selectRows(
    db,
    sql`select u.id, u.first_name, u.last_name, u.image, u.email, u.role from users u
      where u.role <> 'member' and u.deleted_at is null order by ${staffOrder} limit 200`,
  );
}

/** Live members whose name or email holds the words typed (an admin looking for someone to give a role). */
export function selectMembersMatching(db: Tx, q: string, limit: number): Promise<StaffRow[]> {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return selectRows(
    db,
    sql`select u.id, u.first_name, u.last_name, u.image, u.email, u.role from users u
      where u.deleted_at is null
        and ((u.first_name || ' ' || u.last_name) ilike ${pattern} or u.email ilike ${pattern})
      order by ${staffOrder} limit ${literal(limit)}`,
  );
}

/** Sets a live member's role; answers the member and the role they had, or nothing for no such member. */
export async function updateRole(
  tx: Tx,
  userId: string,
  role: Role,
  at: Date,
): Promise<(StaffRow & { previous: Role }) | undefined> {
  const [row] = await selectRows<StaffRow & { previous: Role }>(
    tx,
    sql`
      update users u set role = ${role}, updated_at = ${at} from users old
      where u.id = old.id and u.id = ${userId} and u.deleted_at is null
      returning u.id, u.first_name, u.last_name, u.image, u.email, u.role, old.role as previous`,
  );
  return row;
}

/** What a member is told of the actions about them: warnings, removals, suspensions, newest first. */
export interface NoticeRow {
  action_id: string;
  action: 'warn' | 'remove' | 'suspend';
  reason: string;
  note: string | null;
  until: string | null;
  created_at: string;
  excerpt: string | null;
  appeal: AppealJson | null;
}

export function selectNotices(db: Tx, userId: string): Promise<NoticeRow[]> {
  return selectRows(
    db,
    sql`
      select a.id as action_id, a.action, a.reason, a.note, ${utcText(sql`a.until`, 'ms')} as until,
        ${utcText(sql`a.created_at`, 'ms')} as created_at,
        case when mc.target_type <> 'user' then coalesce(mc.snapshot->>'text', mc.snapshot->>'title') end as excerpt,
        (select ${appealJson('ap', 'a')} from moderation_appeals ap where ap.action_id = a.id) as appeal
      from moderation_actions a left join moderation_cases mc on mc.id = a.case_id
      where a.subject_user_id = ${userId} and a.action in ('warn', 'remove', 'suspend')
      order by a.created_at desc, a.id desc
      limit 100`,
  );
}

/** An action about the member that they may appeal (a warning, a removal, a suspension), or nothing. */
export async function selectAppealableAction(
  db: Tx,
  userId: string,
  actionId: number,
): Promise<{ id: number; caseId: number | null; action: ModerationAction } | undefined> {
  const [row] = await selectRows<{ id: string; case_id: string | null; action: ModerationAction }>(
    db,
    sql`select id, case_id, action from moderation_actions
      where id = ${actionId} and subject_user_id = ${userId} and action in ('warn', 'remove', 'suspend')`,
  );
  return row ? { id: Number(row.id), caseId: row.case_id ? Number(row.case_id) : null, action: row.action } : undefined;
}

/** The appeal, or null when the action was already appealed (one appeal per action, by a unique index). */
export async function insertAppeal(
  tx: Tx,
  a: { actionId: number; userId: string; text: string; at: Date },
): Promise<AppealJson | null> {
  const [row] = await selectRows<{ appeal: AppealJson }>(
    tx,
    sql`
      with ap as (
        insert into moderation_appeals (action_id, user_id, text, created_at)
        values (${a.actionId}, ${a.userId}, ${a.text}, ${a.at})
        on conflict (action_id) do nothing
        returning *)
      select ${appealJson('ap', 'aa')} as appeal from ap join moderation_actions aa on aa.id = ap.action_id`,
  );
  return row?.appeal ?? null;
}

/** Another open case about the same thing as case `c` (`o`): the partial unique indexes allow one. */
const sameTarget = sql`(
  (c.target_type = 'user' and o.target_type = 'user' and o.subject_user_id = c.subject_user_id)
  or (c.comment_id is not null and o.comment_id = c.comment_id)
  or (c.message_id is not null and o.message_id = c.message_id)
  or (c.haul_id is not null and o.target_type = c.target_type and o.haul_id = c.haul_id)
  or (c.target_type <> 'user' and c.comment_id is null and o.target_type <> 'user' and o.comment_id is null
      and o.post_id = c.post_id))`;

/**
 * An appeal puts its action's case back in the queue, open with the appeal attached. If the thing has another
 * open case meanwhile (reported again since), the appeal joins that one instead (one open case per thing);
 * a case that already carries an open appeal keeps it, and its decision answers both (decideAppeals).
 */
export async function reopenCaseForAppeal(tx: Tx, caseId: number, appealId: number): Promise<void> {
  const reopened = await selectRows<{ id: string }>(
    tx,
    sql`
      update moderation_cases c set status = 'open', appeal_id = ${appealId}, resolved_at = null
      where c.id = ${caseId} and c.status = 'resolved'
        and not exists (select 1 from moderation_cases o where o.status = 'open' and o.id <> c.id and ${sameTarget})
      returning c.id`,
  );
  if (reopened.length > 0) return;
  await tx.execute(sql`
    update moderation_cases o set appeal_id = coalesce(o.appeal_id, ${appealId})
    from moderation_cases c
    where c.id = ${caseId} and o.status = 'open' and (o.id = c.id or ${sameTarget})`);
}
