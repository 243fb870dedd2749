// The My Number area's part of a member's download and of their leaving (platform/member-records.ts).
// The records are in the download only with the secret-question step-up, as on their own pages;
// leaving removes them, the link (the grant) and the data key through the area's own removal, then
// the consent history and the secret question, which the removal alone keeps.
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { mynaAgreements, mynaLinks, mynaSecretQuestions } from '../db/schema';
import type { MemberRecordsKeeper } from '../platform/member-records';
import { loadMynaExportRecords } from './export';
import { mynaRecordsCsvFile } from './export-csv';
import { buildMynaFhirBundle } from './export-fhir';
import { removeEverything } from './removal';

export const mynaMemberRecords: MemberRecordsKeeper = {
  area: 'myna',

  async collect({ db, userId, now, sensitive }) {
    if (!sensitive) {
      return {
        tables: [],
        json: { myna: { included: false } },
        notes: ['マイナポータルから取り込んだ記録は含まれていません。含めるには、秘密の質問に回答してからダウンロードしてください。'],
      };
    }
    const { records, counts } = await loadMynaExportRecords(db, userId);
    return {
      tables: [],
      json: { myna: { included: true, fhirBundle: buildMynaFhirBundle(records, now) } },
      files: { 'myna_records.csv': mynaRecordsCsvFile(records, now).content },
      notes: ['myna_records.csv: マイナポータルから取り込んだ記録（健診結果・お薬・医療費）'],
      counts: { mynaMedicalExams: counts.medicalExams, mynaDispensings: counts.medicines, mynaMedicalBills: counts.medicalBills },
    };
  },

  async outlook({ db, userId }) {
    const [row] = await db.select({ id: mynaLinks.id }).from(mynaLinks).where(eq(mynaLinks.userId, userId));
    return { mynaConnected: Boolean(row) };
  },

  async erase({ tx, request, userId, now }) {
    // The removal's own transaction nests as a savepoint of the leaving.
    const { removed } = await removeEverything(tx as unknown as Database, request, userId, now);
    await tx.delete(mynaAgreements).where(eq(mynaAgreements.userId, userId));
    await tx.delete(mynaSecretQuestions).where(eq(mynaSecretQuestions.userId, userId));
    return { audit: removed };
  },
};
