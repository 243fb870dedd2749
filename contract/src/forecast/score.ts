// The Hisayama cardiovascular risk score as the Japan Atherosclerosis Society's guideline 2022
// adopted it: the one implementation the bff (getHealthForecast, snapshots) and the browser (the
// what-if sliders) both run. Pure: no I/O, no clock, no zod.
//
// Sources of every number below:
// - [Honda2022] Honda T, Chen S, Hata J, et al. Development and Validation of a Risk Prediction
//   Model for Atherosclerotic Cardiovascular Disease in Japanese Adults: The Hisayama Study.
//   J Atheroscler Thromb 2022;29(3):345-361 (PMID 33487620).
// - [JAS2022] 日本動脈硬化学会「動脈硬化性疾患予防ガイドライン 2022年版」chapter 3 (図3-2 久山町研究の
//   スコアによる10年以内の動脈硬化性疾患発症確率; 表3-3 脂質管理目標値; 図3-3 フローチャート).
// - [REF] /work/shared/reference/hisayama-score.md (this project's reference: points and table read
//   from two independent open implementations of [JAS2022] 図3-2).
// Checked on 2026-11-23: the guideline PDF itself was not reachable from here. The points, the
// table and the targets of [REF] agree cell by cell with a third open implementation that cites
// [JAS2022] (crazydev084/calculation-tool-by-vue.js, calculators/calc29) and with a clinical
// calculator page built on [JAS2022] (medisophia.com, 久山町研究によるスコア); no disagreement found.

export type Sex = 'male' | 'female';

/** The four age bands of [JAS2022] 図3-2 (age selects the column; it scores no points). */
export const AGE_BANDS = ['40-49', '50-59', '60-69', '70-79'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

/** The model's range of ages [Honda2022] (derivation cohort 40–79 years). */
export const MIN_AGE = 40;
export const MAX_AGE = 79;

/** Everything the score needs, complete. */
export interface HisayamaInputs {
  sex: Sex;
  /** Whole years. */
  age: number;
  /** Systolic blood pressure, mmHg. */
  systolic: number;
  /** LDL cholesterol, mg/dL. */
  ldl: number;
  /** HDL cholesterol, mg/dL. */
  hdl: number;
  /** 耐糖能異常 (impaired glucose metabolism) without diabetes: see isImpairedGlucose. */
  impairedGlucose: boolean;
  /** Smokes now; a past smoker who quit answers false ([REF]: "past smokers: no"). */
  smoker: boolean;
}

/**
 * Conditions that put a person outside the score: each is a risk category of its own in
 * [JAS2022] 図3-3 (the flow chart), not a number of this model.
 */
export interface ForecastConditions {
  /** 冠動脈疾患の既往 (a heart attack, angina treated): secondary prevention. */
  coronaryDisease: boolean;
  /** 糖尿病 (HbA1c ≥ 6.5 %, fasting glucose ≥ 126 mg/dL, or on diabetes medicine). */
  diabetes: boolean;
  /** 慢性腎臓病 (CKD). */
  ckd: boolean;
  /** 末梢動脈疾患 (PAD). */
  pad: boolean;
  /** 非心原性脳梗塞 (atherothrombotic or lacunar stroke). */
  nonCardiogenicStroke: boolean;
}

export const NO_CONDITIONS: ForecastConditions = {
  coronaryDisease: false,
  diabetes: false,
  ckd: false,
  pad: false,
  nonCardiogenicStroke: false,
};

export type ForecastInputs = HisayamaInputs & { conditions: ForecastConditions };

export type ScoreFactor = 'sex' | 'systolic' | 'impairedGlucose' | 'ldl' | 'hdl' | 'smoker';

export interface FactorPoints {
  factor: ScoreFactor;
  points: number;
  /** The most this factor can add, to show how much of it is in the member's hands. */
  max: number;
}

// Points: [Honda2022] Table 4 / [JAS2022] 図3-2, as in [REF] "Points (0–19)".
/** 男性 7, 女性 0. */
export const sexPoints = (sex: Sex): number => (sex === 'male' ? 7 : 0);
/** 収縮期血圧 <120: 0 · 120–129: 1 · 130–139: 2 · 140–159: 3 · ≥160: 4. */
export function systolicPoints(systolic: number): number {
  if (systolic < 120) return 0;
  if (systolic < 130) return 1;
  if (systolic < 140) return 2;
  if (systolic < 160) return 3;
  return 4;
}
/** LDL-C <120: 0 · 120–139: 1 · 140–159: 2 · ≥160: 3. */
export function ldlPoints(ldl: number): number {
  if (ldl < 120) return 0;
  if (ldl < 140) return 1;
  if (ldl < 160) return 2;
  return 3;
}
/** HDL-C ≥60: 0 · 40–59: 1 · <40: 2. */
export function hdlPoints(hdl: number): number {
  if (hdl >= 60) return 0;
  if (hdl >= 40) return 1;
  return 2;
}
/** 耐糖能異常 1 (diabetes is out of the model's range, not more points). */
export const impairedGlucosePoints = (impaired: boolean): number => (impaired ? 1 : 0);
/** 現在の喫煙 2. */
export const smokerPoints = (smoker: boolean): number => (smoker ? 2 : 0);

export const MAX_POINTS = 19;

export function hisayamaFactors(inputs: HisayamaInputs): FactorPoints[] {
  return [
    { factor: 'sex', points: sexPoints(inputs.sex), max: 7 },
    { factor: 'systolic', points: systolicPoints(inputs.systolic), max: 4 },
    { factor: 'impairedGlucose', points: impairedGlucosePoints(inputs.impairedGlucose), max: 1 },
    { factor: 'ldl', points: ldlPoints(inputs.ldl), max: 3 },
    { factor: 'hdl', points: hdlPoints(inputs.hdl), max: 2 },
    { factor: 'smoker', points: smokerPoints(inputs.smoker), max: 2 },
  ];
}

export function hisayamaPoints(inputs: HisayamaInputs): number {
  return hisayamaFactors(inputs).reduce((sum, factor) => sum + factor.points, 0);
}

/** The band of an age the model covers, or null outside 40–79. */
export function ageBand(age: number): AgeBand | null {
  if (!Number.isFinite(age) || age < MIN_AGE || age > MAX_AGE) return null;
  if (age < 50) return '40-49';
  if (age < 60) return '50-59';
  if (age < 70) return '60-69';
  return '70-79';
}

/**
 * 10-year risk (%) of coronary disease and atherothrombotic stroke by points (row) and age band
 * (column): [JAS2022] 図3-2, as in [REF] "10-year risk (%) by points and age". `null` is the
 * guideline's "<1.0".
 */
export const HISAYAMA_RISK_TABLE: ReadonlyArray<readonly [number | null, number | null, number, number]> = [
  /* 0 */ [null, null, 1.7, 3.4],
  /* 1 */ [null, null, 1.9, 3.9],
  /* 2 */ [null, null, 2.2, 4.5],
  /* 3 */ [null, 1.1, 2.6, 5.2],
  /* 4 */ [null, 1.3, 3.0, 6.0],
  /* 5 */ [null, 1.4, 3.4, 6.9],
  /* 6 */ [null, 1.7, 3.9, 7.9],
  /* 7 */ [null, 1.9, 4.5, 9.1],
  /* 8 */ [1.1, 2.2, 5.2, 10.4],
  /* 9 */ [1.3, 2.6, 6.0, 11.9],
  /* 10 */ [1.4, 3.0, 6.9, 13.6],
  /* 11 */ [1.7, 3.4, 7.9, 15.5],
  /* 12 */ [1.9, 3.9, 9.1, 17.7],
  /* 13 */ [2.2, 4.5, 10.4, 20.2],
  /* 14 */ [2.6, 5.2, 11.9, 22.9],
  /* 15 */ [3.0, 6.0, 13.6, 25.9],
  /* 16 */ [3.4, 6.9, 15.5, 29.3],
  /* 17 */ [3.9, 7.9, 17.7, 33.0],
  /* 18 */ [4.5, 9.1, 20.2, 37.0],
  /* 19 */ [5.2, 10.4, 22.9, 41.1],
];

export interface TenYearRisk {
  /** The table's value in %; for "<1.0" the bound, 1.0, with `belowOne` true. */
  percent: number;
  belowOne: boolean;
}

export function tenYearRisk(points: number, band: AgeBand): TenYearRisk {
  const row = HISAYAMA_RISK_TABLE[points];
  if (!row) throw new RangeError(`points must be 0–${MAX_POINTS}`);
  const value = row[AGE_BANDS.indexOf(band)];
  return value === null || value === undefined ? { percent: 1.0, belowOne: true } : { percent: value, belowOne: false };
}

/** The guideline's categories of primary prevention, and secondary prevention. */
export type RiskCategory = 'low' | 'middle' | 'high' | 'secondary';

/** <2 %: low · 2 % to <10 %: middle · ≥10 %: high [JAS2022] 図3-3. */
export function categoryOf(risk: TenYearRisk): Exclude<RiskCategory, 'secondary'> {
  if (risk.belowOne || risk.percent < 2) return 'low';
  if (risk.percent < 10) return 'middle';
  return 'high';
}

export interface LipidTargets {
  /** LDL-C below this, mg/dL. */
  ldlBelow: number;
  /** non-HDL-C below this, mg/dL. */
  nonHdlBelow: number;
}

/**
 * 脂質管理目標値 [JAS2022] 表3-3: LDL-C / non-HDL-C for each category. For every category also TG
 * <150 mg/dL fasting (<175 random) and HDL-C ≥40 mg/dL (COMMON_LIPID_TARGETS).
 */
export const LIPID_TARGETS: Readonly<Record<RiskCategory, LipidTargets>> = {
  low: { ldlBelow: 160, nonHdlBelow: 190 },
  middle: { ldlBelow: 140, nonHdlBelow: 170 },
  high: { ldlBelow: 120, nonHdlBelow: 150 },
  secondary: { ldlBelow: 100, nonHdlBelow: 130 },
};

export const COMMON_LIPID_TARGETS = { triglyceridesFastingBelow: 150, triglyceridesRandomBelow: 175, hdlAtLeast: 40 } as const;

/**
 * Why no number: the first that applies, in this order (secondary prevention first: the score is
 * for people without atherosclerotic disease).
 */
export type OutOfRangeReason = 'coronaryDisease' | 'diabetes' | 'ckd' | 'pad' | 'nonCardiogenicStroke' | 'under40' | 'over79';

export type ForecastResult =
  | {
      kind: 'score';
      points: number;
      factors: FactorPoints[];
      ageBand: AgeBand;
      risk: TenYearRisk;
      category: Exclude<RiskCategory, 'secondary'>;
      targets: LipidTargets;
    }
  | {
      kind: 'outOfRange';
      reason: OutOfRangeReason;
      /**
       * The category that applies directly [JAS2022] 図3-3: coronary disease → secondary
       * prevention; diabetes, CKD, PAD, non-cardiogenic stroke → high risk. Under 40 and over 79:
       * none (the guideline gives no absolute risk for them).
       */
      category: RiskCategory | null;
      targets: LipidTargets | null;
    };

const CONDITION_ORDER: ReadonlyArray<Exclude<OutOfRangeReason, 'under40' | 'over79'>> = [
  'coronaryDisease',
  'diabetes',
  'ckd',
  'pad',
  'nonCardiogenicStroke',
];

/** The forecast of complete inputs: a number where the model gives one, otherwise why not. */
export function computeForecast(inputs: ForecastInputs): ForecastResult {
  for (const reason of CONDITION_ORDER) {
    if (inputs.conditions[reason]) {
      const category: RiskCategory = reason === 'coronaryDisease' ? 'secondary' : 'high';
      return { kind: 'outOfRange', reason, category, targets: LIPID_TARGETS[category] };
    }
  }
  const band = ageBand(inputs.age);
  if (!band) return { kind: 'outOfRange', reason: inputs.age < MIN_AGE ? 'under40' : 'over79', category: null, targets: null };
  const factors = hisayamaFactors(inputs);
  const points = factors.reduce((sum, factor) => sum + factor.points, 0);
  const risk = tenYearRisk(points, band);
  const category = categoryOf(risk);
  return { kind: 'score', points, factors, ageBand: band, risk, category, targets: LIPID_TARGETS[category] };
}

/**
 * Of 100 people like the member, how many are expected to have the event within 10 years, for
 * the icon array: "<1.0 %" draws none filled and says "1人未満"; otherwise rounded to whole people.
 */
export function peopleOfHundred(risk: TenYearRisk): number {
  return risk.belowOne ? 0 : Math.round(risk.percent);
}

// What a check-up's values mean for the model.
//
// Diabetes (糖尿病型) by the Japan Diabetes Society's criteria (糖尿病診療ガイドライン; the same
// thresholds as 特定健診's 受診勧奨 in /work/shared/reference/tokutei-kenshin-thresholds.md):
// HbA1c ≥6.5 % or fasting glucose ≥126 mg/dL, or medicine for diabetes.
//
// 耐糖能異常: [Honda2022] and [JAS2022] 図3-2 define it as 境界型 — fasting glucose 110–125 mg/dL
// or a 75 g OGTT 2-hour value 140–199 mg/dL ([REF]). A check-up measures no OGTT, and many measure
// HbA1c only; this product also counts HbA1c 6.0–6.4 % (JDS: 「糖尿病の可能性を否定できない」)
// as impaired. That HbA1c clause is OUR addition, not the guideline's: a member whose only sign is
// HbA1c 6.0–6.4 % gets 1 point that the paper's definition would not give, and the page lets the
// member turn it off.

export const DIABETES_HBA1C = 6.5;
export const DIABETES_FASTING_GLUCOSE = 126;
export const IMPAIRED_FASTING_GLUCOSE = 110;
export const IMPAIRED_HBA1C = 6.0;

export interface GlucoseValues {
  hba1c: number | null;
  fastingGlucose: number | null;
  onDiabetesMedication: boolean | null;
}

export function isDiabetes(values: GlucoseValues): boolean {
  return (
    values.onDiabetesMedication === true ||
    (values.hba1c !== null && values.hba1c >= DIABETES_HBA1C) ||
    (values.fastingGlucose !== null && values.fastingGlucose >= DIABETES_FASTING_GLUCOSE)
  );
}

/** Impaired, not diabetes; null when neither value was measured. */
export function isImpairedGlucose(values: GlucoseValues): boolean | null {
  if (values.hba1c === null && values.fastingGlucose === null) return null;
  if (isDiabetes(values)) return false;
  return (
    (values.fastingGlucose !== null && values.fastingGlucose >= IMPAIRED_FASTING_GLUCOSE) ||
    (values.hba1c !== null && values.hba1c >= IMPAIRED_HBA1C)
  );
}

/** CKD from a check-up's eGFR alone: G3a or worse (<60 mL/min/1.73m², KDIGO / 日本腎臓学会). */
export const CKD_EGFR_BELOW = 60;
export const isCkdByEgfr = (egfr: number | null): boolean | null => (egfr === null ? null : egfr < CKD_EGFR_BELOW);
