import { createReadStream } from 'node:fs';
import {
  API_PATHS,
  dataExportDownloadQuerySchema,
  dataExportResponseSchema,
  errorResponseSchema,
} from '@corral/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeGroup, viewerOf } from '../../lib/access.ts';
import { exportStatus, openDownload, requestExport } from './data-export.service.ts';
import { scheduleExportWorker } from './data-export.worker.ts';

const tags = ['account'];
const errors = { '4xx': errorResponseSchema };

/** Your data (docs/decisions/035-data-export.md): ask for an export, see it, download it. */
export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const worker = scheduleExportWorker(app);

  await app.register(
    routeGroup('signed-in', async (member) => {
      member.post(
        API_PATHS.meExport,
        {
          schema: {
            tags,
            summary: 'Ask for an export of your data (one a day); an export being prepared is answered as it stands',
            response: { 200: dataExportResponseSchema, ...errors },
          },
        },
        async (request) => {
          const { answer, queued } = await requestExport(app.ctx, viewerOf(request));
          if (queued) request.afterResponse(async () => worker.poke());
          return answer;
        },
      );
      member.get(
        API_PATHS.meExport,
        {
          schema: {
            tags,
            summary: 'Your latest export: its status, and when ready a download link good for a few minutes',
            response: { 200: dataExportResponseSchema, ...errors },
          },
        },
        (request) => exportStatus(app.ctx, viewerOf(request)),
      );
    }),
  );

  // A plain link carries no bearer token: the signed token in the query is the access (or a bearer token alone).
  await app.register(
    routeGroup('public', async (links) => {
      links.get(
        API_PATHS.meExportDownload,
        { schema: { tags, summary: 'Download your data export (a zip)', querystring: dataExportDownloadQuerySchema } },
        async (request, reply) => {
          const file = await openDownload(app.ctx, request.viewer, request.query.token);
          return reply
            .header('content-type', 'application/zip')
            .header('content-length', String(file.size))
            .header('content-disposition', `attachment; filename="${file.name}"`)
            .header('cache-control', 'private, no-store')
            .header('referrer-policy', 'no-referrer')
            .send(createReadStream(file.file));
        },
      );
    }),
  );
};
