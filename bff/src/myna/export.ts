// exportMynaHealthFiles: everything imported, opened with the member's data key, handed to the
// file builders (export-fhir.ts, export-csv.ts), and the export audited with its counts.
import type { Actor } from '../platform/actor';
import type { CallOutput, ParsedInput } from '@sukoyaka/contract';
import { desc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { associations, mynaDispensings, mynaMedicalBills, users } from '../db/schema';
import { audit } from '../platform/audit';
import { billsListCsvFile, mynaRecordsCsvFile } from './export-csv';
import { mynaFhirFile, type MynaExportRecords } from './export-fhir';
import { findMemberKey } from './keys';
import { allExams } from './records';
import type { StoredBill, StoredDispensing } from './store';

/**
 * Every imported record of the member, opened with their data key, and the counts. Shared by this
 * export and the download of all the member's records.
 */
export async function loadMynaExportRecords(
  db: Executor,
  userId: string,
): Promise<{ records: MynaExportRecords; counts: CallOutput<'exportMynaHealthFiles'>['counts'] }> {
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
  const latest = exams[0]?.exam;
  const [owner] = await db
    .select({ name: associations.name, insurerNumber: associations.insurerNumber })
    .from(users)
    .leftJoin(associations, eq(associations.id, users.associationId))
    .where(eq(users.id, userId));
  const records: MynaExportRecords = {
    // The member's internal id: the export derives its ids from it and never writes it out.
    patient: { id: userId, sex: latest?.sex ?? null, birthDate: latest?.birthDate ?? null },
    checkups: exams.map(({ exam }) => exam),
    dispensings: dispensings.map(({ dispensing }) => dispensing),
    bills: bills.map(({ bill }) => bill),
    insurerName: owner?.name ?? null,
    insurerNumber: owner?.insurerNumber ?? null,
  };
  return { records, counts };
}

export async function exportFiles(
  db: Database,
  actor: Actor | null,
  userId: string,
  input: ParsedInput<'exportMynaHealthFiles'>,
  now: Date,
): Promise<CallOutput<'exportMynaHealthFiles'>> {
  const { records, counts } = await loadMynaExportRecords(db, userId);
  const { counts: inFile, ...file } = buildFile(input, records, now);
  const fileCounts = inFile ?? counts;
  await audit(
    db,
    actor,
    'myna_exported',
    userId,
    { format: input.format, ...(input.year ? { year: input.year } : {}), ...fileCounts },
    now,
  );
  return { ...file, counts: fileCounts };
}

function buildFile(
  input: ParsedInput<'exportMynaHealthFiles'>,
  records: MynaExportRecords,
  now: Date,
): Omit<CallOutput<'exportMynaHealthFiles'>, 'counts'> & { counts?: CallOutput<'exportMynaHealthFiles'>['counts'] } {
  switch (input.format) {
    case 'fhir':
      return { ...mynaFhirFile(records, now), encoding: 'utf8' };
    case 'csv':
      return { ...mynaRecordsCsvFile(records, now), encoding: 'utf8' };
    // The released name of the bills list; the tax form itself is the workbook (export-xlsx.ts).
    case 'tax_form_csv': {
      // The year asked for, else the newest year with bills, else this year in Japan.
      const newest = records.bills.map((bill) => Number(bill.month.slice(0, 4))).sort((a, b) => b - a)[0];
      const year = input.year ?? newest ?? new Date(now.getTime() + 9 * 60 * 60 * 1000).getUTCFullYear();
      const ofYear = records.bills.filter((bill) => bill.month.startsWith(`${year}-`)).length;
      return {
        ...billsListCsvFile(records.bills, year),
        encoding: 'utf8',
        counts: { medicalExams: 0, medicines: 0, medicalBills: ofYear },
      };
    }
  }
}
