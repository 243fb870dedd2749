// The member's My Number records as CSV files for a spreadsheet: every record in one table, and
// the bills of one year in the layout of the tax office's 医療費集計フォーム (国税庁 「医療費集計
// フォーム」, the Excel form the 確定申告書等作成コーナー reads for the 医療費控除の明細書: one row
// per person and payee with 医療を受けた人, 病院・薬局などの支払先の名称, 医療費の区分 — 診療・治療 /
// 医薬品購入 / 介護保険サービス / その他の医療費, each marked 該当する — 支払った医療費の額,
// 左のうち、補填される金額 and 支払年月日; see the NTA's 医療費控除の明細書 instructions,
// nta.go.jp/taxes/shiraberu/shinkoku/tebiki/2024/06/6_01.htm). UTF-8 with a byte order mark and
// CRLF lines (RFC 4180), so Excel opens the Japanese text as it is; formulas neutralised (platform/csv.ts).
import { MYNA_BILL_KIND_LABELS, type PortalMedicalBillKind } from '../integrations/myna-portal/types';
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

/** The 医療費集計フォーム's columns, in its order. */
export const TAX_FORM_CSV_HEADER = [
  '医療を受けた人',
  '病院・薬局などの支払先の名称',
  '医療費の区分（診療・治療）',
  '医療費の区分（医薬品購入）',
  '医療費の区分（介護保険サービス）',
  '医療費の区分（その他の医療費）',
  '支払った医療費の額',
  '左のうち、補填される金額',
  '支払年月日',
] as const;

/** Which 区分 of the form a bill is: treatment for 医科・歯科・入院, medicine purchase for 調剤. */
const TAX_CATEGORY: Record<PortalMedicalBillKind, 0 | 1> = { medical: 0, dental: 0, inpatient: 0, pharmacy: 1 };

/**
 * The bills of `year` (by month of treatment) in the form's layout: one row per institution and
 * month, the amount the member paid, nothing compensated (the portal does not know of 高額療養費 or
 * private insurance paid later: the member adds those), and as the payment date the last day of
 * the month — the 医療費通知情報 gives only the month. Rows are ordered by date, then payee.
 */
export function buildTaxFormCsv(bills: ExportBill[], year: number, personName: string): string {
  const rows: Array<Array<string | number | null>> = [[...TAX_FORM_CSV_HEADER]];
  const ofYear = bills
    .filter((bill) => bill.month.startsWith(`${year}-`))
    .sort((a, b) => a.month.localeCompare(b.month) || a.institutionName.localeCompare(b.institutionName, 'ja'));
  for (const bill of ofYear) {
    const [y, m] = bill.month.split('-').map(Number) as [number, number];
    const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const categories: Array<string | null> = [null, null, null, null];
    categories[TAX_CATEGORY[bill.kind]] = '該当する';
    rows.push([
      personName,
      bill.institutionName,
      ...categories,
      bill.paidAmount,
      0,
      `${y}/${String(m).padStart(2, '0')}/${String(lastDay).padStart(2, '0')}`,
    ]);
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

export function taxFormCsvFile(
  bills: ExportBill[],
  year: number,
  personName: string,
): { fileName: string; mediaType: string; content: string } {
  return {
    fileName: `iryouhi-shukei-${year}.csv`,
    mediaType: 'text/csv; charset=utf-8',
    content: buildTaxFormCsv(bills, year, personName),
  };
}
