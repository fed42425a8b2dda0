import { type AuditResponse, MESSAGES, MODERATION_LIMITS, MODERATION_MESSAGES, type Role } from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import { byTimeAndId, keysetPage } from '../../lib/keyset.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { toAuditEntry, toStaffMember } from './moderation.mapper.ts';
import {
  insertAuditEntry,
  selectAuditPage,
  selectMembersMatching,
  selectStaff,
  updateRole,
} from './moderation.queries.ts';

/*
 * What admins alone do (docs/decisions/028-trust-and-safety.md): read the audit log, find members and give
 * roles. The role is in the path of the request, never in a body; the first admin is made on the command line
 * (`npm run corral -- grant`, src/ops/grant-role.ts).
 */

/** How many members a search for someone to give a role answers. */
const MEMBER_MATCHES = 20;

/** GET /moderation/audit: every decision, hold and role change, newest first. */
export function auditLog(ctx: AppContext, query: { cursor?: string | undefined }): Promise<AuditResponse> {
  const size = MODERATION_LIMITS.auditPageSize;
  return keysetPage(query, ({ after }) => selectAuditPage(ctx.db, after, size), {
    size,
    key: byTimeAndId,
    keyOf: (row) => ({ at: row.key, id: row.entry.id }),
    toItems: (rows) => rows.map((row) => toAuditEntry(row.entry)),
  });
}

/** GET /moderation/members?q=: the staff when nothing is typed, else members by name or email. */
export async function findMembers(ctx: AppContext, q: string | undefined) {
  const rows = q ? await selectMembersMatching(ctx.db, q, MEMBER_MATCHES) : await selectStaff(ctx.db);
  return { data: rows.map(toStaffMember) };
}

/**
 * PUT /moderation/members/:id/role/:role: gives a live member the role, with an audit entry when it changes. An
 * admin cannot change their own role, so the last admin cannot lock everyone out by accident.
 */
export async function setRole(ctx: AppContext, viewer: Viewer, memberId: string, role: Role) {
  if (memberId === viewer.user.id) throw new AppError(400, MODERATION_MESSAGES.cannotChangeOwnRole);
  await ctx.limiter.consume(['moderatorActionsPerMember', viewer.user.id]);
  const at = new Date(ctx.clock.now());
  const member = await ctx.db.transaction(async (tx) => {
    const row = await updateRole(tx, memberId, role, at);
    if (!row) throw new AppError(404, MESSAGES.http.notFound);
    if (row.previous !== role)
      await insertAuditEntry(tx, {
        caseId: null,
        actorId: viewer.user.id,
        actorName: `${viewer.user.firstName} ${viewer.user.lastName}`.trim() || viewer.user.name,
        action: 'grant_role',
        subjectId: row.id,
        subjectName: `${row.first_name} ${row.last_name}`.trim(),
        targetType: 'user',
        targetId: row.id,
        reason: `Role changed from ${row.previous} to ${role}`,
        role,
        at,
      });
    return row;
  });
  return { data: toStaffMember(member) };
}
