import { z } from 'zod/mini';
import { defineCall } from '../define';
import { isoTimestamp, requiredText } from '../fields';
import {
  MEDICAL_RECEIPT_AMOUNT_MAX,
  MEDICAL_RECEIPT_FIRST_DAY,
  MEDICAL_RECEIPT_PATIENT_MAX,
  MEDICAL_RECEIPT_PAYEE_MAX,
  medicalExpenseCategories,
} from '../myna-terms';
import { mynaRecordId, mynaYear } from './shared';

/*
 * 医療費控除 (issue 25 #3): receipts the member types in by hand beside the imported bills. The
 * portal's 医療費通知情報 arrives about three months late, so at filing time November and December
 * are missing; anything the portal never has (市販薬, 通院の交通費, 介護保険サービス) is added here
 * too. Both go into the tax office's 医療費集計フォーム (Ver.3.1), downloaded as a workbook from
 * MYNA_MEDICAL_EXPENSE_FORM_PATH. The limits checked below are the form's own input rules (its data
 * validations: 医療を受けた人 10 characters, 支払先 20, amounts up to 9 digits; ../myna-terms/receipts.ts),
 * so what the member saves always fits the form; docs/decisions/0003-medical-expense-form.md.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day in Japan (UTC+9, no summer time) of a moment. */
const japanDay = (moment: Date) => new Date(moment.getTime() + 9 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** 支払年月日: a real day (yyyy-MM-dd), from 2000-01-01 to today in Japan. */
function paymentDay(label: string) {
  return z.string({ error: `${label}を入力してください` }).check(
    z.minLength(1, `${label}を入力してください`),
    z.superRefine((value, ctx) => {
      const date = new Date(`${value}T00:00:00Z`);
      if (!DAY.test(value) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
        ctx.addIssue({ code: 'custom', message: `${label}の形式が正しくありません` });
      } else if (value < MEDICAL_RECEIPT_FIRST_DAY) {
        ctx.addIssue({ code: 'custom', message: `${label}は2000年1月1日以降の日付を入力してください` });
      } else if (value > japanDay(new Date(Date.now() + 5 * 60 * 1000))) {
        ctx.addIssue({ code: 'custom', message: `${label}に未来の日付は指定できません` });
      }
    }),
  );
}

/** Whole yen within the form's nine digits. */
function yen(label: string, min: number) {
  return z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? `${label}を入力してください` : `${label}は数値で入力してください`,
    })
    .check(
      z.int(`${label}は1円単位の整数で入力してください`),
      z.gte(min, min === 0 ? `${label}は0円以上で入力してください` : `${label}は1円以上で入力してください`),
      z.lte(MEDICAL_RECEIPT_AMOUNT_MAX, `${label}は999,999,999円以下で入力してください`),
    );
}

const receiptFields = {
  /** 医療を受けた人: the member or a relative whose costs the member paid (生計を一にする親族). */
  patientName: requiredText('医療を受けた人', MEDICAL_RECEIPT_PATIENT_MAX),
  /** 病院・薬局などの支払先の名称. */
  payee: requiredText('支払先', MEDICAL_RECEIPT_PAYEE_MAX),
  /** 支払年月日 (yyyy-MM-dd); its year is the year the receipt counts for. */
  paidOn: paymentDay('支払年月日'),
  category: z.enum(medicalExpenseCategories, { error: '医療費の区分を選択してください' }),
  /** 支払った医療費の金額 (yen). */
  amount: yen('支払った金額', 1),
  /** 左のうち、補填される金額: insurance payouts, 高額療養費 and the like (yen, at most the amount). */
  compensation: yen('補填される金額', 0),
};

const COMPENSATION_OVER_AMOUNT = {
  message: '補填される金額は支払った金額以下で入力してください',
  path: ['compensation'],
};
const compensationWithinAmount = (value: { amount: number; compensation: number }) => value.compensation <= value.amount;

export const mynaMedicalReceiptSchema = z.object({
  id: z.string(),
  patientName: z.string(),
  payee: z.string(),
  paidOn: z.string(),
  category: z.enum(medicalExpenseCategories),
  amount: z.number().check(z.int()),
  compensation: z.number().check(z.int()),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
});
export type MynaMedicalReceipt = z.infer<typeof mynaMedicalReceiptSchema>;

export const listMynaMedicalReceipts = defineCall({
  name: 'listMynaMedicalReceipts',
  method: 'GET',
  access: 'member',
  stepUp: 'mynaSecretQuestion',
  summary:
    'The receipts the member typed in by hand for one year (by payment day, oldest first), apart from the imported bills, with their totals, the years that have any, and the patient name the imported bills carry (to prefill the form).',
  input: () => z.object({ year: mynaYear }),
  output: () =>
    z.object({
      year: z.number().check(z.int()),
      /** Years with hand-entered receipts, newest first. */
      years: z.array(z.number().check(z.int())),
      receipts: z.array(mynaMedicalReceiptSchema),
      totals: z.object({ count: z.number().check(z.int()), amount: z.number().check(z.int()), compensation: z.number().check(z.int()) }),
      /** 受診者氏名 as the portal's bills give it (null when they give none): never the nickname. */
      portalPatientName: z.nullable(z.string()),
    }),
});

export const createMynaMedicalReceipt = defineCall({
  name: 'createMynaMedicalReceipt',
  method: 'POST',
  access: 'member',
  stepUp: 'mynaSecretQuestion',
  createsResource: true,
  summary:
    'Adds a receipt by hand (who, payee, payment day, 区分, amount, 補填額), sealed with the member’s data key; with an Idempotency-Key a retry never adds a second one.',
  input: () => z.object(receiptFields).check(z.refine(compensationWithinAmount, COMPENSATION_OVER_AMOUNT)),
  output: () => z.object({ receipt: mynaMedicalReceiptSchema }),
});

export const updateMynaMedicalReceipt = defineCall({
  name: 'updateMynaMedicalReceipt',
  method: 'POST',
  access: 'member',
  stepUp: 'mynaSecretQuestion',
  summary: 'Changes one of the member’s own hand-entered receipts (every field at once).',
  input: () =>
    z.object({ id: mynaRecordId('領収書ID'), ...receiptFields }).check(z.refine(compensationWithinAmount, COMPENSATION_OVER_AMOUNT)),
  output: () => z.object({ receipt: mynaMedicalReceiptSchema }),
});

export const deleteMynaMedicalReceipt = defineCall({
  name: 'deleteMynaMedicalReceipt',
  method: 'POST',
  access: 'member',
  stepUp: 'mynaSecretQuestion',
  summary: 'Removes one of the member’s own hand-entered receipts.',
  input: () => z.object({ id: mynaRecordId('領収書ID') }),
  output: () => z.object({ deletedId: z.string() }),
});

export const mynaReceiptCalls = {
  listMynaMedicalReceipts,
  createMynaMedicalReceipt,
  updateMynaMedicalReceipt,
  deleteMynaMedicalReceipt,
} as const;

export const mynaMedicalExpenseFormQuery = () =>
  z.object({
    year: mynaYear,
    /** 0: leave the imported bills out (when the 作成コーナー takes them from the portal itself). */
    bills: z.optional(z.enum(['0', '1'], { error: '取り込んだ医療費を含めるかを選択してください' })),
  });
