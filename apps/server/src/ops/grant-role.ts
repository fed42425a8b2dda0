import type { Role } from '@corral/contract';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { selectRows } from '../db/sql.ts';
import { OpsError } from './ops-error.ts';
import { assertNoServerHolds, holdsDatabase, pgliteDirOf } from './pglite-dir.ts';

/** Who the audit log names for a role given on the command line. */
export const COMMAND_LINE_ACTOR = 'command line';

export interface GrantResult {
  name: string;
  email: string;
  previous: Role;
  role: Role;
}

/**
 * `npm run corral -- grant EMAIL ROLE`: gives the member holding the address a role (the first admin is made so,
 * docs/decisions/028-trust-and-safety.md), with an entry in the audit log. On the database the server uses:
 * PostgreSQL while it runs, or the embedded one while no server holds it (as backup does).
 */
export async function grantRole(config: Config, email: string, role: Role, now = new Date()): Promise<GrantResult> {
  if (!config.databaseUrl) {
    const dir = pgliteDirOf(config);
    if (!holdsDatabase(dir)) throw new OpsError(`There is no embedded database in ${dir}: start the server once first`);
    assertNoServerHolds(dir);
  }
  const handle = openDatabase({ databaseUrl: config.databaseUrl, pglitePath: pgliteDirOf(config) });
  try {
    const [ready] = await selectRows<{ ready: boolean }>(
      handle.db,
      sql`select to_regclass('public.moderation_actions') is not null as ready`,
    );
    if (!ready?.ready)
      throw new OpsError('The database has no roles yet: start the server once (it migrates the database), then grant');
    return await grantRoleIn(handle.db, email, role, now);
  } finally {
    await handle.close();
  }
}

/** The grant itself, on an open database, in one transaction: the role and, when it changed, its audit entry. */
export function grantRoleIn(db: Database, email: string, role: Role, now = new Date()): Promise<GrantResult> {
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [member] = await selectRows<{ id: string; first_name: string; last_name: string; previous: Role }>(
      tx,
      sql`update users u set role = ${role}, updated_at = ${now} from users old
        where u.id = old.id and u.email = ${address} and u.deleted_at is null
        returning u.id, u.first_name, u.last_name, old.role as previous`,
    );
    if (!member) throw new OpsError(`No member has the email address ${email}`);
    const name = `${member.first_name} ${member.last_name}`.trim();
    // As in the app (admin.service.ts setRole): a role given again changes nothing, so the log says nothing.
    if (member.previous !== role)
      await tx.execute(sql`
      insert into moderation_actions (actor_id, actor_name, action, subject_user_id, subject_name, target_type,
        target_id, reason, role, created_at)
      values (null, ${COMMAND_LINE_ACTOR}, 'grant_role', ${member.id}, ${name}, 'user', ${member.id},
        ${`Role changed from ${member.previous} to ${role}`}, ${role}, ${now})`);
    return { name, email: address, previous: member.previous, role };
  });
}
