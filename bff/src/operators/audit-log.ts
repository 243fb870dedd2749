import type { CallOutput, ParsedInput } from '@sukoyaka/contract';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { auditLogs, operators } from '../db/schema';
import { decodeCursor, keysetBefore, keysetPage } from '../platform/cursor';
import type { CallContext } from '../platform/handlers';

/**
 * listOperatorAuditLogs: the operators' actions in one association, newest first. The route
 * layer has checked the viewer role in `associationId`; only rows of that association are read.
 */
export async function listOperatorAuditLogs(
  input: ParsedInput<'listOperatorAuditLogs'>,
  { db }: CallContext<'operator'>,
): Promise<CallOutput<'listOperatorAuditLogs'>> {
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const rows = await db
    .select({
      id: auditLogs.id,
      event: auditLogs.event,
      at: auditLogs.createdAt,
      detail: auditLogs.detail,
      operatorName: operators.name,
      operatorEmail: operators.email,
    })
    .from(auditLogs)
    .leftJoin(operators, eq(operators.id, auditLogs.operatorId))
    .where(
      and(
        eq(auditLogs.associationId, input.associationId),
        isNotNull(auditLogs.operatorId),
        after ? keysetBefore(auditLogs.createdAt, auditLogs.id, after) : undefined,
      ),
    )
    // Served by audit_logs_association_idx (association_id, created_at DESC, id DESC).
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(input.limit + 1);
  const page = keysetPage(rows, input.limit, (row) => ({ at: row.at, id: row.id }));
  return {
    entries: page.rows.map((row) => ({ ...row, at: row.at.toISOString() })),
    nextCursor: page.nextCursor,
  };
}
