// A stored check-up (the parsed CDA document) as the member reads it: items grouped, units as a
// member writes them, the MHLW judgement of each (contract/src/myna/judgements.ts, keyed by what
// the item measures) and each item's values across the imported years.
import {
  examItemKeyForCode,
  examItemReferenceText,
  judgeExamValue,
  type ExamItemGroup,
  type ExamItemKey,
  type MynaExam,
  type MynaExamItem,
  type MynaExamSummary,
} from '@sukoyaka/contract';
import type { CheckupAnalyte, CheckupQuestionnaire, ParsedCheckupItem } from '../integrations/myna-portal/types';
import type { StoredExam } from './store';

const byAnalyte: Partial<Record<CheckupAnalyte, ExamItemKey>> = {
  height: 'height',
  weight: 'weight',
  bmi: 'bmi',
  waist: 'waist',
  systolic: 'systolic',
  diastolic: 'diastolic',
  triglycerides: 'triglycerides',
  hdl: 'hdl',
  ldl: 'ldl',
  nonHdl: 'nonHdl',
  ast: 'ast',
  alt: 'alt',
  ggt: 'ggt',
  fastingGlucose: 'glucose',
  randomGlucose: 'glucoseRandom',
  hba1c: 'hba1c',
  creatinine: 'creatinine',
  egfr: 'egfr',
  hemoglobin: 'hemoglobin',
};

const groupOf: Record<CheckupAnalyte, ExamItemGroup> = {
  height: 'body',
  weight: 'body',
  bmi: 'body',
  waist: 'body',
  systolic: 'blood_pressure',
  diastolic: 'blood_pressure',
  triglycerides: 'lipids',
  hdl: 'lipids',
  ldl: 'lipids',
  nonHdl: 'lipids',
  ast: 'liver',
  alt: 'liver',
  ggt: 'liver',
  fastingGlucose: 'glucose',
  randomGlucose: 'glucose',
  hba1c: 'glucose',
  urineGlucose: 'urine',
  urineProtein: 'urine',
  creatinine: 'kidney',
  egfr: 'kidney',
  uricAcid: 'kidney',
  hematocrit: 'blood',
  hemoglobin: 'blood',
  redBloodCells: 'blood',
  bloodSamplingTime: 'other',
  metabolicSyndrome: 'other',
  guidanceLevel: 'other',
  doctorsFinding: 'other',
};

/** UCUM as the document writes it → as a member reads it. */
const UNIT_LABELS: Record<string, string> = {
  'mm[Hg]': 'mmHg',
  'kg/m2': 'kg/m²',
  'mL/min/{1.73_m2}': 'mL/分/1.73m²',
  '10*4/uL': '万/μL',
};
const unitLabel = (unit: string | null) => (unit === null ? null : (UNIT_LABELS[unit] ?? unit));

/**
 * Whether the blood of this check-up was taken fasting (食後10時間以上), as its 採血時間 item says;
 * null when it does not say. A triglyceride taken otherwise is judged by the random bounds.
 */
function fasting(exam: StoredExam): boolean | null {
  const item = exam.items.find((candidate) => candidate.analyte === 'bloodSamplingTime');
  if (!item) return null;
  const text = String(item.value);
  if (text === '1' || text.includes('10時間以上') || text.includes('空腹')) return true;
  if (text === '2' || text === '3' || text.includes('未満') || text.includes('随時')) return false;
  return null;
}

function itemKey(exam: StoredExam, item: ParsedCheckupItem): ExamItemKey | null {
  const key = item.analyte ? (byAnalyte[item.analyte] ?? null) : examItemKeyForCode(item.code);
  if (key === 'triglycerides' && fasting(exam) === false) return 'triglyceridesRandom';
  return key;
}

const QUESTIONNAIRE: Array<{ field: keyof CheckupQuestionnaire; code: string; name: string }> = [
  { field: 'smoker', code: '9N736000000000011', name: '現在、たばこを習慣的に吸っている' },
  { field: 'onHypertensionMedication', code: '9N701000000000011', name: '血圧を下げる薬を使用している' },
  { field: 'onDiabetesMedication', code: '9N706000000000011', name: 'インスリン注射または血糖を下げる薬を使用している' },
  { field: 'onLipidMedication', code: '9N711000000000011', name: 'コレステロールや中性脂肪を下げる薬を使用している' },
];

/** Age in whole years on a day, from yyyy-MM-dd dates. */
function ageOn(birthDate: string | undefined, day: string): number | null {
  if (!birthDate) return null;
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** 年度 (April–March) of a day. */
export const fiscalYearOf = (day: string) => {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return month >= 4 ? year : year - 1;
};

interface Presented {
  trendKey: string;
  item: Omit<MynaExamItem, 'trend'>;
}

/** The items of one check-up with their judgements (without trends). */
function presentItems(exam: StoredExam): Presented[] {
  const presented: Presented[] = exam.items.map((item) => {
    const key = itemKey(exam, item);
    const value = typeof item.value === 'number' ? item.value : null;
    return {
      // Items of one analyte measured by another method in another year are the same line of the trend.
      trendKey: item.analyte ?? item.code,
      item: {
        code: item.code,
        name: item.name,
        group: item.analyte ? groupOf[item.analyte] : 'other',
        value,
        valueText: typeof item.value === 'number' ? String(item.value) : item.value,
        unit: unitLabel(item.unit),
        judgement: judgeExamValue(key, value, exam.sex),
        referenceText: examItemReferenceText(key, exam.sex),
      },
    };
  });
  for (const question of QUESTIONNAIRE) {
    const answer = exam.questionnaire[question.field];
    if (answer === undefined) continue;
    presented.push({
      trendKey: question.field,
      item: {
        code: question.code,
        name: question.name,
        group: 'questionnaire',
        value: null,
        valueText: answer ? 'はい' : 'いいえ',
        unit: null,
        judgement: null,
        referenceText: null,
      },
    });
  }
  return presented;
}

export interface ExamRecord {
  id: string;
  exam: StoredExam;
}

export function toExamSummary(record: ExamRecord): MynaExamSummary {
  const items = presentItems(record.exam);
  return {
    id: record.id,
    examinedOn: record.exam.examinedOn,
    fiscalYear: fiscalYearOf(record.exam.examinedOn),
    institutionName: record.exam.institution || null,
    guidanceCount: items.filter(({ item }) => item.judgement === 'guidance').length,
    seeDoctorCount: items.filter(({ item }) => item.judgement === 'see_doctor').length,
    itemCount: items.length,
  };
}

/** One check-up with every item and its trend across `all` (every imported check-up of the member). */
export function toExam(record: ExamRecord, all: ExamRecord[]): MynaExam {
  const oldestFirst = [...all].sort((a, b) => a.exam.examinedOn.localeCompare(b.exam.examinedOn) || a.id.localeCompare(b.id));
  const presentedByExam = new Map(oldestFirst.map((other) => [other.id, presentItems(other.exam)]));
  const items = (presentedByExam.get(record.id) ?? presentItems(record.exam)).map(({ trendKey, item }) => ({
    ...item,
    trend: oldestFirst.flatMap((other) => {
      const match = presentedByExam.get(other.id)!.find((candidate) => candidate.trendKey === trendKey);
      return match
        ? [
            {
              examId: other.id,
              examinedOn: other.exam.examinedOn,
              value: match.item.value,
              valueText: match.item.valueText,
              judgement: match.item.judgement,
            },
          ]
        : [];
    }),
  }));
  return {
    ...toExamSummary(record),
    sex: record.exam.sex,
    age: ageOn(record.exam.birthDate, record.exam.examinedOn),
    items,
  };
}
