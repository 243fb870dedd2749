import { API_PREFIX } from '../define';

/*
 * 医療費控除 (issue 25 #3): the hand-entered receipts' categories and the tax office's
 * 医療費集計フォーム's limits (its data validations), and the address of the year's workbook:
 * the bills page names them, the schemas (../myna/receipts.ts) check them.
 */

/** The form's 医療費の区分, in its column order (D–G). */
export const medicalExpenseCategories = ['treatment', 'medicine', 'care_service', 'other'] as const;
export type MedicalExpenseCategory = (typeof medicalExpenseCategories)[number];
export const medicalExpenseCategoryLabels: Record<MedicalExpenseCategory, string> = {
  treatment: '診療・治療',
  medicine: '医薬品購入',
  care_service: '介護保険サービス',
  other: 'その他の医療費',
};

/** The form's limits: 「全角10文字以内」「全角20文字以内」「半角数字９桁以内」. */
export const MEDICAL_RECEIPT_PATIENT_MAX = 10;
export const MEDICAL_RECEIPT_PAYEE_MAX = 20;
export const MEDICAL_RECEIPT_AMOUNT_MAX = 999_999_999;
/** Receipts one member keeps for one year: well inside the form's 995 rows, imported bills included. */
export const MEDICAL_RECEIPTS_PER_YEAR_MAX = 500;
/** The earliest payment day accepted (the records' years start at 2000). */
export const MEDICAL_RECEIPT_FIRST_DAY = '2000-01-01';

/**
 * GET, with the session cookie (and the secret-question step-up, as the records): the year's
 * 医療費集計フォーム as an .xlsx workbook — the imported bills (unless `bills=0`) and the
 * hand-entered receipts. A file route, not a call: a call answers JSON.
 */
export const MYNA_MEDICAL_EXPENSE_FORM_PATH = `${API_PREFIX}/files/myna/medical-expense-form`;

export function mynaMedicalExpenseFormUrl(year: number, includeBills = true): string {
  return `${MYNA_MEDICAL_EXPENSE_FORM_PATH}?year=${year}${includeBills ? '' : '&bills=0'}`;
}
