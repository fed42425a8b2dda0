import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/sql.ts';

/*
 * The export queue and its rows (docs/decisions/035-data-export.md). SQL only; the service and the worker
 * decide. Every write of a worker names the try it belongs to (`attempts`), so a try whose lease passed and
 * was taken over can no longer change the row.
 */

export interface ExportRow {
  id: string;
  user_id: string;
  status: 'pending' | 'running' | 'ready' | 'failed' | 'expired';
  requested_at: Date | string;
  ready_at: Date | string | null;
  expires_at: Date | string | null;
  size_bytes: string | number | null;
  file_name: string | null;
}

const COLUMNS = sql.raw('id, user_id, status, requested_at, ready_at, expires_at, size_bytes, file_name');

/** Any fixed number: the first key of the member's lock (the second is their id's hash). */
const MEMBER_LOCK_KEY = 7_261_035;

/** Two asks of one member at once take turns (one job, one daily count), until the transaction ends. */
export async function lockMember(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${MEMBER_LOCK_KEY}, hashtext(${userId}))`);
}

export async function selectLatest(tx: Tx, userId: string): Promise<ExportRow | null> {
  const [row] = await selectRows<ExportRow>(
    tx,
    sql`select ${COLUMNS} from data_exports where user_id = ${userId} order by requested_at desc, id desc limit 1`,
  );
  return row ?? null;
}

/** The member's waiting or running export, if any (at most one: data_exports_live_unique). */
export async function selectLive(tx: Tx, userId: string): Promise<ExportRow | null> {
  const [row] = await selectRows<ExportRow>(
    tx,
    sql`select ${COLUMNS} from data_exports where user_id = ${userId} and status in ('pending', 'running')`,
  );
  return row ?? null;
}

/** When the member last asked for an export that counts against the daily one (a failed one does not). */
export async function selectLastCounted(tx: Tx, userId: string): Promise<Date | null> {
  const [row] = await selectRows<{ at: Date | string }>(
    tx,
    sql`select max(requested_at) as at from data_exports where user_id = ${userId} and status <> 'failed'`,
  );
  return row?.at ? new Date(row.at) : null;
}

export async function insertPending(tx: Tx, userId: string, at: Date): Promise<ExportRow> {
  const [row] = await selectRows<ExportRow>(
    tx,
    sql`insert into data_exports (user_id, status, requested_at) values (${userId}, 'pending', ${at})
      returning ${COLUMNS}`,
  );
  if (!row) throw new Error('the export was not inserted');
  return row;
}

/** The member's ready export with this id whose file is still there (a download link's). */
export async function selectReady(tx: Tx, userId: string, id: number | null, now: Date): Promise<ExportRow | null> {
  const [row] = await selectRows<ExportRow>(
    tx,
    sql`select ${COLUMNS} from data_exports
      where user_id = ${userId} and status = 'ready' and file_name is not null and expires_at > ${now}
        ${id === null ? sql`` : sql`and id = ${id}`}
      order by requested_at desc, id desc limit 1`,
  );
  return row ?? null;
}

/**
 * Whether a session is live and the member's (a download link is bound to the session that asked for it):
 * signed out, or the account deleted, the link is dead.
 */
export async function sessionIsLive(tx: Tx, sessionId: string, userId: string, now: Date): Promise<boolean> {
  const rows = await selectRows(
    tx,
    sql`select 1 from sessions s join users u on u.id = s.user_id
      where s.id = ${sessionId} and s.user_id = ${userId} and s.expires_at > ${now} and u.deleted_at is null`,
  );
  return rows.length > 0;
}

/** Tries that ran out of time `maxAttempts` times: failed. Answers them, for their files. */
export async function failExhausted(
  tx: Tx,
  now: Date,
  maxAttempts: number,
): Promise<Array<{ id: string; attempts: number }>> {
  return selectRows(
    tx,
    sql`update data_exports set status = 'failed', lease_until = null, finished_at = ${now}
      where status = 'running' and lease_until < ${now} and attempts >= ${maxAttempts}
      returning id, attempts`,
  );
}

/**
 * Claims the oldest export waiting, or running under a lease that passed (its process died or stopped): it is
 * running under this worker's lease now, one try more. Rows another process is claiming are skipped.
 */
export async function claimNext(
  tx: Tx,
  now: Date,
  leaseUntil: Date,
  maxAttempts: number,
): Promise<{ id: string; user_id: string; attempts: number } | null> {
  const [row] = await selectRows<{ id: string; user_id: string; attempts: number }>(
    tx,
    sql`update data_exports d set status = 'running', attempts = d.attempts + 1, lease_until = ${leaseUntil}
      where d.id = (
        select e.id from data_exports e
        where (e.status = 'pending' or (e.status = 'running' and e.lease_until < ${now}))
          and e.attempts < ${maxAttempts}
        order by e.requested_at, e.id
        limit 1
        for update skip locked)
      returning d.id, d.user_id, d.attempts`,
  );
  return row ?? null;
}

/** The try still holds the row: its lease moves on. False once another try took it or the member left. */
export async function renewLease(tx: Tx, id: number, attempt: number, leaseUntil: Date): Promise<boolean> {
  const rows = await selectRows(
    tx,
    sql`update data_exports set lease_until = ${leaseUntil}
      where id = ${id} and attempts = ${attempt} and status = 'running' returning id`,
  );
  return rows.length > 0;
}

export async function markReady(
  tx: Tx,
  c: { id: number; attempt: number; fileName: string; size: number; at: Date; expiresAt: Date },
): Promise<{ user_id: string; email: string } | null> {
  const [row] = await selectRows<{ user_id: string; email: string }>(
    tx,
    sql`update data_exports d set status = 'ready', lease_until = null, file_name = ${c.fileName},
        size_bytes = ${c.size}, ready_at = ${c.at}, finished_at = ${c.at}, expires_at = ${c.expiresAt}
      from users u
      where d.id = ${c.id} and d.attempts = ${c.attempt} and d.status = 'running'
        and u.id = d.user_id and u.deleted_at is null
      returning d.user_id, u.email`,
  );
  return row ?? null;
}

/** A try that broke (not one that ran out of time): failed at once, the member may ask again. */
export async function markFailed(tx: Tx, id: number, attempt: number, at: Date): Promise<void> {
  await tx.execute(
    sql`update data_exports set status = 'failed', lease_until = null, finished_at = ${at}
      where id = ${id} and attempts = ${attempt} and status = 'running'`,
  );
}

/** Files to delete: of expired, failed or closed exports, and of ready ones whose 7 days have passed. */
export async function selectFilesDue(tx: Tx, now: Date): Promise<Array<{ id: string; file_name: string }>> {
  return selectRows(
    tx,
    sql`select id, file_name from data_exports
      where file_name is not null and (status <> 'ready' or expires_at <= ${now})
      order by expires_at limit 100`,
  );
}

/** After its file was deleted: the row says so (a ready one is expired). */
export async function markFileDeleted(tx: Tx, id: number, fileName: string): Promise<void> {
  await tx.execute(
    sql`update data_exports set file_name = null,
        status = case when status = 'ready' then 'expired' else status end
      where id = ${id} and file_name = ${fileName}`,
  );
}

/**
 * The account is deleted (or banned): every export of it ends at once. Waiting or running ones fail (a worker's
 * try finds the row no longer its own), ready ones expire now; the sweep deletes their files.
 */
export async function closeAllOf(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx.execute(
    sql`update data_exports set
        status = case when status in ('pending', 'running') then 'failed'
                      when status = 'ready' then 'expired' else status end,
        lease_until = null,
        expires_at = least(coalesce(expires_at, ${now}), ${now})
      where user_id = ${userId} and status in ('pending', 'running', 'ready')`,
  );
}
