// exportMynaHealthFiles: everything imported, opened with the member's data key, handed to the
// file builders (export-fhir.ts, export-csv.ts), and the export audited with its counts.
import type { CallOutput, ParsedInput } from '@sukoyaka/contract';
import { desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { mynaDispensings, mynaMedicalBills } from '../db/schema';
import { audit } from '../platform/audit';
import { findMemberKey } from './keys';
import { allExams } from './records';
import type { StoredBill, StoredDispensing } from './store';

export async function exportFiles(
  db: Database,
  request: FastifyRequest | null,
  userId: string,
  input: ParsedInput<'exportMynaHealthFiles'>,
  now: Date,
): Promise<CallOutput<'exportMynaHealthFiles'>> {
  const key = await findMemberKey(db, userId);
  const exams = key ? await allExams(db, key, userId) : [];
  const dispensings = key
    ? (await db.select().from(mynaDispensings).where(eq(mynaDispensings.userId, userId)).orderBy(desc(mynaDispensings.dispensedAt))).map(
        (row) => ({ id: row.id, dispensing: key.openJson<StoredDispensing>('myna_dispensings.payload', row.id, row.payload) }),
      )
    : [];
  const bills = key
    ? (await db.select().from(mynaMedicalBills).where(eq(mynaMedicalBills.userId, userId)).orderBy(desc(mynaMedicalBills.monthAt))).map(
        (row) => ({ id: row.id, bill: key.openJson<StoredBill>('myna_medical_bills.payload', row.id, row.payload) }),
      )
    : [];
  const counts = { medicalExams: exams.length, medicines: dispensings.length, medicalBills: bills.length };
  await audit(db, request, 'myna_exported', userId, { format: input.format, ...counts }, now);
  throw new Error(`export builders pending (${input.format}, ${JSON.stringify(counts)})`);
}
