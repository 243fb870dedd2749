/*
 * The record kinds and their words as members read them (issue 12, "The member's records"): the
 * check-up item groups, the bill categories and the export formats. The schemas (../myna) build
 * their enums on these.
 */

export const mynaRecordKinds = ['medicalExams', 'medicines', 'medicalBills'] as const;
export type MynaRecordKind = (typeof mynaRecordKinds)[number];

// ——— check-ups ———

export const examItemGroups = [
  'body',
  'blood_pressure',
  'lipids',
  'glucose',
  'liver',
  'kidney',
  'urine',
  'blood',
  'questionnaire',
  'other',
] as const;
export type ExamItemGroup = (typeof examItemGroups)[number];
export const examItemGroupLabels: Record<ExamItemGroup, string> = {
  body: '身体計測',
  blood_pressure: '血圧',
  lipids: '脂質',
  glucose: '血糖',
  liver: '肝機能',
  kidney: '腎機能',
  urine: '尿検査',
  blood: '血液一般',
  questionnaire: '質問票',
  other: 'その他',
};

// ——— medical bills ———

export const mynaBillCategories = ['outpatient', 'inpatient', 'dental', 'dispensing', 'visiting_nursing', 'other'] as const;
export type MynaBillCategory = (typeof mynaBillCategories)[number];
export const mynaBillCategoryLabels: Record<MynaBillCategory, string> = {
  outpatient: '医科外来',
  inpatient: '医科入院',
  dental: '歯科',
  dispensing: '調剤',
  visiting_nursing: '訪問看護',
  other: 'その他',
};

// ——— export ———

/**
 * `tax_form_csv` keeps its released name (clients of the previous release send it) but is no
 * longer the tax form: it is the year's bills as a plain list. The tax office's 医療費集計フォーム
 * is an Excel workbook the 確定申告書等作成コーナー reads (a CSV cannot be uploaded there); the
 * member downloads it from the bills page (MYNA_MEDICAL_EXPENSE_FORM_PATH, receipts.ts).
 */
export const mynaExportFormats = ['fhir', 'csv', 'tax_form_csv'] as const;
export type MynaExportFormat = (typeof mynaExportFormats)[number];
export const mynaExportFormatLabels: Record<MynaExportFormat, string> = {
  fhir: 'FHIR R4（JSON）',
  csv: 'CSV',
  tax_form_csv: '医療費の一覧（CSV・1年分）',
};
