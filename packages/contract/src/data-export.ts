import { z } from 'zod';
import { DATA_EXPORT_STATUSES } from './data-export.constants.ts';

/**
 * The member's latest export (GET /me/export; POST /me/export answers the same): `pending` while it is
 * prepared in the background, then `ready` (with `download_url`, good for DATA_EXPORT_LIMITS.linkMinutes from
 * this answer, and the file until `expires_at`), `failed` (ask again) or `expired` (its file deleted).
 */
export const dataExportSchema = z.object({
  id: z.number().int(),
  status: z.enum(DATA_EXPORT_STATUSES),
  requested_at: z.string(),
  ready_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** The zip's size in bytes, once ready. */
  size: z.number().int().nullable(),
  /**
   * When ready: `/api/me/export/download?token=…`, a link that works for this member's session only and for a
   * few minutes (a plain link carries no bearer token; the token signed into it is bound to the member, the
   * session and the export). Null otherwise.
   */
  download_url: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

export const dataExportResponseSchema = z.object({
  data: dataExportSchema.nullable(),
  /** When the member may ask for a new export (now or in the past: they may now). */
  next_request_at: z.string(),
});
export type DataExportResponse = z.infer<typeof dataExportResponseSchema>;

/** GET /me/export/download: the token of `download_url`; without it, the bearer token's member's export. */
export const dataExportDownloadQuerySchema = z.object({ token: z.string().max(1000).optional() });
