import { z } from 'zod/mini';
import { defineCall } from '../define';
import { cursor, pageSize } from '../fields';
import { operatorAssociationId } from './shared';

export const operatorAuditEntrySchema = z.object({
  id: z.string(),
  /** e.g. `operator_announcement_published`. */
  event: z.string(),
  operatorName: z.nullable(z.string()),
  operatorEmail: z.nullable(z.string()),
  at: z.string(),
  detail: z.record(z.string(), z.unknown()),
});
export type OperatorAuditEntry = z.infer<typeof operatorAuditEntrySchema>;

export const listOperatorAuditLogs = defineCall({
  name: 'listOperatorAuditLogs',
  method: 'GET',
  access: 'operator',
  operatorRole: 'viewer',
  summary: "The operators' actions in one association (who, what, when), newest first, keyset-paginated.",
  input: () => z.object({ associationId: operatorAssociationId(), cursor: z.optional(cursor), limit: pageSize(50, 100) }),
  output: () => z.object({ entries: z.array(operatorAuditEntrySchema), nextCursor: z.nullable(z.string()) }),
});
