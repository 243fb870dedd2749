import { MEMBER_DATA_EXPORT_PATH, memberDataExportQuery } from '@sukoyaka/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { actorOf } from '../platform/actor';
import { audit } from '../platform/audit';
import { contentDisposition } from '../platform/content-disposition';
import { accountConditionError, emailNotVerified } from '../platform/conditions';
import { unauthenticated } from '../platform/errors';
import { assertStepUp } from '../platform/step-up';
import { invalidParameters } from '../platform/validation';
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
      const found = request.caller;
      if (!found || !request.session) throw unauthenticated();
      const condition = accountConditionError(found.standing, now);
      if (condition) throw condition;
      if (!found.member.emailVerified) throw emailNotVerified();
      const parsed = memberDataExportQuery().safeParse(request.query ?? {});
      if (!parsed.success) throw invalidParameters(parsed.error);
      const includeMyna = parsed.data.myna === '1';
      if (includeMyna) assertStepUp('mynaSecretQuestion', request.session.row, now);

      const userId = found.member.id;
      const data = await collectMemberData(options.db, userId, { sensitive: includeMyna, now });
      const day = new Date(now.getTime() + 9 * 60 * 60 * 1000).toISOString().slice(0, 10).replaceAll('-', '');
      const file =
        parsed.data.format === 'json'
          ? { name: `sukoyaka-data-${day}.json`, type: 'application/json; charset=utf-8', body: memberDataJson(data) }
          : { name: `sukoyaka-data-${day}.zip`, type: 'application/zip', body: Buffer.from(memberDataCsvZip(data, now)) };
      await audit(
        options.db,
        actorOf(request),
        'member_data_exported',
        userId,
        { format: parsed.data.format, myna: includeMyna, counts: data.counts },
        now,
      );
      return reply
        .header('content-type', file.type)
        .header('content-disposition', contentDisposition(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(file.body);
    });
  };
}
