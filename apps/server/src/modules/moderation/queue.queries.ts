import type { Appeal, AuditEntry, ModerationAction, ReportTargetType, Role } from '@corral/contract';
import { type SQL, sql } from 'drizzle-orm';
import { literal, type Placeholders, preparedStatement, preparedStatements, type Tx, utcText } from '../../db/sql.ts';
import type { Snapshot } from './reports.queries.ts';

/*
 * The moderation queue as one statement per request: each case with its reports and reporters, the item as it
 * stands now, its subject's history (reports against them, the latest audit entries) and an open appeal, all
 * gathered by PostgreSQL as JSON (a page is one statement whatever its size; test/statement-counts.test.ts).
 */

export type ItemState = 'live' | 'held' | 'removed' | 'deleted';

interface FeedUserJson {
  id: string;
  first_name: string;
  last_name: string;
  avatar: string | null;
}

/** An audit entry and an appeal, as PostgreSQL builds them (the contract's shapes). */
export type AuditJson = AuditEntry;
export type AppealJson = Appeal;

export interface CaseRow {
  id: string;
  status: 'open' | 'resolved';
  target_type: ReportTargetType;
  reporters: number;
  weight: number;
  held: boolean;
  first_reported_at: string;
  last_reported_at: string;
  resolved_at: string | null;
  resolution: ModerationAction | null;
  /** The keyset keys, with microseconds (lib/cursor.ts). */
  first_key: string;
  resolved_key: string | null;
  snapshot: Snapshot;
  post_id: string | null;
  comment_id: string | null;
  message_id: string | null;
  /** A hauling offer's, request's or review's row. */
  haul_id: string | null;
  item_state: ItemState;
  /** The item's words now, when it was edited (the mapper shows them if they differ from the snapshot). */
  edited_text: string | null;
  reports: Array<{
    id: number;
    reason: string;
    text: string | null;
    weight: number;
    created_at: string;
    reporter: FeedUserJson;
  }>;
  subject: FeedUserJson & { role: Role; suspended_until: string | null; joined_at: string; deleted: boolean };
  reports_against: number;
  upheld: number;
  actions: AuditJson[];
  appeal: AppealJson | null;
}

/** An audit entry `a` as the contract's JSON (auditEntrySchema). */
export const auditJson = (a: string): SQL => {
  const t = sql.raw(a);
  return sql`json_build_object('id', ${t}.id, 'case_id', ${t}.case_id, 'action', ${t}.action,
    'actor', json_build_object('id', ${t}.actor_id, 'name', ${t}.actor_name),
    'subject', json_build_object('id', ${t}.subject_user_id, 'name', ${t}.subject_name),
    'target_type', ${t}.target_type, 'target_id', ${t}.target_id, 'reason', ${t}.reason, 'note', ${t}.note,
    'until', ${utcText(sql`${t}.until`, 'ms')}, 'role', ${t}.role, 'created_at', ${utcText(sql`${t}.created_at`, 'ms')})`;
};

/** An appeal `ap` of the action `aa`, as the contract's JSON (appealSchema). */
export const appealJson = (ap: string, aa: string): SQL => {
  const [p, a] = [sql.raw(ap), sql.raw(aa)];
  return sql`json_build_object('id', ${p}.id, 'action_id', ${p}.action_id, 'action', ${a}.action, 'text', ${p}.text,
    'status', ${p}.status, 'created_at', ${utcText(sql`${p}.created_at`, 'ms')})`;
};

/** How many audit entries about the subject a case shows. */
const HISTORY = 10;

/**
 * What the reported thing is now: removed by a moderator, deleted by its author (or with the author's account),
 * held for review, or live. A member is deleted or live (a suspension is in the subject's record); a message
 * is never held. A hauling offer or request is held by its `removed_at` (ADR 028 "Hauling items"): held while
 * an open case of it holds it, removed otherwise.
 */
export const itemState = sql`case
  when c.target_type = 'user' then case when su.deleted_at is not null then 'deleted' else 'live' end
  when c.haul_id is not null then case
    when coalesce(iho.id, ihr.id, ihv.id) is null or su.deleted_at is not null then 'deleted'
    when coalesce(iho.removed_at, ihr.removed_at, ihv.removed_at) is null then 'live'
    when exists (select 1 from moderation_cases hc where hc.target_type = c.target_type and hc.haul_id = c.haul_id
      and hc.status = 'open' and hc.held_at is not null) then 'held'
    else 'removed' end
  when c.target_type = 'message' then case
    when im.removed_at is not null then 'removed'
    when im.id is null or im.deleted_at is not null or su.deleted_at is not null then 'deleted' else 'live' end
  when c.comment_id is not null then case
    when ic.removed_at is not null then 'removed'
    when ic.id is null or ic.deleted_at is not null or su.deleted_at is not null then 'deleted'
    when ic.held_at is not null then 'held' else 'live' end
  else case
    when ip.removed_at is not null then 'removed'
    when ip.id is null or ip.deleted_at is not null or su.deleted_at is not null then 'deleted'
    when ip.held_at is not null then 'held' else 'live' end
  end`;

/**
 * The case `c` with its subject `su` and the item now (`ip` a post or event, `ic` a comment, `im` a message,
 * `iho`, `ihr`, `ihv` a hauling offer, request or review).
 */
export const caseJoins = sql`
  join users su on su.id = c.subject_user_id
  left join posts ip on ip.id = c.post_id and c.comment_id is null and c.target_type <> 'user'
  left join comments ic on ic.id = c.comment_id
  left join messages im on im.id = c.message_id
  left join haul_offers iho on iho.id = c.haul_id and c.target_type = 'haul_offer'
  left join haul_requests ihr on ihr.id = c.haul_id and c.target_type = 'haul_request'
  left join haul_reviews ihv on ihv.id = c.haul_id and c.target_type = 'haul_review'`;

const caseColumns = sql`
  c.id, c.status, c.target_type, c.reporters, c.weight, c.held_at is not null as held,
  ${utcText(sql`c.first_reported_at`, 'ms')} as first_reported_at,
  ${utcText(sql`c.last_reported_at`, 'ms')} as last_reported_at,
  ${utcText(sql`c.resolved_at`, 'ms')} as resolved_at, c.resolution,
  ${utcText(sql`c.first_reported_at`)} as first_key, ${utcText(sql`c.resolved_at`)} as resolved_key,
  c.snapshot, c.post_id, c.comment_id, c.message_id, c.haul_id,
  ${itemState} as item_state,
  case when c.comment_id is not null then (case when ic.edited_at is not null then ic.text end)
    when c.target_type <> 'user' then (case when ip.edited_at is not null then ip.title end) end as edited_text,
  coalesce((
    select json_agg(json_build_object('id', r.id, 'reason', r.reason, 'text', r.text, 'weight', r.weight,
        'created_at', ${utcText(sql`r.created_at`, 'ms')},
        'reporter', json_build_object('id', ru.id, 'first_name', ru.first_name, 'last_name', ru.last_name,
          'avatar', ru.image))
      order by r.created_at, r.id)
    from reports r join users ru on ru.id = r.user_id where r.case_id = c.id), '[]'::json) as reports,
  json_build_object('id', su.id, 'first_name', su.first_name, 'last_name', su.last_name, 'avatar', su.image,
    'role', su.role, 'suspended_until', ${utcText(sql`su.suspended_until`, 'ms')},
    'joined_at', ${utcText(sql`su.created_at`, 'ms')}, 'deleted', su.deleted_at is not null) as subject,
  (select count(*)::int from moderation_cases sc join reports sr on sr.case_id = sc.id
    where sc.subject_user_id = c.subject_user_id) as reports_against,
  (select count(*)::int from moderation_cases sc join reports sr on sr.case_id = sc.id
    where sc.subject_user_id = c.subject_user_id and sr.status = 'actioned') as upheld,
  coalesce((
    select json_agg(${auditJson('a')} order by a.created_at desc, a.id desc)
    from (select * from moderation_actions ma where ma.subject_user_id = c.subject_user_id
      order by ma.created_at desc, ma.id desc limit ${literal(HISTORY)}) a), '[]'::json) as actions,
  (select ${appealJson('ap', 'aa')} from moderation_appeals ap join moderation_actions aa on aa.id = ap.action_id
    where ap.id = c.appeal_id and ap.status = 'open') as appeal`;

/** The open queue's order: most distinct reporters, then the oldest first report (moderation_cases_queue_idx). */
export interface OpenKey {
  reporters: number;
  at: string;
  id: number;
}

type PageValues = { reporters: number; at: string; id: number };

const page = preparedStatements<{ status: 'open' | 'resolved'; after: boolean; size: number }, PageValues, CaseRow>(
  ({ status, after, size }, v: Placeholders<PageValues>) => {
    const open = status === 'open';
    const order = open ? sql`c.reporters desc, c.first_reported_at, c.id` : sql`c.resolved_at desc, c.id desc`;
    const cursor = !after
      ? sql``
      : open
        ? sql`and (c.reporters < ${v.reporters}::int or (c.reporters = ${v.reporters}::int
            and (c.first_reported_at, c.id) > (${v.at}::timestamptz, ${v.id}::bigint)))`
        : sql`and (c.resolved_at, c.id) < (${v.at}::timestamptz, ${v.id}::bigint)`;
    return sql`
      select ${caseColumns}
      from (select * from moderation_cases c where c.status = ${status} ${cursor}
        order by ${order} limit ${literal(size + 1)}) c
      ${caseJoins}
      order by ${order}`;
  },
);

/** Up to `size + 1` cases of the queue after a key (the extra one says another page exists). */
export function selectCasePage(
  db: Tx,
  status: 'open' | 'resolved',
  after: { reporters?: number; at: string; id: number } | null,
  size: number,
): Promise<CaseRow[]> {
  return page({ status, after: after !== null, size })(db, {
    reporters: after?.reporters ?? 0,
    at: after?.at ?? '1970-01-01T00:00:00Z',
    id: after?.id ?? 0,
  });
}

const oneCase = preparedStatement<{ id: number }, CaseRow>(
  ({ id }) => sql`select ${caseColumns} from moderation_cases c ${caseJoins} where c.id = ${id}::bigint`,
);

export async function selectCase(db: Tx, id: number): Promise<CaseRow | undefined> {
  const [row] = await oneCase(db, { id });
  return row;
}
