import { MYNA_MEDICAL_EXPENSE_FORM_PATH, mynaMedicalExpenseFormQuery } from '@sukoyaka/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { mynaMedicalBills } from '../db/schema';
import { actorOf } from '../platform/actor';
import { audit } from '../platform/audit';
import { authorizeMemberDownload, sendMemberFile } from '../platform/member-downloads';
import { buildMedicalExpenseWorkbook, medicalExpenseFormRows } from './export-xlsx';
import { findMemberKey } from './keys';
import { portalPatientName, receiptsOfYear } from './receipts';
import type { StoredBill } from './store';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * GET /api/bff/files/myna/medical-expense-form?year=2025[&bills=0] — the year's 医療費集計フォーム
 * as a workbook (issue 25 #3): the imported bills of the year (unless bills=0) and the receipts
 * typed in by hand. The checks of a member call that reads records (routes.ts): signed in, in good
 * standing, address verified, and a fresh secret-question answer. Audited with its counts.
 */
export function medicalExpenseFormRoute(options: { db: Database; now: () => Date }) {
  return async (app: FastifyInstance) => {
    app.get(MYNA_MEDICAL_EXPENSE_FORM_PATH, async (request, reply) => {
      const now = options.now();
      const { userId, query } = authorizeMemberDownload(request, now, mynaMedicalExpenseFormQuery(), () => 'mynaSecretQuestion');
      const { year } = query;
      const includeBills = query.bills !== '0';
      const key = await findMemberKey(options.db, userId);
      const bills =
        key && includeBills
          ? (
              await options.db
                .select({ id: mynaMedicalBills.id, payload: mynaMedicalBills.payload })
                .from(mynaMedicalBills)
                .where(and(eq(mynaMedicalBills.userId, userId), eq(mynaMedicalBills.year, year)))
            ).map((row) => key.openJson<StoredBill>('myna_medical_bills.payload', row.id, row.payload))
          : [];
      const receipts = key ? await receiptsOfYear(options.db, key, userId, year) : [];
      // Never the nickname: the portal's 受診者氏名, or the cell stays empty for the member to fill.
      const fallbackName = key && bills.some((bill) => !bill.patientName) ? await portalPatientName(options.db, key, userId) : null;
      const rows = medicalExpenseFormRows(bills, receipts, fallbackName);
      const body = await buildMedicalExpenseWorkbook(rows, { year, createdAt: now });
      await audit(
        options.db,
        actorOf(request),
        'myna_exported',
        userId,
        { format: 'medical_expense_form', year, medicalBills: bills.length, medicalReceipts: receipts.length, rows: rows.length },
        now,
      );
      return sendMemberFile(reply, { name: `iryouhi_form_${year}.xlsx`, type: XLSX_TYPE, body });
    });
  };
}
