import { z } from 'zod/mini';
import { defineCall } from '../define';
import { examItemGroups, mynaBillCategories, mynaJudgements } from '../myna-terms';
import { mynaMonth, mynaPageInput, mynaRecordId, mynaYear } from './shared';

/*
 * The member's imported records (issue 12, "The member's records"): check-ups (特定健診, from
 * HL7 CDA documents with JLAC10 item codes), medicines (薬剤情報, by dispensing: date and
 * pharmacy, with YJ codes) and medical bills (医療費通知情報, per month and institution). Every
 * read needs a fresh secret-question answer (stepUp) and is written to the audit log.
 */

const day = z.string(); // yyyy-MM-dd (Japan)

// ——— check-ups ———

export const mynaExamSummarySchema = z.object({
  id: z.string(),
  /** The day of the examination (yyyy-MM-dd). */
  examinedOn: day,
  /** 年度 (April–March) the check-up belongs to. */
  fiscalYear: z.number().check(z.int()),
  institutionName: z.nullable(z.string()),
  /** How many items reached each judgement (the list shows them as badges). */
  guidanceCount: z.number().check(z.int()),
  seeDoctorCount: z.number().check(z.int()),
  itemCount: z.number().check(z.int()),
});
export type MynaExamSummary = z.infer<typeof mynaExamSummarySchema>;

/** One value of an item in an earlier (or this) year's check-up, oldest first. */
export const mynaExamTrendPointSchema = z.object({
  examId: z.string(),
  examinedOn: day,
  value: z.nullable(z.number()),
  valueText: z.nullable(z.string()),
  judgement: z.nullable(z.enum(mynaJudgements)),
});

export const mynaExamItemSchema = z.object({
  /** JLAC10 code as the document gives it (17 characters), or the document's own code for items without one. */
  code: z.string(),
  name: z.string(),
  group: z.enum(examItemGroups),
  /** A numeric result (null for a text result such as 尿蛋白 「－」 or a questionnaire answer). */
  value: z.nullable(z.number()),
  /** A text result, or the number as the document wrote it. */
  valueText: z.nullable(z.string()),
  unit: z.nullable(z.string()),
  /** The MHLW judgement; null when the item has none (height, questionnaire, an unknown item). */
  judgement: z.nullable(z.enum(mynaJudgements)),
  /** The thresholds as a member reads them, e.g. 「保健指導判定値 130mmHg以上／受診勧奨判定値 140mmHg以上」. */
  referenceText: z.nullable(z.string()),
  /** This item in every imported check-up that has it, oldest first (this one included). */
  trend: z.array(mynaExamTrendPointSchema),
});
export type MynaExamItem = z.infer<typeof mynaExamItemSchema>;

export const mynaExamSchema = z.extend(mynaExamSummarySchema, {
  /** As the document states it (the judgements of waist and hemoglobin depend on it). */
  sex: z.nullable(z.enum(['male', 'female'])),
  /** Age on the day of the examination, when the document gives the birth date. */
  age: z.nullable(z.number().check(z.int())),
  items: z.array(mynaExamItemSchema),
});
export type MynaExam = z.infer<typeof mynaExamSchema>;

export const listMynaMedicalExams = defineCall({
  name: 'listMynaMedicalExams',
  method: 'GET',
  access: 'member',
  stepUp: 'mynaSecretQuestion',
  summary: 'The member’s imported check-ups, newest first, with the count of items per judgement; keyset-paginated.',
  input: () => z.object({ ...mynaPageInput }),
  output: () => z.object({ medicalExams: z.array(mynaExamSummarySchema), nextCursor: z.nullable(z.string()) }),
});

export const getMynaMedicalExam = defineCall({
  name: 'getMynaMedicalExam',
  method: 'GET',
  access: 'member',
  stepUp: 'mynaSecretQuestion',
  summary: 'One check-up with every item: value, unit, MHLW judgement and thresholds, and the item’s trend across the imported years.',
  input: () => z.object({ id: mynaRecordId('健診結果ID') }),
  output: () => z.object({ medicalExam: mynaExamSchema }),
});

// ——— medicines ———

export const mynaMedicineSchema = z.object({
  /** The name as dispensed (brand or generic). */
  name: z.string(),
  /** The generic (一般) name; null when the portal does not give one. */
  genericName: z.nullable(z.string()),
  /** 薬価基準収載医薬品コード (YJ code, 12 characters), when known. */
  yjCode: z.nullable(z.string()),
  /** e.g. 「1日3回 毎食後」. */
  usage: z.nullable(z.string()),
  /** Amount per day as written, e.g. 「3錠」. */
  dose: z.nullable(z.string()),
  quantity: z.nullable(z.number()),
  unit: z.nullable(z.string()),
  /** Days supplied (or times, for 頓服). */
  days: z.nullable(z.number().check(z.int())),
  /** 内服 / 頓服 / 外用 / 注射 … as the portal states. */
  form: z.nullable(z.string()),
});
export type MynaMedicine = z.infer<typeof mynaMedicineSchema>;

/** One dispensing: a date at one pharmacy (or institution), with its medicines. */
export const mynaDispensingSchema = z.object({
  id: z.string(),
  dispensedOn: day,
  pharmacyName: z.nullable(z.string()),
  /** The institution that prescribed. */
  prescriberName: z.nullable(z.string()),
  medicines: z.array(mynaMedicineSchema),
});
export type MynaDispensing = z.infer<typeof mynaDispensingSchema>;

export const listMynaMedicines = defineCall({
  name: 'listMynaMedicines',
  method: 'GET',
  access: 'member',
  stepUp: 'mynaSecretQuestion',
  summary:
    'The member’s imported medicines by dispensing (date and pharmacy), newest first, with generic names and YJ codes; optionally one month; keyset-paginated.',
  input: () => z.object({ month: z.optional(mynaMonth), ...mynaPageInput }),
  output: () => z.object({ dispensings: z.array(mynaDispensingSchema), nextCursor: z.nullable(z.string()) }),
});

// ——— medical bills ———

/** One bill: a month at one institution (医療費通知情報). Amounts in yen. */
export const mynaBillSchema = z.object({
  id: z.string(),
  /** 診療年月, yyyy-MM. */
  month: z.string(),
  institutionName: z.nullable(z.string()),
  category: z.enum(mynaBillCategories),
  /** 診療実日数. */
  days: z.nullable(z.number().check(z.int())),
  /** 医療費の総額. */
  totalCost: z.number().check(z.int()),
  /** 窓口相当負担額: what the member paid. */
  paidAmount: z.number().check(z.int()),
  /** 公費負担額 (0 when none). */
  publicExpense: z.number().check(z.int()),
});
export type MynaBill = z.infer<typeof mynaBillSchema>;

export const mynaBillTotalsSchema = z.object({
  count: z.number().check(z.int()),
  totalCost: z.number().check(z.int()),
  paidAmount: z.number().check(z.int()),
});

export const listMynaMedicalBills = defineCall({
  name: 'listMynaMedicalBills',
  method: 'GET',
  access: 'member',
  stepUp: 'mynaSecretQuestion',
  summary:
    'The member’s imported medical bills of one year (default: the newest year with bills), newest month first, with the totals of the year and of each month; keyset-paginated.',
  input: () => z.object({ year: z.optional(mynaYear), ...mynaPageInput }),
  output: () =>
    z.object({
      /** The year shown (null when no bill is imported at all). */
      year: z.nullable(z.number().check(z.int())),
      /** Years that have bills, newest first (the page's year picker). */
      years: z.array(z.number().check(z.int())),
      /** The whole year's totals (every page of it), e.g. what the member paid in the year. */
      yearTotals: mynaBillTotalsSchema,
      /** Each month of the year with bills, newest first. */
      months: z.array(z.extend(mynaBillTotalsSchema, { month: z.string() })),
      bills: z.array(mynaBillSchema),
      nextCursor: z.nullable(z.string()),
    }),
});

export const mynaRecordCalls = { listMynaMedicalExams, getMynaMedicalExam, listMynaMedicines, listMynaMedicalBills } as const;
