/*
 * The MHLW judgement of a check-up item (特定健診): 保健指導判定値 (guidance) and 受診勧奨判定値
 * (see a doctor), keyed by the item's JLAC10 code.
 *
 * Source: 厚生労働省「標準的な健診・保健指導プログラム（令和6年度版）」 and the 第4期特定健診・特定保健指導の
 * 見直しに関する検討会 参考資料 (保健指導判定値 and 受診勧奨判定値), as summarised in
 * /work/shared/reference/tokutei-kenshin-thresholds.md. HbA1c is NGSP (the older JDS values
 * 5.2 / 6.1 are not used). Waist and BMI have no 受診勧奨判定値: their guidance bound is the
 * metabolic-syndrome entry criterion of the 階層化 (waist ≥85 cm men / ≥90 cm women, BMI ≥25).
 *
 * JLAC10 codes are 17 characters: analyte (5), identification (4), specimen (3), method (3),
 * result (2). The judgement depends on the analyte only (any method), except that a triglyceride
 * or glucose taken at random (identification 1299, 随時) is judged as random. The items' keys, the
 * code → item mapping and the judgements' names are in the zod-free ../myna-terms (the pages read them).
 */

import { examItemKeyForCode, mynaJudgementLabels, type ExamItemKey, type ExamSex, type MynaJudgement } from '../myna-terms';

type Op = '>=' | '<=' | '<';
interface Bound {
  op: Op;
  value: number;
}
type SexBound = Bound | { male: Bound; female: Bound };

export interface ExamItemRule {
  /** Our own name of the item (the keys below). */
  key: ExamItemKey;
  /** The item's name as a member reads it. */
  name: string;
  unit: string;
  guidance: SexBound | null;
  seeDoctor: SexBound | null;
}

const ge = (value: number): Bound => ({ op: '>=', value });
const le = (value: number): Bound => ({ op: '<=', value });
const lt = (value: number): Bound => ({ op: '<', value });

export const examItemRules: Record<ExamItemKey, ExamItemRule> = {
  height: { key: 'height', name: '身長', unit: 'cm', guidance: null, seeDoctor: null },
  weight: { key: 'weight', name: '体重', unit: 'kg', guidance: null, seeDoctor: null },
  bmi: { key: 'bmi', name: 'BMI', unit: 'kg/m²', guidance: ge(25), seeDoctor: null },
  waist: { key: 'waist', name: '腹囲', unit: 'cm', guidance: { male: ge(85), female: ge(90) }, seeDoctor: null },
  systolic: { key: 'systolic', name: '収縮期血圧', unit: 'mmHg', guidance: ge(130), seeDoctor: ge(140) },
  diastolic: { key: 'diastolic', name: '拡張期血圧', unit: 'mmHg', guidance: ge(85), seeDoctor: ge(90) },
  triglycerides: { key: 'triglycerides', name: '中性脂肪（空腹時）', unit: 'mg/dL', guidance: ge(150), seeDoctor: ge(300) },
  triglyceridesRandom: { key: 'triglyceridesRandom', name: '中性脂肪（随時）', unit: 'mg/dL', guidance: ge(175), seeDoctor: ge(300) },
  hdl: { key: 'hdl', name: 'HDLコレステロール', unit: 'mg/dL', guidance: le(39), seeDoctor: null },
  ldl: { key: 'ldl', name: 'LDLコレステロール', unit: 'mg/dL', guidance: ge(120), seeDoctor: ge(140) },
  nonHdl: { key: 'nonHdl', name: 'Non-HDLコレステロール', unit: 'mg/dL', guidance: ge(150), seeDoctor: ge(170) },
  glucose: { key: 'glucose', name: '空腹時血糖', unit: 'mg/dL', guidance: ge(100), seeDoctor: ge(126) },
  glucoseRandom: { key: 'glucoseRandom', name: '随時血糖', unit: 'mg/dL', guidance: ge(100), seeDoctor: ge(126) },
  hba1c: { key: 'hba1c', name: 'HbA1c（NGSP）', unit: '%', guidance: ge(5.6), seeDoctor: ge(6.5) },
  ast: { key: 'ast', name: 'AST（GOT）', unit: 'U/L', guidance: ge(31), seeDoctor: ge(51) },
  alt: { key: 'alt', name: 'ALT（GPT）', unit: 'U/L', guidance: ge(31), seeDoctor: ge(51) },
  ggt: { key: 'ggt', name: 'γ-GT（γ-GTP）', unit: 'U/L', guidance: ge(51), seeDoctor: ge(101) },
  egfr: { key: 'egfr', name: 'eGFR', unit: 'mL/分/1.73m²', guidance: lt(60), seeDoctor: lt(45) },
  creatinine: { key: 'creatinine', name: '血清クレアチニン', unit: 'mg/dL', guidance: null, seeDoctor: null },
  hemoglobin: {
    key: 'hemoglobin',
    name: '血色素量（ヘモグロビン）',
    unit: 'g/dL',
    guidance: { male: le(13.0), female: le(12.0) },
    seeDoctor: { male: le(12.0), female: le(11.0) },
  },
};

function boundFor(bound: SexBound | null, sex: ExamSex | null): Bound | null {
  if (!bound) return null;
  if ('op' in bound) return bound;
  // A sex-dependent bound needs the sex: without it, no judgement rather than a wrong one.
  return sex ? bound[sex] : null;
}

function meets(value: number, bound: Bound): boolean {
  if (bound.op === '>=') return value >= bound.value;
  if (bound.op === '<=') return value <= bound.value;
  return value < bound.value;
}

/**
 * The judgement of one value of an item, or null when the item has no rule (height, an unknown
 * code) or the value is missing. 受診勧奨判定値 wins over 保健指導判定値.
 */
export function judgeExamValue(key: ExamItemKey | null, value: number | null, sex: ExamSex | null): MynaJudgement | null {
  if (key === null || value === null || !Number.isFinite(value)) return null;
  const rule = examItemRules[key];
  const guidance = boundFor(rule.guidance, sex);
  const seeDoctor = boundFor(rule.seeDoctor, sex);
  if (!guidance && !seeDoctor) return null;
  if (seeDoctor && meets(value, seeDoctor)) return 'see_doctor';
  if (guidance && meets(value, guidance)) return 'guidance';
  return 'normal';
}

/** Judges a value by its JLAC10 code. */
export function judgeExamItem(code: string, value: number | null, sex: ExamSex | null): MynaJudgement | null {
  return judgeExamValue(examItemKeyForCode(code), value, sex);
}

function describe(bound: Bound, unit: string): string {
  const number = Number.isInteger(bound.value) ? String(bound.value) : bound.value.toFixed(1);
  const word = bound.op === '>=' ? '以上' : bound.op === '<=' ? '以下' : '未満';
  return `${number}${unit}${word}`;
}

/** The thresholds as a member reads them, e.g. 「保健指導判定値 130mmHg以上／受診勧奨判定値 140mmHg以上」; null without a rule. */
export function examItemReferenceText(key: ExamItemKey | null, sex: ExamSex | null): string | null {
  if (key === null) return null;
  const rule = examItemRules[key];
  const parts: string[] = [];
  const guidance = boundFor(rule.guidance, sex);
  const seeDoctor = boundFor(rule.seeDoctor, sex);
  if (guidance) parts.push(`${mynaJudgementLabels.guidance} ${describe(guidance, rule.unit)}`);
  if (seeDoctor) parts.push(`${mynaJudgementLabels.see_doctor} ${describe(seeDoctor, rule.unit)}`);
  return parts.length > 0 ? parts.join('／') : null;
}
