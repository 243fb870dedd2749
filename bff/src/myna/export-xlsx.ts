// The tax office's 医療費集計フォーム (国税庁, Ver.3.1) as an .xlsx workbook that the
// 確定申告書等作成コーナー reads (issue 25 #3). A CSV cannot be uploaded there: the form is an Excel
// workbook, and the 作成コーナー reads its first sheet by position. The layout below is the official
// iryouhi_form.xlsx as the NTA distributes it (https://www.keisan.nta.go.jp/ → 医療費集計フォーム;
// described on https://www.nta.go.jp/taxes/shiraberu/shinkoku/tokushu/keisubetsu/iryou-shuukei.htm):
//
//   sheet 1 「医療費集計フォーム」, sheet 2 「ご利用に当たって」
//   A1  医療費集計フォーム  Ver.3.1
//   A3:A4 入力した合計金額 | B3 支払った医療費の金額 | C3 =IF(0=SUM(H9:H1003),"",SUM(H9:H1003))
//                         | B4 左のうち、補填される金額 | C4 =IF(0=SUM(I9:I1003),"",SUM(I9:I1003))
//   row 6 headers: A6:A7 No | B 医療を受けた人 | C 病院・薬局などの名称 | D6:G6 医療費の区分(U+3000)※複数選択可
//                  | H 支払った医療費の金額 | I 左のうち、補填される金額 | J 支払年月日
//   row 7: （全角10文字以内） （全角20文字以内） 診療・治療 医薬品購入 介護保険サービス その他の医療費
//          （半角数字９桁以内） （半角数字９桁以内） （任意）
//   row 8 hidden; data rows 9–1003 (995 rows, A = ROW()-8); a 区分 is marked 「該当する」 (the
//   list in L2:M2); validations: B ≤ 10 characters, C ≤ 20, H and I whole 0–999,999,999.
//
// What the published layout leaves open, and what we chose, is in
// docs/decisions/0003-medical-expense-form.md (the payment date as a real date; imported bills
// without one; names shortened to the form's limits).
import { medicalExpenseCategories, type MedicalExpenseCategory, type MynaMedicalReceipt } from '@sukoyaka/contract';
import type ExcelJS from 'exceljs';
import type { PortalMedicalBillKind } from '../integrations/myna-portal/types';
import type { StoredBill } from './store';

export const FORM_SHEET_NAME = '医療費集計フォーム';
export const FORM_TITLE = '医療費集計フォーム  Ver.3.1';
export const FORM_GUIDE_SHEET_NAME = 'ご利用に当たって';
/** The first data row and the form's capacity (rows 9–1003). */
export const FORM_FIRST_ROW = 9;
export const FORM_MAX_ROWS = 995;
const FORM_LAST_ROW = FORM_FIRST_ROW + FORM_MAX_ROWS - 1;
export const FORM_MARK = '該当する';
export const FORM_PATIENT_MAX = 10;
export const FORM_PAYEE_MAX = 20;

/** Row 6 and row 7 of the form, columns A–J. */
export const FORM_HEADER_ROW_6 = [
  'No',
  '医療を受けた人',
  '病院・薬局などの名称',
  '医療費の区分\u3000※複数選択可',
  null,
  null,
  null,
  '支払った医療費の金額',
  '左のうち、補填される金額',
  '支払年月日',
] as const;
export const FORM_HEADER_ROW_7 = [
  null,
  '（全角10文字以内）',
  '（全角20文字以内）',
  '診療・治療',
  '医薬品購入',
  '介護保険サービス',
  'その他の医療費',
  '（半角数字９桁以内）',
  '（半角数字９桁以内）',
  '（任意）',
] as const;

/** One row of the form. */
export interface FormRow {
  patientName: string;
  payee: string;
  categories: MedicalExpenseCategory[];
  amount: number;
  compensation: number;
  /** yyyy-MM-dd, or null when unknown (the column is optional). */
  paidOn: string | null;
}

/** An imported bill is treatment, or medicine bought at a pharmacy (調剤, as the NTA's own example files a 薬局). */
const BILL_CATEGORY: Record<PortalMedicalBillKind, MedicalExpenseCategory> = {
  medical: 'treatment',
  dental: 'treatment',
  inpatient: 'treatment',
  pharmacy: 'medicine',
};

/** A name cut to the form's limit (its validation counts characters), the cut marked with 「…」. */
export function fitToForm(text: string, max: number): string {
  const characters = [...text.trim()];
  return characters.length <= max ? characters.join('') : `${characters.slice(0, max - 1).join('')}…`;
}

/**
 * The rows of one year: the imported bills (month by month, then by payee), then the
 * hand-entered receipts (by payment day). A bill's 医療を受けた人 is the patient the portal names,
 * else `fallbackName` (the portal's name on another bill); its payment day is left empty, the
 * notice giving only the month of treatment. Nothing is compensated for a bill (the portal does
 * not know of insurance payouts: the member adds a receipt for those). More rows than the form
 * holds are summed per person, payee and 区分, as the form's own guide allows.
 */
export function medicalExpenseFormRows(bills: StoredBill[], receipts: MynaMedicalReceipt[], fallbackName: string | null): FormRow[] {
  const imported = [...bills]
    .sort((a, b) => a.month.localeCompare(b.month) || a.institutionName.localeCompare(b.institutionName, 'ja'))
    .map((bill): FormRow => ({
      patientName: bill.patientName ?? fallbackName ?? '',
      payee: bill.institutionName,
      categories: [BILL_CATEGORY[bill.kind]],
      amount: bill.paidAmount,
      compensation: 0,
      paidOn: null,
    }));
  const typed = receipts.map((receipt): FormRow => ({
    patientName: receipt.patientName,
    payee: receipt.payee,
    categories: [receipt.category],
    amount: receipt.amount,
    compensation: receipt.compensation,
    paidOn: receipt.paidOn,
  }));
  const rows = [...imported, ...typed].map((row) => ({
    ...row,
    patientName: fitToForm(row.patientName, FORM_PATIENT_MAX),
    payee: fitToForm(row.payee, FORM_PAYEE_MAX),
  }));
  return rows.length <= FORM_MAX_ROWS ? rows : summed(rows);
}

function summed(rows: FormRow[]): FormRow[] {
  const groups = new Map<string, FormRow>();
  for (const row of rows) {
    const key = JSON.stringify([row.patientName, row.payee, row.categories]);
    const group = groups.get(key);
    if (group) {
      group.amount += row.amount;
      group.compensation += row.compensation;
      group.paidOn = null;
    } else groups.set(key, { ...row });
  }
  return [...groups.values()];
}

const YEN = '#,##0';
const TOTAL_YEN = '#,##0"円" ;[Red]\\-#,##0"円"';
const DAY_FORMAT = 'yyyy/m/d';
const thin = { style: 'thin' as const };
const box = { top: thin, left: thin, bottom: thin, right: thin };
const headerFill = { type: 'pattern' as const, pattern: 'solid' as const, fgColor: { argb: 'FFDDEBF7' } };
const center = { horizontal: 'center' as const, vertical: 'middle' as const, wrapText: true };

/** An Excel date: the day at 00:00 (exceljs counts serials from the instant in UTC). */
const excelDay = (day: string) => new Date(`${day}T00:00:00Z`);

/** exceljs is loaded by the first workbook, not at the bff's start: it is about 32 MB of memory. */
const loadExcelJs = async () => (await import('exceljs')).default;

/** The workbook: the form with `rows` from row 9, and its guide sheet. */
export async function buildMedicalExpenseWorkbook(rows: FormRow[], options: { year: number; createdAt: Date }): Promise<Buffer> {
  if (rows.length > FORM_MAX_ROWS) throw new Error(`the form holds ${FORM_MAX_ROWS} rows, not ${rows.length}`);
  const workbook = new (await loadExcelJs()).Workbook();
  workbook.creator = 'すこやか';
  workbook.created = options.createdAt;
  workbook.modified = options.createdAt;
  workbook.title = `${FORM_SHEET_NAME}（${options.year}年分）`;

  const sheet = workbook.addWorksheet(FORM_SHEET_NAME, {
    views: [{ state: 'frozen', xSplit: 1, ySplit: 8, topLeftCell: 'B9', zoomScale: 70 }],
    pageSetup: { paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  // The form's column widths; L–M hold the 区分 list and are hidden, as there.
  const widths = [10.45, 29.45, 44.45, 15.63, 15.63, 15.63, 15.63, 28.09, 28.09, 15.27, 0.09];
  widths.forEach((width, index) => (sheet.getColumn(index + 1).width = width));
  sheet.getColumn(12).hidden = true;
  sheet.getColumn(13).hidden = true;

  sheet.getCell('A1').value = FORM_TITLE;
  sheet.getCell('A1').font = { bold: true, size: 14 };
  sheet.getCell('M2').value = FORM_MARK;

  sheet.mergeCells('A3:A4');
  sheet.getCell('A3').value = '入力した合計金額';
  sheet.getCell('B3').value = '支払った医療費の金額';
  sheet.getCell('B4').value = '左のうち、補填される金額';
  sheet.getCell('C3').value = { formula: `IF(0=SUM(H${FORM_FIRST_ROW}:H${FORM_LAST_ROW}),"",SUM(H${FORM_FIRST_ROW}:H${FORM_LAST_ROW}))` };
  sheet.getCell('C4').value = { formula: `IF(0=SUM(I${FORM_FIRST_ROW}:I${FORM_LAST_ROW}),"",SUM(I${FORM_FIRST_ROW}:I${FORM_LAST_ROW}))` };
  for (const ref of ['A3', 'B3', 'B4']) Object.assign(sheet.getCell(ref), { fill: headerFill, alignment: center, border: box });
  for (const ref of ['C3', 'C4']) Object.assign(sheet.getCell(ref), { numFmt: TOTAL_YEN, alignment: center, border: box });
  sheet.getCell('G3').value = '●ご利用に当たって';
  sheet.mergeCells('G4:J4');
  sheet.getCell('G4').value = {
    text: '\u3000 ご利用に当たってはシート「ご利用に当たって」の内容をご確認ください。',
    hyperlink: `#'${FORM_GUIDE_SHEET_NAME}'!A1`,
  };
  sheet.getCell('A5').value =
    '※\u3000I列の「左のうち、補填される金額」は、その給付の目的となった医療費の金額を限度として差し引き、給付の目的となった医療費以外の金額からは差し引きません。詳しくはシート「ご利用に当たって」をご確認ください。';

  sheet.getRow(6).values = [...FORM_HEADER_ROW_6];
  sheet.getRow(7).values = [...FORM_HEADER_ROW_7];
  sheet.mergeCells('A6:A7');
  sheet.mergeCells('D6:G6');
  for (const rowNumber of [6, 7]) {
    const row = sheet.getRow(rowNumber);
    row.height = 18;
    for (let column = 1; column <= 10; column += 1)
      Object.assign(row.getCell(column), { fill: headerFill, alignment: center, border: box });
  }
  // Row 8 is an empty, hidden row on the form (its cells styled, so the row is written at all).
  const hiddenRow = sheet.getRow(8);
  for (let column = 1; column <= 10; column += 1) hiddenRow.getCell(column).border = box;
  hiddenRow.hidden = true;

  for (let index = 0; index < FORM_MAX_ROWS; index += 1) {
    const row = sheet.getRow(FORM_FIRST_ROW + index);
    row.height = 19.5;
    row.getCell(1).value = { formula: `ROW()-${FORM_FIRST_ROW - 1}`, result: index + 1 };
    row.getCell(1).alignment = center;
    const data = rows[index];
    if (data) {
      row.getCell(2).value = data.patientName;
      row.getCell(3).value = data.payee;
      medicalExpenseCategories.forEach((category, offset) => {
        if (data.categories.includes(category)) row.getCell(4 + offset).value = FORM_MARK;
      });
      row.getCell(8).value = data.amount;
      // Blank when nothing is compensated, as in the form's own example rows.
      if (data.compensation > 0) row.getCell(9).value = data.compensation;
      if (data.paidOn) row.getCell(10).value = excelDay(data.paidOn);
    }
    for (let column = 1; column <= 10; column += 1) {
      const cell = row.getCell(column);
      cell.border = box;
      // The member may correct any data cell; the headings stay locked, as on the form.
      if (column > 1) cell.protection = { locked: false };
    }
    row.getCell(8).numFmt = YEN;
    row.getCell(9).numFmt = YEN;
    row.getCell(10).numFmt = DAY_FORMAT;
  }

  const range = (from: string, to: string) => `${from}${FORM_FIRST_ROW}:${to}${FORM_LAST_ROW}`;
  // exceljs 4.4 keeps range validations in `worksheet.dataValidations` (its typings omit it): one
  // rule per range, as the form has them, instead of one per cell.
  const validations = (sheet as unknown as { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } }).dataValidations;
  const invalid = { showErrorMessage: true, errorTitle: '入力形式エラー', error: '入力された内容は入力形式に合っていません。' };
  validations.add(range('D', 'G'), { type: 'list', allowBlank: true, formulae: ['$L$2:$M$2'], ...invalid });
  validations.add(range('B', 'B'), { type: 'textLength', operator: 'between', allowBlank: true, formulae: [0, 10], ...invalid });
  validations.add(range('C', 'C'), { type: 'textLength', operator: 'between', allowBlank: true, formulae: [0, 20], ...invalid });
  validations.add(range('H', 'I'), { type: 'whole', operator: 'between', allowBlank: true, formulae: [0, 999_999_999], ...invalid });
  // Protected as the form is (no password): the headings and formulas stay as the 作成コーナー expects.
  await sheet.protect('', { selectLockedCells: true, selectUnlockedCells: true, formatColumns: true, formatRows: true });

  const guide = workbook.addWorksheet(FORM_GUIDE_SHEET_NAME);
  guide.getColumn(2).width = 110;
  const lines = [
    FORM_TITLE,
    '',
    '●\u3000このファイルについて',
    `すこやかが、マイナポータルから取り込んだ医療費通知情報と、手入力した領収書から作成した${options.year}年分の医療費集計フォームです。`,
    '所得税の確定申告書等作成コーナーの医療費控除の入力画面で、このファイルを読み込んでください。',
    '作成コーナーでマイナポータル連携により医療費通知情報を取り込む場合は、取り込み分を含めずに作成したファイルを使ってください（同じ医療費を二重に計上しないため）。',
    'データは995件まで入力できます。セルフメディケーション税制を適用する場合には使えません。',
    '',
    '●\u3000入力内容',
    '医療を受けた人：医療を受けた方の氏名（全角10文字以内）。',
    '病院・薬局などの名称：医療費の支払先（全角20文字以内。長い名称は20文字に縮めています）。',
    '医療費の区分：診療・治療／医薬品購入／介護保険サービス／その他の医療費のうち、該当するもの。',
    '支払った医療費の金額：その年中に支払った金額のうち、医療費控除の対象となる金額。',
    '左のうち、補填される金額：生命保険の入院給付金や健康保険の高額療養費などで補填される金額。その給付の目的となった医療費の金額が限度です。',
    '支払年月日：任意。マイナポータルの医療費通知情報は診療月までしか分からないため、取り込んだ分は空欄です。',
  ];
  lines.forEach((line, index) => {
    const cell = guide.getCell(`B${index + 2}`);
    cell.value = line;
    cell.alignment = { wrapText: true, vertical: 'middle' };
    if (line.startsWith('●') || index === 0) cell.font = { bold: true };
  });

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
