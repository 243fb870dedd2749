import { MEMBER_DATA_EXPORT_PATH, memberDataExportQuery } from '@sukoyaka/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { actorOf } from '../platform/actor';
import { audit } from '../platform/audit';
import { authorizeMemberDownload, sendMemberFile } from '../platform/member-downloads';
import { collectMemberData, memberDataCsvZip, memberDataJson } from './member-data-export';

/**
 * GET /api/bff/files/member-data?format=json|csv[&myna=1] — everything recorded about the
 * signed-in member as a file (issue 24 #15). The same checks as a member call (routes.ts): signed
 * in, in good standing, address verified; `myna=1` needs the My Number step-up as the records do.
 * Each download is audited with its counts, never its values.
 */
export function memberDataExportRoute(options: { db: Database; now: () => Date }) {
  return async (app: FastifyInstance) => {
    app.get(MEMBER_DATA_EXPORT_PATH, async (request, reply) => {
      const now = options.now();
      const { userId, query } = authorizeMemberDownload(request, now, memberDataExportQuery(), (query) =>
        query.myna === '1' ? 'mynaSecretQuestion' : null,
      );
      const includeMyna = query.myna === '1';
      const data = await collectMemberData(options.db, userId, { sensitive: includeMyna, now });
      const day = new Date(now.getTime() + 9 * 60 * 60 * 1000).toISOString().slice(0, 10).replaceAll('-', '');
      const file =
        query.format === 'json'
          ? { name: `sukoyaka-data-${day}.json`, type: 'application/json; charset=utf-8', body: memberDataJson(data) }
          : { name: `sukoyaka-data-${day}.zip`, type: 'application/zip', body: Buffer.from(memberDataCsvZip(data, now)) };
      await audit(
        options.db,
        actorOf(request),
        'member_data_exported',
        userId,
        { format: query.format, myna: includeMyna, counts: data.counts },
        now,
      );
      return sendMemberFile(reply, file);
    });
  };
}
