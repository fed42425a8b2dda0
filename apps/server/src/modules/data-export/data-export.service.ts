import path from 'node:path';
import {
  API_PATHS,
  API_PREFIX,
  DATA_EXPORT_LIMITS,
  DATA_EXPORT_MESSAGES,
  type DataExport,
  type DataExportResponse,
  MESSAGES,
} from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/sql.ts';
import { AppError, retryLater } from '../../lib/errors.ts';
import { readToken, signToken, TOKEN_PURPOSES } from '../../lib/signed-token.ts';
import type { Viewer } from '../../lib/viewer.ts';
import * as q from './data-export.queries.ts';
import { exportsDir } from './data-export.worker.ts';

const HOUR_MS = 60 * 60 * 1000;
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const now = (ctx: AppContext) => new Date(ctx.clock.now());

/**
 * POST /me/export. An export already waiting or running is answered as it stands (no second job); otherwise
 * one a day: a new one within DATA_EXPORT_LIMITS.perHours of the last that did not fail is refused with 429,
 * saying when the next is possible. Under the member's lock, so two asks at once make one export.
 */
export async function requestExport(
  ctx: AppContext,
  viewer: Viewer,
): Promise<{ answer: DataExportResponse; queued: boolean }> {
  const at = now(ctx);
  const userId = viewer.user.id;
  const result = await ctx.db.transaction(async (tx) => {
    await q.lockMember(tx, userId);
    const live = await q.selectLive(tx, userId);
    if (live) return { row: live, queued: false };
    const nextAt = await nextRequestAt(tx, userId, at);
    if (nextAt > at) {
      const seconds = Math.ceil((nextAt.getTime() - at.getTime()) / 1000);
      throw retryLater(
        429,
        DATA_EXPORT_MESSAGES.oncePerDay(`${nextAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`),
        seconds,
      );
    }
    return { row: await q.insertPending(tx, userId, at), queued: true };
  });
  if (result.queued)
    ctx.logger.info(
      { event: 'export.requested', user_id: userId, export_id: Number(result.row.id) },
      'data export asked',
    );
  return { answer: await answerOf(ctx, viewer, result.row), queued: result.queued };
}

/** GET /me/export: the latest export, its status, and when ready a fresh download link. */
export async function exportStatus(ctx: AppContext, viewer: Viewer): Promise<DataExportResponse> {
  return answerOf(ctx, viewer, await q.selectLatest(ctx.db, viewer.user.id));
}

async function nextRequestAt(tx: Tx, userId: string, at: Date): Promise<Date> {
  const last = await q.selectLastCounted(tx, userId);
  return last ? new Date(Math.max(at.getTime(), last.getTime() + DATA_EXPORT_LIMITS.perHours * HOUR_MS)) : at;
}

async function answerOf(ctx: AppContext, viewer: Viewer, row: q.ExportRow | null): Promise<DataExportResponse> {
  const at = now(ctx);
  const nextAt = await nextRequestAt(ctx.db, viewer.user.id, at);
  return { data: row ? toDataExport(ctx, viewer, row, at) : null, next_request_at: nextAt.toISOString() };
}

function toDataExport(ctx: AppContext, viewer: Viewer, row: q.ExportRow, at: Date): DataExport {
  const id = Number(row.id);
  const expiresAt = row.expires_at === null ? null : new Date(row.expires_at);
  const ready = row.status === 'ready' && row.file_name !== null && expiresAt !== null && expiresAt > at;
  const status =
    row.status === 'running' ? 'pending' : row.status === 'ready' ? (ready ? 'ready' : 'expired') : row.status;
  return {
    id,
    status,
    requested_at: new Date(row.requested_at).toISOString(),
    ready_at: iso(row.ready_at),
    expires_at: iso(row.expires_at),
    size: row.size_bytes === null ? null : Number(row.size_bytes),
    download_url: ready && expiresAt ? downloadUrl(ctx, viewer, id, at, expiresAt) : null,
  };
}

/**
 * A link for a plain <a href> (the web keeps its bearer token in local storage, so a link carries none): a
 * token signed for this purpose, bound to the member, the session that asked and the export, good for
 * DATA_EXPORT_LIMITS.linkMinutes (never past the export's own expiry). Sign out and it is dead.
 */
function downloadUrl(ctx: AppContext, viewer: Viewer, id: number, at: Date, expiresAt: Date): string {
  const until = Math.min(at.getTime() + DATA_EXPORT_LIMITS.linkMinutes * 60_000, expiresAt.getTime());
  const token = signToken(
    ctx.config.authSecret,
    TOKEN_PURPOSES.dataExportDownload,
    [viewer.user.id, viewer.sessionId, String(id)],
    until,
  );
  return `${API_PREFIX}${API_PATHS.meExportDownload}?token=${encodeURIComponent(token)}`;
}

export interface ExportFile {
  file: string;
  size: number;
  name: string;
}

/**
 * GET /me/export/download: with `token`, the export it names, while the token is good, its session live and
 * its member's (a signed-in caller must be that member); without one, the bearer token's member's latest ready
 * export. Anything else: 404 with one message (nothing tells a wrong token from an expired export), or 401
 * without either.
 */
export async function openDownload(
  ctx: AppContext,
  viewer: Viewer | null,
  token: string | undefined,
): Promise<ExportFile> {
  const at = now(ctx);
  const invalid = () => new AppError(404, DATA_EXPORT_MESSAGES.linkInvalid);
  let userId: string;
  let id: number | null = null;
  if (token !== undefined) {
    const fields = readToken(ctx.config.authSecret, TOKEN_PURPOSES.dataExportDownload, token, at.getTime());
    const [owner, sessionId, exportId] = fields ?? [];
    if (!owner || !sessionId || !exportId || !/^\d{1,15}$/.test(exportId)) throw invalid();
    if (viewer && viewer.user.id !== owner) throw invalid();
    if (!(await q.sessionIsLive(ctx.db, sessionId, owner, at))) throw invalid();
    userId = owner;
    id = Number(exportId);
  } else if (viewer) {
    userId = viewer.user.id;
  } else {
    throw new AppError(401, MESSAGES.http.unauthenticated);
  }
  const row = await q.selectReady(ctx.db, userId, id, at);
  if (!row?.file_name || row.size_bytes === null) throw invalid();
  ctx.logger.info({ event: 'export.downloaded', user_id: userId, export_id: Number(row.id) }, 'data export downloaded');
  return {
    file: path.join(exportsDir(ctx), row.file_name),
    size: Number(row.size_bytes),
    name: `corral-data-${new Date(row.requested_at).toISOString().slice(0, 10)}.zip`,
  };
}

/**
 * The account is closed (deleted by its member or banned), inside that transaction: every export of it ends at
 * once (the download refuses it, a running try is dropped) and the worker's sweep deletes the files.
 */
export async function closeExportsOf(tx: Tx, userId: string, at: Date): Promise<void> {
  await q.closeAllOf(tx, userId, at);
}
