// Hand-entered receipts for the 医療費控除 (issue 25 #3): listMynaMedicalReceipts,
// createMynaMedicalReceipt, updateMynaMedicalReceipt, deleteMynaMedicalReceipt. Kept apart from the
// imported bills (an import never touches them); who, payee, 区分 and amounts are sealed with the
// member's data key like the imported records. Every query names the member: a receipt of another
// member is "not found", never read or changed. Writes are audited with counts, never values.
import type { Actor } from '../platform/actor';
import {
  MEDICAL_RECEIPTS_PER_YEAR_MAX,
  MynaErrorCodes,
  type CallOutput,
  type MedicalExpenseCategory,
  type MynaMedicalReceipt,
  type ParsedInput,
} from '@sukoyaka/contract';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Database, Executor } from '../db/client';
import { mynaMedicalBills, mynaMedicalReceipts } from '../db/schema';
import { audit } from '../platform/audit';
import { HttpError, notFound } from '../platform/errors';
import { findMemberKey, memberKeyFor, type MemberKey } from './keys';
import { auditRead } from './records';
import type { StoredBill } from './store';

/** What is sealed in `payload`. */
interface StoredReceipt {
  patientName: string;
  payee: string;
  category: MedicalExpenseCategory;
  amount: number;
  compensation: number;
}

type ReceiptRow = typeof mynaMedicalReceipts.$inferSelect;
type ReceiptFields = ParsedInput<'createMynaMedicalReceipt'>;

const COLUMN = 'myna_medical_receipts.payload';

function toReceipt(key: MemberKey, row: ReceiptRow): MynaMedicalReceipt {
  const stored = key.openJson<StoredReceipt>(COLUMN, row.id, row.payload);
  return {
    id: row.id,
    patientName: stored.patientName,
    payee: stored.payee,
    paidOn: row.paidOn,
    category: stored.category,
    amount: stored.amount,
    compensation: stored.compensation,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const sealed = (key: MemberKey, id: string, fields: ReceiptFields) =>
  key.sealJson(COLUMN, id, {
    patientName: fields.patientName,
    payee: fields.payee,
    category: fields.category,
    amount: fields.amount,
    compensation: fields.compensation,
  } satisfies StoredReceipt);

const yearOf = (day: string) => Number(day.slice(0, 4));

const receiptsFull = () =>
  new HttpError(
    409,
    MynaErrorCodes.medicalReceiptsFull,
    `1年分の領収書は${MEDICAL_RECEIPTS_PER_YEAR_MAX}件まで登録できます。同じ人・同じ支払先の領収書はまとめて1件にしてください。`,
  );

/** The member's receipts of one year (every year when null), by payment day (the workbook's order too). */
export async function receiptsOfYear(db: Executor, key: MemberKey, userId: string, year: number | null): Promise<MynaMedicalReceipt[]> {
  const rows = await db
    .select()
    .from(mynaMedicalReceipts)
    .where(and(eq(mynaMedicalReceipts.userId, userId), year === null ? undefined : eq(mynaMedicalReceipts.year, year)))
    .orderBy(asc(mynaMedicalReceipts.paidOn), asc(mynaMedicalReceipts.createdAt), asc(mynaMedicalReceipts.id));
  return rows.map((row) => toReceipt(key, row));
}

/** 受診者氏名 of the member's newest imported bill that carries one (null when none does). */
export async function portalPatientName(db: Executor, key: MemberKey, userId: string): Promise<string | null> {
  const rows = await db
    .select({ id: mynaMedicalBills.id, payload: mynaMedicalBills.payload })
    .from(mynaMedicalBills)
    .where(eq(mynaMedicalBills.userId, userId))
    .orderBy(desc(mynaMedicalBills.monthAt), desc(mynaMedicalBills.id));
  for (const row of rows) {
    const name = key.openJson<StoredBill>('myna_medical_bills.payload', row.id, row.payload).patientName;
    if (name) return name;
  }
  return null;
}

export async function listReceipts(
  db: Database,
  actor: Actor | null,
  userId: string,
  input: ParsedInput<'listMynaMedicalReceipts'>,
  now: Date,
): Promise<CallOutput<'listMynaMedicalReceipts'>> {
  const key = await findMemberKey(db, userId);
  const years = (
    await db
      .selectDistinct({ year: mynaMedicalReceipts.year })
      .from(mynaMedicalReceipts)
      .where(eq(mynaMedicalReceipts.userId, userId))
      .orderBy(desc(mynaMedicalReceipts.year))
  ).map((row) => row.year);
  const receipts = key ? await receiptsOfYear(db, key, userId, input.year) : [];
  const totals = { count: receipts.length, amount: 0, compensation: 0 };
  for (const receipt of receipts) {
    totals.amount += receipt.amount;
    totals.compensation += receipt.compensation;
  }
  await auditRead(db, actor, userId, 'listMynaMedicalReceipts', receipts.length, now, { year: input.year });
  return {
    year: input.year,
    years,
    receipts,
    totals,
    portalPatientName: key ? await portalPatientName(db, key, userId) : null,
  };
}

async function assertRoomIn(db: Executor, userId: string, year: number): Promise<void> {
  const [row] = await db
    .select({ receipts: count() })
    .from(mynaMedicalReceipts)
    .where(and(eq(mynaMedicalReceipts.userId, userId), eq(mynaMedicalReceipts.year, year)));
  if ((row?.receipts ?? 0) >= MEDICAL_RECEIPTS_PER_YEAR_MAX) throw receiptsFull();
}

export async function createReceipt(
  db: Database,
  actor: Actor | null,
  userId: string,
  input: ReceiptFields,
  now: Date,
): Promise<CallOutput<'createMynaMedicalReceipt'>> {
  return db.transaction(async (tx) => {
    const year = yearOf(input.paidOn);
    await assertRoomIn(tx, userId, year);
    // The first receipt of a member who has imported nothing yet makes the data key.
    const key = await memberKeyFor(tx, userId, now);
    const id = randomUUID();
    const [row] = await tx
      .insert(mynaMedicalReceipts)
      .values({ id, userId, paidOn: input.paidOn, year, payload: sealed(key, id, input), createdAt: now, updatedAt: now })
      .returning();
    await audit(tx, actor, 'myna_medical_receipt_saved', userId, { action: 'created', year }, now);
    return { receipt: toReceipt(key, row!) };
  });
}

export async function updateReceipt(
  db: Database,
  actor: Actor | null,
  userId: string,
  input: ParsedInput<'updateMynaMedicalReceipt'>,
  now: Date,
): Promise<CallOutput<'updateMynaMedicalReceipt'>> {
  const { id, ...fields } = input;
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ year: mynaMedicalReceipts.year })
      .from(mynaMedicalReceipts)
      .where(and(eq(mynaMedicalReceipts.id, id), eq(mynaMedicalReceipts.userId, userId)))
      .for('update');
    const key = existing ? await findMemberKey(tx, userId) : null;
    if (!existing || !key) throw notFound('領収書が見つかりませんでした。');
    const year = yearOf(fields.paidOn);
    if (year !== existing.year) await assertRoomIn(tx, userId, year);
    const [row] = await tx
      .update(mynaMedicalReceipts)
      .set({ paidOn: fields.paidOn, year, payload: sealed(key, id, fields), updatedAt: now })
      .where(and(eq(mynaMedicalReceipts.id, id), eq(mynaMedicalReceipts.userId, userId)))
      .returning();
    await audit(tx, actor, 'myna_medical_receipt_saved', userId, { action: 'updated', year }, now);
    return { receipt: toReceipt(key, row!) };
  });
}

export async function deleteReceipt(
  db: Database,
  actor: Actor | null,
  userId: string,
  id: string,
  now: Date,
): Promise<CallOutput<'deleteMynaMedicalReceipt'>> {
  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(mynaMedicalReceipts)
      .where(and(eq(mynaMedicalReceipts.id, id), eq(mynaMedicalReceipts.userId, userId)))
      .returning({ id: mynaMedicalReceipts.id, year: mynaMedicalReceipts.year });
    if (!deleted) throw notFound('領収書が見つかりませんでした。');
    await audit(tx, actor, 'myna_medical_receipt_saved', userId, { action: 'deleted', year: deleted.year }, now);
    return { deletedId: deleted.id };
  });
}
