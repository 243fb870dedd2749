/*
 * Which check-up item a JLAC10 code stands for, and the MHLW judgements' names: what the pages
 * read of the judgements (../myna/judgements.ts holds the thresholds, which only the bff applies).
 *
 * JLAC10 codes are 17 characters: analyte (5), identification (4), specimen (3), method (3),
 * result (2). The item depends on the analyte only (any method), except that a triglyceride or
 * glucose taken at random (identification 1299, 随時) is its own item.
 */

export const mynaJudgements = ['normal', 'guidance', 'see_doctor'] as const;
export type MynaJudgement = (typeof mynaJudgements)[number];

export const mynaJudgementLabels: Record<MynaJudgement, string> = {
  normal: '基準範囲内',
  guidance: '保健指導判定値',
  see_doctor: '受診勧奨判定値',
};

export type ExamSex = 'male' | 'female';

/** Our own names of the items we know the judgement of. */
export const examItemKeys = [
  'height',
  'weight',
  'bmi',
  'waist',
  'systolic',
  'diastolic',
  'triglycerides',
  'triglyceridesRandom',
  'hdl',
  'ldl',
  'nonHdl',
  'glucose',
  'glucoseRandom',
  'hba1c',
  'ast',
  'alt',
  'ggt',
  'egfr',
  'creatinine',
  'hemoglobin',
] as const;
export type ExamItemKey = (typeof examItemKeys)[number];

/** Analyte (first five characters of JLAC10) → item. */
const byAnalyte: Record<string, ExamItemKey> = {
  '9N001': 'height',
  '9N006': 'weight',
  '9N011': 'bmi',
  '9N016': 'waist',
  '9A751': 'systolic',
  '9A752': 'systolic',
  '9A755': 'systolic',
  '9A761': 'diastolic',
  '9A762': 'diastolic',
  '9A765': 'diastolic',
  '3F015': 'triglycerides',
  '3F070': 'hdl',
  '3F077': 'ldl',
  '3F069': 'nonHdl',
  '3D010': 'glucose',
  '3D046': 'hba1c',
  '3B035': 'ast',
  '3B045': 'alt',
  '3B090': 'ggt',
  '8A065': 'egfr',
  '3C015': 'creatinine',
  '2A030': 'hemoglobin',
};

/** Identification part of a random (随時) sample. */
const RANDOM_IDENTIFICATION = '1299';

/** The item a JLAC10 code stands for, or null when we know no rule for it (it is shown without a judgement). */
export function examItemKeyForCode(code: string): ExamItemKey | null {
  const key = byAnalyte[code.slice(0, 5).toUpperCase()];
  if (!key) return null;
  const random = code.slice(5, 9) === RANDOM_IDENTIFICATION;
  if (key === 'triglycerides' && random) return 'triglyceridesRandom';
  if (key === 'glucose' && random) return 'glucoseRandom';
  return key;
}
