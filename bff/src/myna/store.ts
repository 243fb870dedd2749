// Storing imported records: each sealed with the member's data key under a fresh row id, with only
// its day or month in the clear, and deduplicated by the keyed HMAC of the portal's id (a record
// already held is skipped, so importing again adds only what is new). The import job and the demo
// seed both store through here.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { mynaDispensings, mynaMedicalBills, mynaMedicalExams } from '../db/schema';
import type { ParsedCheckup, PortalDispensing, PortalMedicalBill } from '../integrations/myna-portal/types';
import type { MemberKey } from './keys';

/** yyyy-MM-dd in Japan → that day's 00:00 Japan time. */
export const japanDayStart = (day: string) => new Date(`${day}T00:00:00+09:00`);

/** What is sealed in each table's payload. */
export type StoredExam = ParsedCheckup;
export type StoredDispensing = Omit<PortalDispensing, 'registeredAt'>;
export type StoredBill = Omit<PortalMedicalBill, 'registeredAt'>;

interface Candidate<T> {
  naturalKey: string;
  value: T;
}

/** The candidates whose natural key the member does not hold yet (also unique among themselves). */
async function newOnes<T>(
  existing: (keys: string[]) => Promise<Array<{ naturalKey: string }>>,
  candidates: Array<Candidate<T>>,
): Promise<Array<Candidate<T>>> {
  const unique = new Map(candidates.map((candidate) => [candidate.naturalKey, candidate]));
  if (unique.size === 0) return [];
  const held = new Set((await existing([...unique.keys()])).map((row) => row.naturalKey));
  return [...unique.values()].filter((candidate) => !held.has(candidate.naturalKey));
}

/**
 * Stores the check-ups not held yet (each by the portal's document id); returns how many were
 * added. Call inside the kind's transaction.
 */
export async function storeExams(
  tx: Executor,
  key: MemberKey,
  userId: string,
  exams: Array<{ documentId: string; parsed: StoredExam }>,
  now: Date,
): Promise<number> {
  const fresh = await newOnes(
    (keys) =>
      tx
        .select({ naturalKey: mynaMedicalExams.naturalKey })
        .from(mynaMedicalExams)
        .where(and(eq(mynaMedicalExams.userId, userId), inArray(mynaMedicalExams.naturalKey, keys))),
    exams.map((exam) => ({ naturalKey: key.naturalKey('exam', exam.documentId), value: exam.parsed })),
  );
  for (const { naturalKey, value } of fresh) {
    const id = randomUUID();
    await tx.insert(mynaMedicalExams).values({
      id,
      userId,
      naturalKey,
      examinedAt: japanDayStart(value.examinedOn),
      payload: key.sealJson('myna_medical_exams.payload', id, value),
      importedAt: now,
    });
  }
  return fresh.length;
}

export async function storeDispensings(
  tx: Executor,
  key: MemberKey,
  userId: string,
  dispensings: PortalDispensing[],
  now: Date,
): Promise<number> {
  const fresh = await newOnes(
    (keys) =>
      tx
        .select({ naturalKey: mynaDispensings.naturalKey })
        .from(mynaDispensings)
        .where(and(eq(mynaDispensings.userId, userId), inArray(mynaDispensings.naturalKey, keys))),
    dispensings.map(({ registeredAt: _registeredAt, ...value }) => ({
      naturalKey: key.naturalKey('dispensing', value.dispensingId),
      value,
    })),
  );
  for (const { naturalKey, value } of fresh) {
    const id = randomUUID();
    await tx.insert(mynaDispensings).values({
      id,
      userId,
      naturalKey,
      dispensedAt: japanDayStart(value.dispensedOn),
      month: value.dispensedOn.slice(0, 7),
      payload: key.sealJson('myna_dispensings.payload', id, value),
      importedAt: now,
    });
  }
  return fresh.length;
}

export async function storeBills(tx: Executor, key: MemberKey, userId: string, bills: PortalMedicalBill[], now: Date): Promise<number> {
  const fresh = await newOnes(
    (keys) =>
      tx
        .select({ naturalKey: mynaMedicalBills.naturalKey })
        .from(mynaMedicalBills)
        .where(and(eq(mynaMedicalBills.userId, userId), inArray(mynaMedicalBills.naturalKey, keys))),
    bills.map(({ registeredAt: _registeredAt, ...value }) => ({ naturalKey: key.naturalKey('bill', value.billId), value })),
  );
  for (const { naturalKey, value } of fresh) {
    const id = randomUUID();
    await tx.insert(mynaMedicalBills).values({
      id,
      userId,
      naturalKey,
      monthAt: japanDayStart(`${value.month}-01`),
      month: value.month,
      year: Number(value.month.slice(0, 4)),
      payload: key.sealJson('myna_medical_bills.payload', id, value),
      importedAt: now,
    });
  }
  return fresh.length;
}
