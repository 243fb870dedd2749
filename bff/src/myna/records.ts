// Reading the member's imported records (the route layer has checked the fresh secret-question
// answer). Each read opens the sealed payloads with the member's data key and is written to the
// audit log: which call, how many records, never a value.
import type { Actor } from '../platform/actor';
import { type CallOutput, type MynaBill, type MynaBillCategory, type MynaDispensing, type ParsedInput } from '@sukoyaka/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { mynaDispensings, mynaMedicalBills, mynaMedicalExams } from '../db/schema';
import type { PortalMedicalBillKind } from '../integrations/myna-portal/types';
import { audit } from '../platform/audit';
import { decodeCursor, keysetBefore, keysetPage } from '../platform/cursor';
import { notFound } from '../platform/errors';
import { toExam, toExamSummary, type ExamRecord } from './exam-items';
import { findMemberKey, type MemberKey } from './keys';
import type { StoredBill, StoredDispensing, StoredExam } from './store';

/** Who read what: the call and the number of records, for the audit log. */
export async function auditRead(
  db: Executor,
  actor: Actor | null,
  userId: string,
  call: string,
  count: number,
  now: Date,
  extra: Record<string, unknown> = {},
): Promise<void> {
  await audit(db, actor, 'myna_records_read', userId, { call, count, ...extra }, now);
}

export async function allExams(db: Executor, key: MemberKey, userId: string): Promise<ExamRecord[]> {
  const rows = await db
    .select()
    .from(mynaMedicalExams)
    .where(eq(mynaMedicalExams.userId, userId))
    .orderBy(desc(mynaMedicalExams.examinedAt), desc(mynaMedicalExams.id));
  return rows.map((row) => ({ id: row.id, exam: key.openJson<StoredExam>('myna_medical_exams.payload', row.id, row.payload) }));
}

export async function listExams(
  db: Database,
  actor: Actor | null,
  userId: string,
  input: ParsedInput<'listMynaMedicalExams'>,
  now: Date,
): Promise<CallOutput<'listMynaMedicalExams'>> {
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const key = await findMemberKey(db, userId);
  if (!key) {
    await auditRead(db, actor, userId, 'listMynaMedicalExams', 0, now);
    return { medicalExams: [], nextCursor: null };
  }
  const rows = await db
    .select()
    .from(mynaMedicalExams)
    .where(
      and(eq(mynaMedicalExams.userId, userId), after ? keysetBefore(mynaMedicalExams.examinedAt, mynaMedicalExams.id, after) : undefined),
    )
    .orderBy(desc(mynaMedicalExams.examinedAt), desc(mynaMedicalExams.id))
    .limit(input.limit + 1);
  const page = keysetPage(rows, input.limit, (row) => ({ at: row.examinedAt, id: row.id }));
  const medicalExams = page.rows.map((row) =>
    toExamSummary({ id: row.id, exam: key.openJson<StoredExam>('myna_medical_exams.payload', row.id, row.payload) }),
  );
  await auditRead(db, actor, userId, 'listMynaMedicalExams', medicalExams.length, now);
  return { medicalExams, nextCursor: page.nextCursor };
}

export async function getExam(
  db: Database,
  actor: Actor | null,
  userId: string,
  id: string,
  now: Date,
): Promise<CallOutput<'getMynaMedicalExam'>> {
  // The one exam first, by its id and the member (another member's id reads as not found, like
  // an unknown one): nothing is opened for an exam the member does not have (issue 28).
  const [row] = await db
    .select()
    .from(mynaMedicalExams)
    .where(and(eq(mynaMedicalExams.id, id), eq(mynaMedicalExams.userId, userId)));
  const key = row ? await findMemberKey(db, userId) : null;
  if (!row || !key) throw notFound('健診結果が見つかりません。');
  // Each item's trend shows its value in every check-up of the member: those are opened because
  // they are returned, as the trend.
  const all = await allExams(db, key, userId);
  const record = all.find((candidate) => candidate.id === row.id);
  if (!record) throw notFound('健診結果が見つかりません。');
  await auditRead(db, actor, userId, 'getMynaMedicalExam', 1, now, { trendExams: all.length });
  return { medicalExam: toExam(record, all) };
}

export function toDispensing(id: string, stored: StoredDispensing): MynaDispensing {
  return {
    id,
    dispensedOn: stored.dispensedOn,
    pharmacyName: stored.pharmacyName || null,
    prescriberName: stored.prescribingInstitution,
    medicines: stored.items.map((item) => ({
      name: item.brandName,
      genericName: item.genericName,
      yjCode: item.yjCode || null,
      usage: item.usage,
      dose: `${item.quantity}${item.unit}`,
      quantity: item.quantity,
      unit: item.unit,
      days: item.days,
      form: null,
    })),
  };
}

export async function listDispensings(
  db: Database,
  actor: Actor | null,
  userId: string,
  input: ParsedInput<'listMynaMedicines'>,
  now: Date,
): Promise<CallOutput<'listMynaMedicines'>> {
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const key = await findMemberKey(db, userId);
  if (!key) {
    await auditRead(db, actor, userId, 'listMynaMedicines', 0, now);
    return { dispensings: [], nextCursor: null };
  }
  const rows = await db
    .select()
    .from(mynaDispensings)
    .where(
      and(
        eq(mynaDispensings.userId, userId),
        input.month ? eq(mynaDispensings.month, input.month) : undefined,
        after ? keysetBefore(mynaDispensings.dispensedAt, mynaDispensings.id, after) : undefined,
      ),
    )
    .orderBy(desc(mynaDispensings.dispensedAt), desc(mynaDispensings.id))
    .limit(input.limit + 1);
  const page = keysetPage(rows, input.limit, (row) => ({ at: row.dispensedAt, id: row.id }));
  const dispensings = page.rows.map((row) =>
    toDispensing(row.id, key.openJson<StoredDispensing>('myna_dispensings.payload', row.id, row.payload)),
  );
  await auditRead(db, actor, userId, 'listMynaMedicines', dispensings.length, now);
  return { dispensings, nextCursor: page.nextCursor };
}

const CATEGORY: Record<PortalMedicalBillKind, MynaBillCategory> = {
  medical: 'outpatient',
  inpatient: 'inpatient',
  dental: 'dental',
  pharmacy: 'dispensing',
};

export function toBill(id: string, stored: StoredBill): MynaBill {
  return {
    id,
    month: stored.month,
    institutionName: stored.institutionName || null,
    category: CATEGORY[stored.kind] ?? 'other',
    days: stored.days,
    totalCost: stored.totalCost,
    paidAmount: stored.paidAmount,
    publicExpense: 0,
  };
}

export async function listBills(
  db: Database,
  actor: Actor | null,
  userId: string,
  input: ParsedInput<'listMynaMedicalBills'>,
  now: Date,
): Promise<CallOutput<'listMynaMedicalBills'>> {
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const key = await findMemberKey(db, userId);
  const years = key
    ? (
        await db
          .selectDistinct({ year: mynaMedicalBills.year })
          .from(mynaMedicalBills)
          .where(eq(mynaMedicalBills.userId, userId))
          .orderBy(desc(mynaMedicalBills.year))
      ).map((row) => row.year)
    : [];
  const year = input.year ?? years[0] ?? null;
  const empty = { count: 0, totalCost: 0, paidAmount: 0 };
  if (!key || year === null) {
    await auditRead(db, actor, userId, 'listMynaMedicalBills', 0, now);
    return { year, years, yearTotals: empty, months: [], bills: [], nextCursor: null };
  }
  // The year's totals need every bill of the year (a few dozen): opened once, the page cut from them.
  const rows = await db
    .select()
    .from(mynaMedicalBills)
    .where(and(eq(mynaMedicalBills.userId, userId), eq(mynaMedicalBills.year, year)))
    .orderBy(desc(mynaMedicalBills.monthAt), desc(mynaMedicalBills.id));
  const bills = rows.map((row) => ({
    row,
    bill: toBill(row.id, key.openJson<StoredBill>('myna_medical_bills.payload', row.id, row.payload)),
  }));
  const yearTotals = { ...empty };
  const months = new Map<string, typeof empty>();
  for (const { bill } of bills) {
    const month = months.get(bill.month) ?? { ...empty };
    for (const totals of [yearTotals, month]) {
      totals.count += 1;
      totals.totalCost += bill.totalCost;
      totals.paidAmount += bill.paidAmount;
    }
    months.set(bill.month, month);
  }
  const remaining = after
    ? bills.filter(
        ({ row }) => row.monthAt.getTime() < after.at.getTime() || (row.monthAt.getTime() === after.at.getTime() && row.id < after.id),
      )
    : bills;
  const page = keysetPage(remaining.slice(0, input.limit + 1), input.limit, ({ row }) => ({ at: row.monthAt, id: row.id }));
  await auditRead(db, actor, userId, 'listMynaMedicalBills', page.rows.length, now, { year });
  return {
    year,
    years,
    yearTotals,
    months: [...months].map(([month, totals]) => ({ month, ...totals })),
    bills: page.rows.map(({ bill }) => bill),
    nextCursor: page.nextCursor,
  };
}

/** Whether the member holds any imported record (the removal page and the connection state). */
export async function hasRecords(db: Executor, userId: string): Promise<boolean> {
  for (const table of [mynaMedicalExams, mynaDispensings, mynaMedicalBills]) {
    const [row] = await db.select({ id: table.id }).from(table).where(eq(table.userId, userId)).limit(1);
    if (row) return true;
  }
  return false;
}
