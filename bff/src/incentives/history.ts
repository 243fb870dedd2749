// The member's coin and point histories: their transfers, newest first, by month (Japan time).
import type { IncentiveTransaction } from '@sukoyaka/contract';
import { and, desc, eq, gte, inArray, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { activityEvents, earningMarks, ledgerTransfers } from '../db/schema';
import { decodeCursor, keysetBefore, keysetPage } from '../platform/cursor';
import type { ProgramId } from './ledger';

const CREDITS = new Set(['earn', 'grant', 'prize']);

/** The first moment of a Japanese month and of the next one. */
export function japanMonthBounds(month: string): { from: Date; to: Date } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const from = new Date(Date.UTC(year, monthNumber - 1, 1) - 9 * 3600_000);
  const to = new Date(Date.UTC(year, monthNumber, 1) - 9 * 3600_000);
  return { from, to };
}

/** The day of the activity each earning paid for (issue 27: 「目標歩数を達成する」 of which day). */
async function activityDays(db: Executor, transferIds: string[]): Promise<Map<string, string>> {
  if (transferIds.length === 0) return new Map();
  const rows = await db
    .select({ transferId: earningMarks.transferId, day: activityEvents.day })
    .from(earningMarks)
    .innerJoin(activityEvents, eq(activityEvents.id, earningMarks.eventId))
    .where(inArray(earningMarks.transferId, transferIds));
  return new Map(rows.map((row) => [row.transferId!, row.day]));
}

export async function listTransactions(
  db: Executor,
  userId: string,
  programId: ProgramId,
  input: { month?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<{ transactions: IncentiveTransaction[]; nextCursor: string | null }> {
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const bounds = input.month ? japanMonthBounds(input.month) : null;
  const rows = await db
    .select()
    .from(ledgerTransfers)
    .where(
      and(
        eq(ledgerTransfers.userId, userId),
        programId === null ? isNull(ledgerTransfers.programId) : eq(ledgerTransfers.programId, programId),
        bounds ? gte(ledgerTransfers.createdAt, bounds.from) : undefined,
        bounds ? lt(ledgerTransfers.createdAt, bounds.to) : undefined,
        after ? keysetBefore(ledgerTransfers.createdAt, ledgerTransfers.id, after) : undefined,
      ),
    )
    .orderBy(desc(ledgerTransfers.createdAt), desc(ledgerTransfers.id))
    .limit(input.limit + 1);
  const page = keysetPage(rows, input.limit, (row) => ({ at: row.createdAt, id: row.id }));
  const days = await activityDays(
    db,
    page.rows.filter((row) => row.kind === 'earn').map((row) => row.id),
  );
  return {
    transactions: page.rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      amount: CREDITS.has(row.kind) ? Number(row.amount) : -Number(row.amount),
      description: row.description,
      createdAt: row.createdAt.toISOString(),
      ...(days.has(row.id) ? { forDay: days.get(row.id)! } : {}),
    })),
    nextCursor: page.nextCursor,
  };
}
