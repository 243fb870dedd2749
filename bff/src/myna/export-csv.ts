// The member's My Number records as CSV files for a spreadsheet: every record in one table, and
// the bills of one year as a list. The tax office's 医療費集計フォーム is not a CSV (the
// 確定申告書等作成コーナー reads an Excel workbook): it is export-xlsx.ts. UTF-8 with a byte order
// mark and CRLF lines (RFC 4180), so Excel opens the Japanese text as it is; formulas neutralised
// (platform/csv.ts).
import { MYNA_BILL_KIND_LABELS } from '../integrations/myna-portal/types';
import { writeCsv as csv } from '../platform/csv';
import type { ExportBill, MynaExportRecords } from './export-fhir';

export const RECORDS_CSV_HEADER = [
  '種別',
  '日付',
  '医療機関・薬局',
  '項目・薬品名',
  'コード',
  '値・数量',
  '単位',
  '一般名',
  '日数',
  '処方元・区分',
  '医療費の総額（円）',
  '窓口負担額（円）',
] as const;

const QUESTION_LABELS = {
  onHypertensionMedication: ['9N701000000000011', '服薬1（血圧）'],
  onDiabetesMedication: ['9N706000000000011', '服薬2（血糖）'],
  onLipidMedication: ['9N711000000000011', '服薬3（脂質）'],
  smoker: ['9N736000000000011', '喫煙'],
} as const;

/** Every record, one row per check-up item, questionnaire answer, dispensed medicine and bill. */
export function buildMynaRecordsCsv(records: MynaExportRecords): string {
  const rows: Array<Array<string | number | null>> = [[...RECORDS_CSV_HEADER]];
  for (const checkup of [...records.checkups].sort((a, b) => a.examinedOn.localeCompare(b.examinedOn))) {
    for (const item of checkup.items) {
      rows.push([
        '健診',
        checkup.examinedOn,
        checkup.institution,
        item.name,
        item.code,
        item.value,
        item.unit,
        null,
        null,
        null,
        null,
        null,
      ]);
    }
    for (const [key, [code, label]] of Object.entries(QUESTION_LABELS)) {
      const answer = checkup.questionnaire?.[key as keyof typeof QUESTION_LABELS];
      if (answer !== undefined)
        rows.push([
          '健診（質問票）',
          checkup.examinedOn,
          checkup.institution,
          label,
          code,
          answer ? 'はい' : 'いいえ',
          null,
          null,
          null,
          null,
          null,
          null,
        ]);
    }
  }
  for (const dispensing of [...records.dispensings].sort((a, b) => a.dispensedOn.localeCompare(b.dispensedOn))) {
    for (const medicine of dispensing.items) {
      rows.push([
        'お薬',
        dispensing.dispensedOn,
        dispensing.pharmacyName,
        medicine.brandName,
        medicine.yjCode,
        medicine.quantity,
        medicine.unit,
        medicine.genericName,
        medicine.days,
        dispensing.prescribingInstitution,
        null,
        null,
      ]);
    }
  }
  for (const bill of [...records.bills].sort((a, b) => a.month.localeCompare(b.month))) {
    rows.push([
      '医療費',
      bill.month,
      bill.institutionName,
      null,
      null,
      null,
      null,
      null,
      bill.days,
      MYNA_BILL_KIND_LABELS[bill.kind],
      bill.totalCost,
      bill.paidAmount,
    ]);
  }
  return csv(rows);
}

/** The year's bills as a plain list (`tax_form_csv`, its released name): not the tax form. */
export const BILLS_LIST_CSV_HEADER = ['診療年月', '医療機関・薬局', '区分', '日数', '医療費の総額（円）', '窓口負担額（円）'] as const;

/** The bills of `year` (by month of treatment), month by month, then by institution. */
export function buildBillsListCsv(bills: ExportBill[], year: number): string {
  const rows: Array<Array<string | number | null>> = [[...BILLS_LIST_CSV_HEADER]];
  const ofYear = bills
    .filter((bill) => bill.month.startsWith(`${year}-`))
    .sort((a, b) => a.month.localeCompare(b.month) || a.institutionName.localeCompare(b.institutionName, 'ja'));
  for (const bill of ofYear) {
    rows.push([bill.month, bill.institutionName, MYNA_BILL_KIND_LABELS[bill.kind], bill.days, bill.totalCost, bill.paidAmount]);
  }
  return csv(rows);
}

export function mynaRecordsCsvFile(
  records: MynaExportRecords,
  generatedAt: Date,
): { fileName: string; mediaType: string; content: string } {
  const day = generatedAt.toISOString().slice(0, 10).replaceAll('-', '');
  return { fileName: `sukoyaka-myna-${day}.csv`, mediaType: 'text/csv; charset=utf-8', content: buildMynaRecordsCsv(records) };
}

export function billsListCsvFile(bills: ExportBill[], year: number): { fileName: string; mediaType: string; content: string } {
  return { fileName: `sukoyaka-iryouhi-${year}.csv`, mediaType: 'text/csv; charset=utf-8', content: buildBillsListCsv(bills, year) };
}
