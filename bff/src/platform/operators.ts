// What an operator may do, decided in one place: the route layer checks the role a call declares
// (for the association its input names), and handlers check the association of what they touch.
import { ErrorCodes, operatorAuditEvent, type OperatorAuditAction, type OperatorRole } from '@sukoyaka/contract';
import type { Executor } from '../db/client';
import type { Actor } from './actor';
import { auditLogs } from '../db/schema';
import { HttpError } from './errors';
import type { Operator } from './operator-sessions';

export type { Operator };

export const operatorUnauthenticated = () => new HttpError(401, ErrorCodes.operatorUnauthenticated, '運営者としてログインしてください。');

export const operatorForbidden = () => new HttpError(403, ErrorCodes.operatorForbidden, 'この健康保険組合に対する権限がありません。');

/** Whether a held role allows what `needed` asks: an editor may also do what a viewer may. */
export function roleAllows(held: OperatorRole, needed: OperatorRole): boolean {
  return held === 'editor' || needed === 'viewer';
}

/** Whether the operator holds `role` (or better) in the association. */
export function operatorCan(operator: Operator, associationId: string, role: OperatorRole): boolean {
  return operator.roles.some((held) => held.associationId === associationId && roleAllows(held.role, role));
}

/**
 * Refuses (403 `operator_forbidden`) unless the operator holds `role` in the association.
 * Handlers that look something up by id check its association with this before answering
 * anything of it.
 */
export function assertOperatorCan(context: { operator: Operator }, associationId: string | null | undefined, role: OperatorRole): void {
  if (!associationId || !operatorCan(context.operator, associationId, role)) throw operatorForbidden();
}

/** The associations where the operator holds `role` (or better): what lists and aggregates cover. */
export function associationsWhere(operator: Operator, role: OperatorRole = 'viewer'): string[] {
  return operator.roles.filter((held) => roleAllows(held.role, role)).map((held) => held.associationId);
}

/**
 * Writes one audit row for an operator's action: who, what, in which association, when. Pass the
 * transaction the change runs in, so the action is recorded if and only if it happened. The
 * action is one the contract labels (`operatorAuditActions`): a new one is added there first.
 */
export async function auditOperator(
  db: Executor,
  actor: Actor | null,
  action: OperatorAuditAction,
  operatorId: string | null,
  associationId: string | null,
  detail: Record<string, unknown> = {},
  at?: Date,
): Promise<void> {
  await db.insert(auditLogs).values({
    event: operatorAuditEvent(action),
    userId: null,
    operatorId,
    associationId,
    ip: actor?.ip ?? null,
    userAgent: actor?.userAgent ?? null,
    detail,
    ...(at ? { createdAt: at } : {}),
  });
}
