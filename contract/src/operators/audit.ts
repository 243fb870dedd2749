import { z } from 'zod/mini';
import { defineCall } from '../define';
import { documented } from '../documented';
import { cursor, pageSize } from '../fields';
import { calendarDay, operatorAssociationId, operatorRecordId } from './shared';
import { operatorAuditActionNames } from '../operator-terms';

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
  summary:
    "The operators' actions in one association (who, what, when), newest first, keyset-paginated; optionally only a period (Japan days, both included), one action or one operator.",
  input: () =>
    documented(
      z
        .object({
          associationId: operatorAssociationId(),
          cursor: z.optional(cursor),
          limit: pageSize(50, 100),
          from: z.optional(calendarDay('開始日')),
          to: z.optional(calendarDay('終了日')),
          action: z.optional(z.enum(operatorAuditActionNames, { error: '操作の種類を一覧から選んでください' })),
          operatorId: z.optional(operatorRecordId('担当者')),
        })
        .check(
          z.refine((value) => !value.from || !value.to || value.from <= value.to, {
            path: ['to'],
            message: '終了日は開始日以降の日付を入力してください',
          }),
        ),
      {
        'x-field-comparisons': [{ left: 'from', operator: '<=', right: 'to' }],
        description: '`to`, when given with `from`, is not before it.',
      },
    ),
  output: () => z.object({ entries: z.array(operatorAuditEntrySchema), nextCursor: z.nullable(z.string()) }),
});

export const listOperatorStaff = defineCall({
  name: 'listOperatorStaff',
  method: 'GET',
  access: 'operator',
  operatorRole: 'viewer',
  summary: "The operators who hold a role in the association (id and name), by name: the audit log's filter by operator.",
  input: () => z.object({ associationId: operatorAssociationId() }),
  output: () => z.object({ operators: z.array(z.object({ id: z.string(), name: z.string() })) }),
});
