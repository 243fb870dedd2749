import { API_PREFIX, isUuid } from '@sukoyaka/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { accountConditionError } from '../platform/conditions';
import { contentDisposition } from '../platform/content-disposition';
import { notFound } from '../platform/errors';
import { readDocumentFile } from './documents';

/** Only these types are answered as themselves; anything else is a plain download. */
const SAFE_TYPES = new Set(['application/pdf', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);

// Shared with the download of a member's records (account/member-data-route.ts).
export { contentDisposition };

/** GET /api/bff/files/documents/:fileId — a file of a current document the caller may read. */
export function documentFilesRoute(options: { db: Database; now: () => Date }) {
  return async (app: FastifyInstance) => {
    app.get<{ Params: { fileId: string } }>(`${API_PREFIX}/files/documents/:fileId`, async (request, reply) => {
      const fileId = request.params.fileId.toLowerCase();
      if (!isUuid(fileId)) throw notFound();
      const now = options.now();
      const found = request.caller;
      const member = found && !accountConditionError(found.standing, now) ? found.member : null;
      const file = await readDocumentFile(options.db, fileId, member?.associationId ?? null, now);
      if (!file) throw notFound('ファイルが見つかりませんでした。');
      return reply
        .header('content-type', SAFE_TYPES.has(file.contentType) ? file.contentType : 'application/octet-stream')
        .header('content-disposition', contentDisposition(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.content);
    });
  };
}
