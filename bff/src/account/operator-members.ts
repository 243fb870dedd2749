// The account area's figures and roster for operators (mf-admin). The route layer has checked the
// operator's role in `associationId`; every query here is limited to that association.
import { operatorAuditEvent, type CallOutput, type DaySeries, type OperatorPeriodInput, type ParsedInput } from '@sukoyaka/contract';
import { and, count, desc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { auditLogs, rosterEntries, users } from '../db/schema';
import type { CallContext } from '../platform/handlers';
import { auditOperator } from '../platform/operators';
import { lookupOperatorMember } from './operator-member-lookup';
import { parseRosterCsv, RosterImportError } from './roster-import';
import { insertRosterEntries } from './roster-entries';

/** Japan's days are the period's days: 00:00 JST of `from` to 00:00 JST of the day after `to`. */
export function periodBounds(period: Pick<OperatorPeriodInput, 'from' | 'to'>): { start: Date; end: Date; days: string[] } {
  const start = new Date(`${period.from}T00:00:00+09:00`);
  const last = new Date(`${period.to}T00:00:00+09:00`);
  const days: string[] = [];
  for (
    let at = new Date(`${period.from}T00:00:00Z`);
    at.getTime() <= Date.parse(`${period.to}T00:00:00Z`);
    at = new Date(at.getTime() + 86_400_000)
  ) {
    days.push(at.toISOString().slice(0, 10));
  }
  return { start, end: new Date(last.getTime() + 86_400_000), days };
}

/** Every day of the period with its count (zero where the query found none). */
export function fillDays(days: string[], rows: Array<{ day: string; count: number }>): DaySeries {
  const found = new Map(rows.map((row) => [row.day, Number(row.count)]));
  return days.map((day) => ({ day, count: found.get(day) ?? 0 }));
}

/** Members of the association by the end of the period, and sign-ups per Japan day within it. */
export async function memberStats(db: Executor, associationId: string, period: Pick<OperatorPeriodInput, 'from' | 'to'>) {
  const { start, end, days } = periodBounds(period);
  const [total] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.associationId, associationId), lt(users.createdAt, end)));
  const japanDay = sql<string>`to_char(${users.createdAt} at time zone 'Asia/Tokyo', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day: japanDay, count: count() })
    .from(users)
    .where(
      and(eq(users.associationId, associationId), sql`${users.createdAt} >= ${start.toISOString()}::timestamptz`, lt(users.createdAt, end)),
    )
    .groupBy(japanDay);
  const signUps = fillDays(days, rows);
  return { members: total?.n ?? 0, signUps, signUpTotal: signUps.reduce((sum, day) => sum + day.count, 0) };
}

export async function getOperatorMemberStats(
  input: ParsedInput<'getOperatorMemberStats'>,
  { db }: CallContext<'operator'>,
): Promise<CallOutput<'getOperatorMemberStats'>> {
  return memberStats(db, input.associationId, input);
}

/** "12行目: …" → its line number; a problem of the whole file has none. */
function lineOf(problem: string): { line: number | null; message: string } {
  const match = /^(\d+)行目: (.*)$/s.exec(problem);
  return match ? { line: Number(match[1]), message: match[2]! } : { line: null, message: problem };
}

const BATCH = 1000;

/**
 * importOperatorRoster: the same rule as `npm run roster:import` (roster-import.ts): every row
 * checked, nothing imported while any is wrong, one transaction, entries already there kept.
 */
export async function importOperatorRoster(
  input: ParsedInput<'importOperatorRoster'>,
  { db, actor, operator, now }: CallContext<'operator'>,
): Promise<CallOutput<'importOperatorRoster'>> {
  let rows;
  try {
    rows = parseRosterCsv(input.csv);
  } catch (error) {
    if (error instanceof RosterImportError) return { ok: false, errors: error.problems.map(lineOf) };
    throw error;
  }
  const imported = await db.transaction(async (tx) => {
    let added = 0;
    for (let start = 0; start < rows.length; start += BATCH)
      added += await insertRosterEntries(tx, input.associationId, rows.slice(start, start + BATCH));
    await auditOperator(tx, actor, 'roster_imported', operator.id, input.associationId, { rows: rows.length, added }, now);
    return added;
  });
  return { ok: true, imported, alreadyPresent: rows.length - imported };
}

/**
 * getOperatorRosterSummary: the roster's entries and those linked (roster_entries_identity_idx's
 * association prefix), and the last import through the console (the association's audit rows,
 * newest first, on audit_logs_association_idx).
 */
export async function getOperatorRosterSummary(
  input: ParsedInput<'getOperatorRosterSummary'>,
  { db }: CallContext<'operator'>,
): Promise<CallOutput<'getOperatorRosterSummary'>> {
  const [counts] = await db
    .select({ entries: count(), linked: count(rosterEntries.linkedUserId) })
    .from(rosterEntries)
    .where(eq(rosterEntries.associationId, input.associationId));
  const [last] = await db
    .select({ at: auditLogs.createdAt })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.associationId, input.associationId),
        isNotNull(auditLogs.operatorId),
        eq(auditLogs.event, operatorAuditEvent('roster_imported')),
      ),
    )
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(1);
  return { entries: counts?.entries ?? 0, linked: counts?.linked ?? 0, lastImportedAt: last?.at.toISOString() ?? null };
}

export const operatorMemberHandlers = { getOperatorMemberStats, importOperatorRoster, getOperatorRosterSummary, lookupOperatorMember };
