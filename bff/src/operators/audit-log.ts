import { operatorAuditEvent, type CallOutput, type ParsedInput } from '@sukoyaka/contract';
import { and, asc, desc, eq, gte, isNotNull, lt } from 'drizzle-orm';
import { auditLogs, operatorRoles, operators } from '../db/schema';
import { decodeCursor, keysetBefore, keysetPage } from '../platform/cursor';
import type { CallContext } from '../platform/handlers';

const DAY_MS = 86_400_000;
/** 00:00 in Japan of a yyyy-MM-dd day. */
const japanMidnight = (day: string) => new Date(`${day}T00:00:00+09:00`);

/**
 * listOperatorAuditLogs: the operators' actions in one association, newest first, optionally in a
 * period (Japan days), of one action or by one operator. The route layer has checked the viewer
 * role in `associationId`; only rows of that association are read, on audit_logs_association_idx
 * (association_id, created_at DESC, id DESC): the period bounds its range, the action and the
 * operator filter within it.
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
        input.from ? gte(auditLogs.createdAt, japanMidnight(input.from)) : undefined,
        input.to ? lt(auditLogs.createdAt, new Date(japanMidnight(input.to).getTime() + DAY_MS)) : undefined,
        input.action ? eq(auditLogs.event, operatorAuditEvent(input.action)) : undefined,
        input.operatorId ? eq(auditLogs.operatorId, input.operatorId.toLowerCase()) : undefined,
        after ? keysetBefore(auditLogs.createdAt, auditLogs.id, after) : undefined,
      ),
    )
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(input.limit + 1);
  const page = keysetPage(rows, input.limit, (row) => ({ at: row.at, id: row.id }));
  return {
    entries: page.rows.map((row) => ({ ...row, at: row.at.toISOString() })),
    nextCursor: page.nextCursor,
  };
}

/** listOperatorStaff: who holds a role in the association (operator_roles_association_idx), by name. */
export async function listOperatorStaff(
  input: ParsedInput<'listOperatorStaff'>,
  { db }: CallContext<'operator'>,
): Promise<CallOutput<'listOperatorStaff'>> {
  const rows = await db
    .select({ id: operators.id, name: operators.name })
    .from(operatorRoles)
    .innerJoin(operators, eq(operators.id, operatorRoles.operatorId))
    .where(eq(operatorRoles.associationId, input.associationId))
    .orderBy(asc(operators.name), asc(operators.id));
  return { operators: rows };
}
