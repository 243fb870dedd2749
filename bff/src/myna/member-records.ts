// The My Number area's part of a member's download and of their leaving (platform/member-records.ts).
// The records are in the download only with the secret-question step-up, as on their own pages;
// leaving removes them, the link (the grant) and the data key through the area's own removal, then
// the consent history and the secret question, which the removal alone keeps.
import { medicalExpenseCategoryLabels } from '@sukoyaka/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { mynaAgreements, mynaLinks, mynaSecretQuestions } from '../db/schema';
import { exportTimestamp as iso, type ExportTable, type MemberRecordsKeeper } from '../platform/member-records';
import { writeCsv } from '../platform/csv';
import { loadMynaExportRecords } from './export';
import { findMemberKey } from './keys';
import { receiptsOfYear } from './receipts';
import { mynaRecordsCsvFile } from './export-csv';
import { buildMynaFhirBundle } from './export-fhir';
import { removeEverything } from './removal';

/** The consent history of the My Number link: no record from the portal, so in the download without the step-up too. */
async function agreementsTable(db: Executor, userId: string): Promise<ExportTable> {
  const rows = await db
    .select({ action: mynaAgreements.action, version: mynaAgreements.version, at: mynaAgreements.at })
    .from(mynaAgreements)
    .where(eq(mynaAgreements.userId, userId))
    .orderBy(asc(mynaAgreements.at), asc(mynaAgreements.id));
  return {
    kind: 'myna_agreements',
    title: 'マイナポータル連携の同意・撤回',
    columns: [
      ['at', '日時'],
      ['action', '内容'],
      ['version', '版'],
    ],
    rows: rows.map((row) => ({ at: iso(row.at), action: row.action === 'withdrawn' ? '撤回' : '同意', version: row.version })),
  };
}

export const mynaMemberRecords: MemberRecordsKeeper = {
  area: 'myna',

  async collect({ db, userId, now, sensitive }) {
    const agreements = await agreementsTable(db, userId);
    if (!sensitive) {
      return {
        tables: [agreements],
        json: { myna: { included: false } },
        notes: ['マイナポータルから取り込んだ記録は含まれていません。含めるには、秘密の質問に回答してからダウンロードしてください。'],
      };
    }
    const { records, counts } = await loadMynaExportRecords(db, userId);
    const key = await findMemberKey(db, userId);
    const receipts = key ? await receiptsOfYear(db, key, userId, null) : [];
    const receiptsCsv = writeCsv([
      ['支払年月日', '医療を受けた人', '支払先', '医療費の区分', '支払った金額（円）', '補填される金額（円）'],
      ...receipts.map((r) => [r.paidOn, r.patientName, r.payee, medicalExpenseCategoryLabels[r.category], r.amount, r.compensation]),
    ]);
    return {
      tables: [agreements],
      json: { myna: { included: true, fhirBundle: buildMynaFhirBundle(records, now), medicalReceipts: receipts } },
      files: { 'myna_records.csv': mynaRecordsCsvFile(records, now).content, 'myna_medical_receipts.csv': receiptsCsv },
      notes: [
        'myna_records.csv: マイナポータルから取り込んだ記録（健診結果・お薬・医療費）',
        'myna_medical_receipts.csv: 医療費控除のために手入力した領収書',
      ],
      counts: {
        mynaMedicalExams: counts.medicalExams,
        mynaDispensings: counts.medicines,
        mynaMedicalBills: counts.medicalBills,
        mynaMedicalReceipts: receipts.length,
      },
    };
  },

  /** Whether each member has linked My Number (myna_links.user_id is unique): the link only, no data. */
  async supportFacts({ db, userIds }) {
    const rows = userIds.length
      ? await db.select({ userId: mynaLinks.userId }).from(mynaLinks).where(inArray(mynaLinks.userId, userIds))
      : [];
    const linked = new Set(rows.map((row) => row.userId));
    return new Map(userIds.map((id) => [id, { mynaLinked: linked.has(id) }]));
  },

  async outlook({ db, userId }) {
    const [row] = await db.select({ id: mynaLinks.id }).from(mynaLinks).where(eq(mynaLinks.userId, userId));
    return { mynaConnected: Boolean(row) };
  },

  async erase({ tx, actor, userId, now }) {
    // The removal's own transaction nests as a savepoint of the leaving.
    const { removed } = await removeEverything(tx as unknown as Database, actor, userId, now);
    await tx.delete(mynaAgreements).where(eq(mynaAgreements.userId, userId));
    await tx.delete(mynaSecretQuestions).where(eq(mynaSecretQuestions.userId, userId));
    return { audit: removed };
  },
};
